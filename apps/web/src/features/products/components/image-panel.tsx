import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import ClearAllIcon from '@mui/icons-material/ClearAll';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, useState } from 'react';
import { PRODUCTS_TEXTS } from '../texts';

const T = PRODUCTS_TEXTS.images;

export interface PanelImage {
  url: string;
  name: string;
}

interface Props {
  images: readonly PanelImage[];
  /** Files the person picked (images only). */
  onChoose: (files: File[]) => void;
  /** Clears the chosen images; left out when there is nothing the panel may clear. */
  onClear?: () => void;
  busy?: boolean;
}

/** 'IMAGENS DO PRODUTO': thumbnails with names, a picker for images, 'Limpar' and a preview dialog. */
export function ImagePanel({ images, onChoose, onClear, busy = false }: Props) {
  const [preview, setPreview] = useState<PanelImage | null>(null);

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (files.length) onChoose(files);
  };

  return (
    <Box
      component="section"
      aria-label={T.title}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, height: '100%' }}
    >
      <Typography variant="overline" component="h3" sx={{ fontWeight: 700, letterSpacing: 1 }}>
        {T.title}
      </Typography>
      {images.length === 0 ? (
        <Typography color="text.secondary" sx={{ my: 2 }}>
          {T.empty}
        </Typography>
      ) : (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, my: 1.5 }}>
          {images.map((image) => (
            <ButtonBase
              key={image.url}
              onClick={() => setPreview(image)}
              aria-label={image.name}
              sx={{
                flexDirection: 'column',
                width: 96,
                borderRadius: 1,
                border: 1,
                borderColor: 'divider',
                p: 0.5,
                '&:hover': { borderColor: 'primary.main' },
              }}
            >
              <Box
                component="img"
                src={image.url}
                alt={image.name}
                sx={{ width: 84, height: 84, objectFit: 'contain', display: 'block' }}
              />
              <Typography
                variant="caption"
                sx={{ maxWidth: 88, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                title={image.name}
              >
                {image.name}
              </Typography>
            </ButtonBase>
          ))}
        </Box>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Button
          component="label"
          variant="outlined"
          size="small"
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} /> : <AddPhotoAlternateOutlinedIcon />}
        >
          {T.choose}
          <input hidden type="file" accept="image/*" multiple onChange={pick} data-testid="product-image-input" />
        </Button>
        <Button
          size="small"
          color="inherit"
          startIcon={<ClearAllIcon />}
          disabled={!onClear || images.length === 0 || busy}
          onClick={onClear}
        >
          {T.clear}
        </Button>
      </Box>
      <Dialog open={preview !== null} onClose={() => setPreview(null)} aria-labelledby="image-preview-title">
        <DialogTitle id="image-preview-title">{T.previewTitle}</DialogTitle>
        <DialogContent sx={{ textAlign: 'center' }}>
          {preview ? (
            <>
              <Box
                component="img"
                src={preview.url}
                alt={preview.name}
                sx={{ maxWidth: '100%', width: 300, maxHeight: 300, objectFit: 'contain' }}
              />
              <Typography variant="body2" color="text.secondary">
                {preview.name}
              </Typography>
            </>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setPreview(null)}>{T.close}</Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
