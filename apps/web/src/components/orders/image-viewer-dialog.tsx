import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { ORDER_TEXTS } from './texts';

const T = ORDER_TEXTS.viewer;

export interface ViewerImage {
  url: string;
  /** Names the picture for screen readers (its alt text); the title and position otherwise. */
  name?: string;
}

interface Props {
  open: boolean;
  title: string;
  images: readonly ViewerImage[];
  /** Shown when there is no picture (e.g. 'Não foi registrada nenhuma assinatura para o pedido.'). */
  emptyText: string;
  onClose: () => void;
}

/**
 * A picture viewer (receipt, signature, packaging images): one picture, or several with 'Anterior' /
 * 'Próxima', the arrow keys and 'n de total'; the empty text when there is none; 'Fechar' and Escape.
 */
export function ImageViewerDialog({ open, title, images, emptyText, onClose }: Props) {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (open) setIndex(0);
  }, [open]);
  const total = images.length;
  const current = images[Math.min(index, total - 1)];
  const several = total > 1;
  const go = (step: number) => setIndex((i) => Math.min(Math.max(i + step, 0), total - 1));

  const onKeyDown = (event: KeyboardEvent) => {
    if (!several) return;
    if (event.key === 'ArrowLeft') go(-1);
    else if (event.key === 'ArrowRight') go(1);
    else return;
    event.preventDefault();
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="image-viewer-title"
      onKeyDown={onKeyDown}
    >
      <DialogTitle id="image-viewer-title">{title}</DialogTitle>
      <DialogContent dividers tabIndex={0}>
        {current ? (
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1 }}>
            <Box
              component="img"
              src={current.url}
              alt={current.name ?? `${title} ${T.position(index + 1, total)}`}
              sx={{ maxWidth: '100%', maxHeight: '60vh', objectFit: 'contain', borderRadius: 1 }}
            />
            {several ? (
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <IconButton aria-label={T.previous} onClick={() => go(-1)} disabled={index === 0}>
                  <ChevronLeftIcon />
                </IconButton>
                <Typography role="status" aria-live="polite" variant="body2" sx={{ minWidth: 64, textAlign: 'center' }}>
                  {T.position(index + 1, total)}
                </Typography>
                <IconButton aria-label={T.next} onClick={() => go(1)} disabled={index >= total - 1}>
                  <ChevronRightIcon />
                </IconButton>
              </Box>
            ) : null}
          </Box>
        ) : (
          <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
            {emptyText}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{ORDER_TEXTS.close}</Button>
      </DialogActions>
    </Dialog>
  );
}
