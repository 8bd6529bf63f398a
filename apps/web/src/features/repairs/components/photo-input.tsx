import AddAPhotoOutlinedIcon from '@mui/icons-material/AddAPhotoOutlined';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { photoToDataUrl } from '../../../lib/photos';
import { REPAIRS_TEXTS as T } from '../texts';

/**
 * The arrival photos: 'Adicionar fotos' opens the camera or the gallery (several at once), each shown small with an
 * × that removes it; at most `max`.
 */
export function PhotoInput({
  value,
  onChange,
  max,
  disabled,
}: {
  value: string[];
  onChange: (photos: string[]) => void;
  max: number;
  disabled?: boolean;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const add = async (files: FileList | null) => {
    if (!files) return;
    setProblem(null);
    try {
      const read = await Promise.all([...files].slice(0, max - value.length).map(photoToDataUrl));
      onChange([...value, ...read].slice(0, max));
    } catch {
      setProblem(T.photoFailed);
    }
  };
  return (
    <Box>
      <Typography variant="subtitle2" component="p" sx={{ mb: 1 }}>
        {T.photos} <span style={{ fontWeight: 400 }}>({T.photosCount(value.length, max)})</span>
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        {value.map((photo, index) => (
          <Box key={photo.slice(-40) + String(index)} sx={{ position: 'relative' }}>
            <img
              src={photo}
              alt={T.photoAlt(index + 1)}
              width={72}
              height={72}
              style={{ objectFit: 'cover', borderRadius: 6, display: 'block' }}
            />
            <IconButton
              size="small"
              aria-label={T.removePhoto(index + 1)}
              onClick={() => onChange(value.filter((_, i) => i !== index))}
              disabled={disabled}
              sx={{ position: 'absolute', top: -10, right: -10, bgcolor: 'background.paper', boxShadow: 1 }}
            >
              <CloseIcon fontSize="small" />
            </IconButton>
          </Box>
        ))}
        {value.length < max ? (
          <Button component="label" variant="outlined" startIcon={<AddAPhotoOutlinedIcon />} disabled={disabled}>
            {T.addPhoto}
            <input
              type="file"
              accept="image/*"
              multiple
              hidden
              onChange={(event) => {
                void add(event.target.files);
                event.target.value = '';
              }}
            />
          </Button>
        ) : null}
      </Box>
      {problem ? (
        <Typography variant="body2" color="error" role="alert" sx={{ mt: 1 }}>
          {problem}
        </Typography>
      ) : null}
    </Box>
  );
}
