import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';

/** One step of taking a phone in (the check, the signature, the acceptance): a bordered section named by its title. */
export function StepBox({ title, done = false, children }: { title: string; done?: boolean; children: ReactNode }) {
  const id = useId();
  return (
    <Box
      component="section"
      aria-labelledby={id}
      sx={{ border: 1, borderColor: done ? 'success.light' : 'divider', borderRadius: 1, p: 2 }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        {done ? <CheckCircleIcon color="success" fontSize="small" aria-hidden /> : null}
        <Typography id={id} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
      </Stack>
      <Stack spacing={1.5}>{children}</Stack>
    </Box>
  );
}
