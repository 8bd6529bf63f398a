import { cashSettingsSchema } from '@backoffice/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ProblemAlert } from '../../../components/form/dialog-problem';
import { FormDialog } from '../../../components/form/form-dialog';
import { FormMoneyField } from '../../../components/form/form-money-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { useSetTolerance } from '../api/cash-api';
import { CASH_PAGE_TEXTS as T } from '../texts';

type FormValues = { tolerance: number | null };

/** 'Tolerância de diferença' (settings or 'Crédito e cobrança'): R$ 0,00 to R$ 1.000,00. */
export function ToleranceDialog({ tolerance, onClose }: { tolerance: number; onClose: () => void }) {
  const [problem, setProblem] = useState<string | null>(null);
  const { control, handleSubmit } = useForm<FormValues, unknown, z.output<typeof cashSettingsSchema>>({
    resolver: zodResolver(cashSettingsSchema) as never,
    mode: 'onTouched',
    defaultValues: { tolerance },
  });
  const save = useSetTolerance(onClose, setProblem);
  const busy = save.isPending;
  return (
    <FormDialog
      open
      titleId="cash-tolerance-title"
      title={T.toleranceTitle}
      maxWidth="xs"
      onClose={busy ? () => undefined : onClose}
      onSubmit={handleSubmit((values) => {
        setProblem(null);
        save.mutate(values);
      })}
      closeText={T.cancel}
      actions={<SubmitButton busy={busy}>{T.save}</SubmitButton>}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {T.toleranceText}
      </Typography>
      <FormMoneyField
        control={control}
        name="tolerance"
        label={T.toleranceLabel}
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
