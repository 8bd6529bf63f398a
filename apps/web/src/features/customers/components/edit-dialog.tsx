import type { Customer, CustomerLevelOption } from '@backoffice/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { type EditFormInput, type EditFormOutput, editFormSchema } from '../schemas';
import { CUSTOMERS_TEXTS } from '../texts';

const T = CUSTOMERS_TEXTS.edit;

export interface EditDialogProps {
  customer: Customer | null;
  levels: CustomerLevelOption[];
  onSubmit: (customer: Customer, values: EditFormOutput) => Promise<void>;
  onClose: () => void;
}

function defaults(customer: Customer | null): EditFormInput {
  return {
    approved: customer?.approved ?? false,
    level: customer ? String(customer.level) : '0',
    shippingCost: customer ? String(customer.shippingCost) : '',
    warrantyPercentage: customer ? String(customer.warrantyPercentage) : '0',
    fastDeliveryTax: customer ? String(customer.fastDeliveryTax) : '0',
  };
}

/** Edit: 'Aprovado', 'Nível', 'Frete', 'Garantia' (min 0), 'Taxa de entrega rápida'; 'Editar' and 'Fechar'. */
export function EditDialog({ customer, levels, onSubmit, onClose }: EditDialogProps) {
  const {
    control,
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<EditFormInput, unknown, EditFormOutput>({
    resolver: zodResolver(editFormSchema),
    mode: 'all',
    defaultValues: defaults(customer),
  });

  useEffect(() => {
    if (customer) reset(defaults(customer));
  }, [customer, reset]);

  if (!customer) return null;

  return (
    <Dialog open onClose={isSubmitting ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby="edit-title">
      <DialogTitle id="edit-title">{T.title(customer.name)}</DialogTitle>
      <DialogContent>
        <Stack
          component="form"
          id="edit-form"
          noValidate
          spacing={2}
          sx={{ pt: 1 }}
          onSubmit={handleSubmit((values) => onSubmit(customer, values))}
        >
          <Controller
            name="approved"
            control={control}
            render={({ field }) => (
              <FormControlLabel
                label={T.approved}
                control={
                  <Checkbox
                    checked={field.value}
                    onChange={(_, checked) => field.onChange(checked)}
                    onBlur={field.onBlur}
                  />
                }
              />
            )}
          />
          <Controller
            name="level"
            control={control}
            render={({ field }) => (
              <TextField
                select
                label={T.level}
                {...field}
                error={Boolean(errors.level)}
                helperText={errors.level?.message}
              >
                <MenuItem value="0">{T.noLevel}</MenuItem>
                {levels.map((level) => (
                  <MenuItem key={level.value} value={String(level.value)}>
                    {level.text}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <TextField
            label={T.shippingCost}
            type="number"
            required
            {...register('shippingCost')}
            error={Boolean(errors.shippingCost)}
            helperText={errors.shippingCost?.message}
            slotProps={{
              input: { startAdornment: <InputAdornment position="start">R$</InputAdornment> },
              htmlInput: { min: 0, step: 0.01 },
            }}
          />
          <TextField
            label={T.warranty}
            type="number"
            {...register('warrantyPercentage')}
            error={Boolean(errors.warrantyPercentage)}
            helperText={errors.warrantyPercentage?.message}
            slotProps={{
              input: { startAdornment: <InputAdornment position="start">%</InputAdornment> },
              htmlInput: { min: 0, max: 100, step: 0.5 },
            }}
          />
          <TextField
            label={T.fastDeliveryTax}
            type="number"
            {...register('fastDeliveryTax')}
            error={Boolean(errors.fastDeliveryTax)}
            helperText={errors.fastDeliveryTax?.message}
            slotProps={{
              input: { startAdornment: <InputAdornment position="start">R$</InputAdornment> },
              htmlInput: { min: 0, step: 0.01 },
            }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isSubmitting}>
          {CUSTOMERS_TEXTS.close}
        </Button>
        <Button
          type="submit"
          form="edit-form"
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
