import { type CashRegister, cashRegisterCreateBodySchema } from '@backoffice/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { ProblemAlert } from '../../../components/form/dialog-problem';
import { FormDialog } from '../../../components/form/form-dialog';
import { FormTextField } from '../../../components/form/form-text-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { useCreateRegister, useUpdateRegister } from '../api/cash-api';
import { CASH_PAGE_TEXTS as T } from '../texts';

/** The form: the name as the server checks it, and whether the register is active (editing only). */
const formSchema = cashRegisterCreateBodySchema.extend({ active: z.boolean() });
type FormValues = z.input<typeof formSchema>;

/**
 * 'Novo caixa' and 'Editar caixa' (settings or 'Crédito e cobrança'): the register's name, unique (the server says
 * when it is taken), and, editing, 'Caixa ativo': a deactivated register is kept with its sessions but cannot be
 * opened; an open one is closed by its operator before it is deactivated (the switch says so).
 */
export function RegisterDialog({ register, onClose }: { register?: CashRegister; onClose: () => void }) {
  const [problem, setProblem] = useState<string | null>(null);
  const { control, handleSubmit } = useForm<FormValues, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    mode: 'onTouched',
    defaultValues: { name: register?.name ?? '', active: register?.active ?? true },
  });
  const create = useCreateRegister(onClose, setProblem);
  const update = useUpdateRegister(onClose, setProblem);
  const busy = create.isPending || update.isPending;
  const isOpen = register?.openSession != null;
  return (
    <FormDialog
      open
      titleId="cash-register-dialog-title"
      title={register ? T.editRegisterTitle(register.name) : T.newRegisterTitle}
      maxWidth="xs"
      onClose={busy ? () => undefined : onClose}
      onSubmit={handleSubmit(({ name, active }) => {
        if (register) update.mutate({ registerId: register.id, name, active });
        else create.mutate({ name });
      })}
      closeText={T.cancel}
      actions={<SubmitButton busy={busy}>{register ? T.save : T.create}</SubmitButton>}
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
      {register ? (
        <Controller
          control={control}
          name="active"
          render={({ field }) => (
            <>
              <FormControlLabel
                sx={{ mt: 1 }}
                control={
                  <Switch
                    checked={field.value}
                    disabled={busy || (isOpen && field.value)}
                    onChange={(event) => field.onChange(event.target.checked)}
                    slotProps={{ input: { 'aria-describedby': 'cash-register-active-help' } }}
                  />
                }
                label={T.active}
              />
              <FormHelperText id="cash-register-active-help" sx={{ mx: 0 }}>
                {isOpen && field.value ? T.activeOpenHelp : T.activeHelp}
              </FormHelperText>
            </>
          )}
        />
      ) : null}
      <ProblemAlert problem={problem} />
    </FormDialog>
  );
}
