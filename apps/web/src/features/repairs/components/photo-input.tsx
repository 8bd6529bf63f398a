import AddAPhotoOutlinedIcon from '@mui/icons-material/AddAPhotoOutlined';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { REPAIRS_TEXTS as T } from '../texts';

/** The longest side a photo is sent with (a phone shoots 4000 px; the server keeps less). */
const PHOTO_MAX_SIDE = 1600;

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });
}

/** A photo as a JPEG data URL of at most PHOTO_MAX_SIDE px when the browser can decode it, else the file as it is. */
async function photoDataUrl(file: File): Promise<string> {
  try {
    if (typeof createImageBitmap === 'function') {
      const bitmap = await createImageBitmap(file);
      const scale = Math.min(1, PHOTO_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
      const canvas = document.createElement('canvas');
      canvas.width = Math.max(1, Math.round(bitmap.width * scale));
      canvas.height = Math.max(1, Math.round(bitmap.height * scale));
      const ctx = canvas.getContext('2d');
      if (ctx) {
        ctx.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
        bitmap.close();
        return canvas.toDataURL('image/jpeg', 0.85);
      }
      bitmap.close();
    }
  } catch {
    // not decodable here (HEIC on some phones): the file as it is, the server decides
  }
  return readAsDataUrl(file);
}

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
      const read = await Promise.all([...files].slice(0, max - value.length).map(photoDataUrl));
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
