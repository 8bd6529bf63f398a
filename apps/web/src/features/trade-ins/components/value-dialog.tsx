import { TRADE_IN_TEXTS, type TradeIn, tradeInValueBodySchema } from '@backoffice/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormMoneyField } from '../../../components/form/form-money-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { WriteFormDialog } from '../../../components/form/write-form-dialog';
import { formatMoney } from '../../../lib/format';
import { useSetValue } from '../api/trade-ins-api';
import { TRADE_INS_TEXTS as T } from '../texts';

const formSchema = z.object({ value: tradeInValueBodySchema.shape.value.nullable() }).refine((v) => v.value !== null, {
  path: ['value'],
  message: TRADE_IN_TEXTS.valueInvalid,
});
type Values = z.infer<typeof formSchema>;

/**
 * 'Alterar valor': the value agreed, typed 1.234,56 (the offer said above it). Anyone who takes phones in may lower
 * it; above the offer the server answers 403 for whoever is not a manager, and its message is said here.
 */
export function ValueDialog({ tradeIn, onClose }: { tradeIn: TradeIn; onClose: () => void }) {
  const [problem, setProblem] = useState<string | null>(null);
  const { control, handleSubmit } = useForm<Values>({
    resolver: zodResolver(formSchema),
    mode: 'onTouched',
    defaultValues: { value: tradeIn.value ?? tradeIn.offer },
  });
  const save = useSetValue(tradeIn.id, onClose, setProblem);
  const submit = handleSubmit((values) => {
    setProblem(null);
    if (values.value !== null) save.mutate(values.value);
  });
  return (
    <WriteFormDialog
      titleId="trade-in-value-title"
      title={T.valueTitle}
      maxWidth="xs"
      busy={save.isPending}
      onClose={onClose}
      onSubmit={submit}
      closeText={T.close}
      problem={problem}
      phoneFullScreen={false}
      actions={<SubmitButton busy={save.isPending}>{T.saveValue}</SubmitButton>}
    >
      <Typography variant="body2" sx={{ mb: 2 }}>
        {tradeIn.offer === null ? T.valueHelpNoOffer : `${T.offer}: ${formatMoney(tradeIn.offer)}`}
      </Typography>
      <FormMoneyField
        control={control}
        name="value"
        label={T.valueField}
        valueAs="number"
        required
        autoFocus
        disabled={save.isPending}
        fullWidth
      />
    </WriteFormDialog>
  );
}
