import { type CashRegister, cashOpenBodySchema } from '@backoffice/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ProblemAlert } from '../../../components/form/dialog-problem';
import { FormDialog } from '../../../components/form/form-dialog';
import { FormMoneyField } from '../../../components/form/form-money-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { useOpenRegister } from '../api/cash-api';
import { CASH_PAGE_TEXTS as T } from '../texts';

type FormValues = { float: number | null };
type FormOutput = z.output<typeof cashOpenBodySchema>;

/** 'Abrir caixa': the float counted into the drawer (troco inicial, R$ 0,00 until typed), checked as the server does. */
export function OpenDialog({ register, onClose }: { register: CashRegister; onClose: () => void }) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [problem, setProblem] = useState<string | null>(null);
  const { control, handleSubmit } = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(cashOpenBodySchema) as never,
    mode: 'onTouched',
    defaultValues: { float: 0 },
  });
  const open = useOpenRegister(onClose, setProblem);
  const busy = open.isPending;
  return (
    <FormDialog
      open
      titleId="cash-open-title"
      title={T.openTitle(register.name)}
      maxWidth="xs"
      fullScreen={phone}
      onClose={busy ? () => undefined : onClose}
      onSubmit={handleSubmit((values) => {
        setProblem(null);
        open.mutate({ registerId: register.id, float: values.float });
      })}
      closeText={T.cancel}
      actions={<SubmitButton busy={busy}>{T.confirmOpen}</SubmitButton>}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {T.openText}
      </Typography>
      <FormMoneyField
        control={control}
        name="float"
        label={T.float}
        valueAs="number"
        required
        fullWidth
        autoFocus
        disabled={busy}
      />
      <ProblemAlert problem={problem} />
    </FormDialog>
  );
}
