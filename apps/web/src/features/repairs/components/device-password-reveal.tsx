import VisibilityOffOutlinedIcon from '@mui/icons-material/VisibilityOffOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { refusalMessage } from '../../../lib/api-client';
import { fetchRepairDevicePassword } from '../api/repairs-api';
import { REPAIRS_TEXTS as T } from '../texts';

/**
 * 'Mostrar senha' beside 'guardada em sigilo' (issue 54 item 5): asks the server for the password the customer left
 * (each reading audited there, as the helper text says) and shows it in monospace; 'Ocultar senha' hides it again,
 * and it is forgotten when the dialog closes (kept in this component's state only, never in the query cache).
 */
export function DevicePasswordReveal({ repairId }: { repairId: number }) {
  const [password, setPassword] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reveal = async () => {
    setBusy(true);
    setError(null);
    try {
      setPassword(await fetchRepairDevicePassword(repairId));
    } catch (failure) {
      setError(refusalMessage(failure, T.passwordFailed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start', py: 0.5 }}>
      {password === null ? (
        <Button
          size="small"
          variant="outlined"
          startIcon={<VisibilityOutlinedIcon />}
          onClick={() => void reveal()}
          disabled={busy}
        >
          {T.revealPassword}
        </Button>
      ) : (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <Typography variant="body2">{`${T.revealedPassword}:`}</Typography>
          <Box
            component="code"
            data-testid="device-password"
            sx={{
              fontFamily: 'monospace',
              fontSize: '1rem',
              px: 1,
              py: 0.25,
              borderRadius: 1,
              bgcolor: 'action.hover',
            }}
          >
            {password}
          </Box>
          <Button
            size="small"
            variant="text"
            startIcon={<VisibilityOffOutlinedIcon />}
            onClick={() => setPassword(null)}
          >
            {T.concealPassword}
          </Button>
        </Stack>
      )}
      <Typography variant="caption" color="text.secondary">
        {T.passwordAudited}
      </Typography>
      {error ? (
        <Alert severity="error" sx={{ py: 0 }}>
          {error}
        </Alert>
      ) : null}
    </Stack>
  );
}
