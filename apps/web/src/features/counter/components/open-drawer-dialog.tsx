import { type CashRegister, typedReaisToCents } from '@backoffice/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useOpenDrawer } from '../api/counter-api';
import { COUNTER_SCREEN_TEXTS as T } from '../texts';

/** 'Abrir caixa' from the counter: one of the closed registers, with its float. */
export function OpenDrawerDialog({ registers, onClose }: { registers: readonly CashRegister[]; onClose: () => void }) {
  const closed = registers.filter((register) => register.active && !register.openSession);
  const [registerId, setRegisterId] = useState<number | ''>(closed[0]?.id ?? '');
  const [float, setFloat] = useState('0,00');
  const open = useOpenDrawer(onClose);
  const floatCents = typedReaisToCents(float);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{T.openDrawerTitle}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            label={T.register}
            value={registerId}
            onChange={(event) => setRegisterId(Number(event.target.value))}
          >
            {closed.map((register) => (
              <MenuItem key={register.id} value={register.id}>
                {register.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={T.float}
            value={float}
            error={floatCents === null}
            onChange={(event) => setFloat(event.target.value)}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{T.cancel}</Button>
        <Button
          variant="contained"
          disabled={registerId === '' || floatCents === null || open.isPending}
          onClick={() => registerId !== '' && open.mutate({ registerId, float: (floatCents ?? 0) / 100 })}
        >
          {T.open}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The seller's drawer beside the payments: its name when open, else (cash taken) the warning with 'Abrir caixa'. */
export function DrawerState({
  name,
  needsDrawer,
  onOpen,
}: {
  name: string | null;
  needsDrawer: boolean;
  onOpen: () => void;
}) {
  if (name !== null) {
    return (
      <Typography variant="body2" color="text.secondary">
        {T.drawerOpen(name)}
      </Typography>
    );
  }
  if (!needsDrawer) return null;
  return (
    <Alert
      severity="warning"
      action={
        <Button color="inherit" size="small" onClick={onOpen}>
          {T.openDrawer}
        </Button>
      }
    >
      {T.drawerClosed}
    </Alert>
  );
}
