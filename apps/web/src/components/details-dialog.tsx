import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactNode } from 'react';

/**
 * A record's details read from the server (a bill, an instalment): its title, a spinner named by the title until
 * the `record` is read, then what `children` draws of it, one part under the other; at the bottom, the close button and the record's main `action` (e.g.
 * 'Pagar') at the right, other buttons (`sideActions`, e.g. 'Cancelar conta') at the left. Full screen on a phone.
 * The dialogs it opens (`nested`: paying, undoing…) are drawn inside it, over it.
 */
export function DetailsDialog<D>({
  titleId,
  title,
  record,
  onClose,
  closeText,
  action,
  sideActions,
  nested,
  children,
}: {
  /** The title's element id (the dialog is labelled by it). */
  titleId: string;
  title: string;
  /** The record; undefined while it is being read. */
  record: D | undefined;
  onClose: () => void;
  closeText: string;
  /** The main button, contained; null or left out: none (e.g. nothing left to pay). */
  action?: { text: string; onClick: () => void } | null;
  sideActions?: ReactNode;
  nested?: ReactNode;
  children: (record: D) => ReactNode;
}) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={phone} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {record === undefined ? <CircularProgress aria-label={title} /> : <Stack spacing={2}>{children(record)}</Stack>}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', rowGap: 1 }}>
        {sideActions}
        <Box sx={{ flex: 1 }} />
        <Button onClick={onClose}>{closeText}</Button>
        {action ? (
          <Button variant="contained" onClick={action.onClick}>
            {action.text}
          </Button>
        ) : null}
      </DialogActions>
      {nested}
    </Dialog>
  );
}

/** One of a record's figures: its label, small, over its value, large (e.g. 'Em aberto' over 'R$ 150,00'). */
export function DetailsFigure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h6" component="p">
        {value}
      </Typography>
    </div>
  );
}
