import { cashRegisterCreateBodySchema } from '@backoffice/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ProblemAlert } from '../../../components/form/dialog-problem';
import { FormDialog } from '../../../components/form/form-dialog';
import { FormTextField } from '../../../components/form/form-text-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { useCreateRegister } from '../api/cash-api';
import { CASH_PAGE_TEXTS as T } from '../texts';

type FormValues = z.input<typeof cashRegisterCreateBodySchema>;

/** 'Novo caixa' (settings or 'Crédito e cobrança'): its name, unique (the server says when it is taken). */
export function NewRegisterDialog({ onClose }: { onClose: () => void }) {
  const [problem, setProblem] = useState<string | null>(null);
  const { control, handleSubmit } = useForm<FormValues, unknown, z.output<typeof cashRegisterCreateBodySchema>>({
    resolver: zodResolver(cashRegisterCreateBodySchema),
    mode: 'onTouched',
    defaultValues: { name: '' },
  });
  const create = useCreateRegister(onClose, setProblem);
  const busy = create.isPending;
  return (
    <FormDialog
      open
      titleId="cash-new-register-title"
      title={T.newRegisterTitle}
      maxWidth="xs"
      onClose={busy ? () => undefined : onClose}
      onSubmit={handleSubmit((values) => {
        setProblem(null);
        create.mutate(values);
      })}
      closeText={T.cancel}
      actions={<SubmitButton busy={busy}>{T.create}</SubmitButton>}
    >
      <FormTextField
        control={control}
        name="name"
        label={T.name}
        helperText={T.nameHelp}
        required
        fullWidth
        autoFocus
        disabled={busy}
        sx={{ mt: 1 }}
        slotProps={{ htmlInput: { maxLength: 60 } }}
      />
      <ProblemAlert problem={problem} />
    </FormDialog>
  );
}
