import { TRADE_IN_LIMITS } from '@backoffice/contract';
import AddAPhotoOutlinedIcon from '@mui/icons-material/AddAPhotoOutlined';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import { type ChangeEvent, useRef, useState } from 'react';
import { pictureOf } from '../lib/pictures';
import { TRADE_INS_TEXTS as T } from '../texts';
import { Section } from './trade-in-fields';

/** The phone's photos (up to 6), read from the camera or files; a file that is no picture, or one too many, is said. */
export function useTradeInPhotos() {
  const [photos, setPhotos] = useState<Array<{ id: number; url: string }>>([]);
  const [reading, setReading] = useState(false);
  const [photoProblem, setPhotoProblem] = useState<string | null>(null);
  const nextPhoto = useRef(1);

  const addPhotos = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    setPhotoProblem(null);
    setReading(true);
    try {
      const room = TRADE_IN_LIMITS.maxPhotos - photos.length;
      if (files.length > room) setPhotoProblem(T.photosLimit(TRADE_IN_LIMITS.maxPhotos));
      const read: Array<{ id: number; url: string }> = [];
      for (const file of files.slice(0, Math.max(0, room))) {
        const url = await pictureOf(file);
        if (url === null) setPhotoProblem(T.notAnImage);
        else read.push({ id: nextPhoto.current++, url });
      }
      setPhotos((current) => [...current, ...read].slice(0, TRADE_IN_LIMITS.maxPhotos));
    } finally {
      setReading(false);
    }
  };

  return { photos, setPhotos, reading, photoProblem, addPhotos };
}

/** 'Fotos': the photos taken, each with its 'Remover', and the button that takes (or picks) more. */
export function PhotosField({ busy, state }: { busy: boolean; state: ReturnType<typeof useTradeInPhotos> }) {
  const { photos, setPhotos, reading, photoProblem, addPhotos } = state;
  const full = photos.length >= TRADE_IN_LIMITS.maxPhotos;
  return (
    <Section title={T.photosSection}>
      {photos.length ? (
        <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(88px, 1fr))', mb: 1 }}>
          {photos.map((photo, index) => (
            <Box key={photo.id} sx={{ position: 'relative' }}>
              <Box
                component="img"
                src={photo.url}
                alt={T.photo(index + 1)}
                sx={{ width: '100%', aspectRatio: '1', objectFit: 'cover', borderRadius: 1, display: 'block' }}
              />
              <IconButton
                aria-label={T.removePhoto(index + 1)}
                onClick={() => setPhotos((current) => current.filter((p) => p.id !== photo.id))}
                disabled={busy}
                size="small"
                sx={{
                  position: 'absolute',
                  top: 2,
                  right: 2,
                  bgcolor: 'rgba(15,23,42,0.75)',
                  color: '#fff',
                  '&:hover': { bgcolor: 'rgba(15,23,42,0.9)' },
                }}
              >
                <CloseIcon fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Box>
      ) : null}
      <Button
        component="label"
        variant="outlined"
        startIcon={<AddAPhotoOutlinedIcon />}
        disabled={busy || reading || full}
        sx={{ minHeight: 44 }}
      >
        {reading ? T.reading : photos.length ? T.morePhotos : T.takePhoto}
        <input
          type="file"
          accept="image/*"
          capture="environment"
          multiple
          hidden
          data-testid="trade-in-photos"
          onChange={(event) => void addPhotos(event)}
        />
      </Button>
      <FormHelperText>{photoProblem ?? T.photosLimit(TRADE_IN_LIMITS.maxPhotos)}</FormHelperText>
    </Section>
  );
}
