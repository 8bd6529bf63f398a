import type { Customer, Deliverer } from '@backoffice/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { type AssociateFormInput, type AssociateFormOutput, associateFormSchema } from '../schemas';
import { CUSTOMERS_TEXTS } from '../texts';

const T = CUSTOMERS_TEXTS.associate;

export interface AssociateDialogProps {
  customer: Customer | null;
  deliverers: Deliverer[];
  loading?: boolean;
  onSubmit: (customer: Customer, delivererId: number) => Promise<void>;
  onClose: () => void;
}

/** 'Cliente: {name}': select 'Motoboy' (the deliverers, by name), 'Associar' and 'Fechar'. */
export function AssociateDialog({ customer, deliverers, loading, onSubmit, onClose }: AssociateDialogProps) {
  const {
    control,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<AssociateFormInput, unknown, AssociateFormOutput>({
    resolver: zodResolver(associateFormSchema),
    mode: 'onTouched',
    defaultValues: { delivererId: '' },
  });

  const current = customer?.deliverer?.id;
  const known = deliverers.some((d) => d.id === current);
  useEffect(() => {
    if (customer) reset({ delivererId: current && known ? String(current) : '' });
  }, [customer, current, known, reset]);

  if (!customer) return null;
  const sorted = [...deliverers].sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));

  return (
    <Dialog open onClose={isSubmitting ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby="associate-title">
      <DialogTitle id="associate-title">{T.title(customer.name)}</DialogTitle>
      <DialogContent>
        <form
          id="associate-form"
          noValidate
          onSubmit={handleSubmit((values) => onSubmit(customer, values.delivererId))}
          style={{ paddingTop: 8 }}
        >
          <Controller
            name="delivererId"
            control={control}
            render={({ field }) => (
              <TextField
                select
                label={T.deliverer}
                required
                {...field}
                error={Boolean(errors.delivererId)}
                helperText={
                  errors.delivererId?.message ?? (!loading && sorted.length === 0 ? T.noDeliverers : undefined)
                }
              >
                {sorted.map((deliverer) => (
                  <MenuItem key={deliverer.id} value={String(deliverer.id)}>
                    {deliverer.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </form>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isSubmitting}>
          {CUSTOMERS_TEXTS.close}
        </Button>
        <Button
          type="submit"
          form="associate-form"
          variant="contained"
          disabled={isSubmitting}
          startIcon={isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {T.submit}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
