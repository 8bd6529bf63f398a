import type { Customer } from '@backoffice/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { DialogProblem } from '../../../components/form/dialog-problem';
import { FormTextField } from '../../../components/form/form-text-field';
import { type BlockFormInput, type BlockFormOutput, blockFormSchema } from '../schemas';
import { CUSTOMERS_TEXTS } from '../texts';

const T = CUSTOMERS_TEXTS.block;

export interface BlockDialogProps {
  customer: Customer | null;
  /**
   * Called with the reason; the page blocks and closes the dialog on success only: without an answer (or with
   * a server error) the dialog stays with the reason typed, for 'Confirmar' to send it again (decision 0004).
   */
  onConfirm: (customer: Customer, note: string) => Promise<void>;
  onClose: () => void;
}

/** 'Informe o motivo do bloqueio': multiline 'Motivo' (4 to 8 rows), 'Confirmar' and 'Cancelar'. */
export function BlockDialog({ customer, onConfirm, onClose }: BlockDialogProps) {
  const {
    control,
    handleSubmit,
    reset,
    formState: { isSubmitting },
  } = useForm<BlockFormInput, unknown, BlockFormOutput>({
    resolver: zodResolver(blockFormSchema),
    mode: 'onTouched',
    defaultValues: { note: '' },
  });

  useEffect(() => {
    if (customer) reset({ note: '' });
  }, [customer, reset]);

  if (!customer) return null;

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="block-title">
      <DialogTitle id="block-title">{T.title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{customer.name}</DialogContentText>
        <form id="block-form" noValidate onSubmit={handleSubmit((values) => onConfirm(customer, values.note))}>
          <FormTextField
            control={control}
            name="note"
            label={T.reason}
            multiline
            minRows={4}
            maxRows={8}
            autoFocus
            required
            helperText={null}
          />
        </form>
        <DialogProblem />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{T.cancel}</Button>
        <Button type="submit" form="block-form" variant="contained" color="error" disabled={isSubmitting}>
          {T.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
