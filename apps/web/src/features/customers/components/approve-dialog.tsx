import type { Customer, CustomerLevelOption } from '@backoffice/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { type ApproveFormInput, type ApproveFormOutput, approveFormSchema } from '../schemas';
import { CUSTOMERS_TEXTS } from '../texts';

const T = CUSTOMERS_TEXTS.approve;

export interface ApproveDialogProps {
  customer: Customer | null;
  levels: CustomerLevelOption[];
  /** False for a customer already reproved: only 'Aprovar' is offered. */
  allowReprove?: boolean;
  onApprove: (customer: Customer, values: ApproveFormOutput) => Promise<void>;
  onReprove: (customer: Customer) => Promise<void>;
  onClose: () => void;
}

function defaults(customer: Customer | null): ApproveFormInput {
  return {
    level: customer && customer.level > 0 ? String(customer.level) : '',
    shippingCost: customer && customer.shippingCost > 0 ? String(customer.shippingCost) : '',
    warrantyPercentage: customer ? String(customer.warrantyPercentage) : '0',
  };
}

/** 'Aprovar ou Reprovar: {name}': Nível, Frete (R$), Garantia (%, 0 to 100). Aprovar is disabled while invalid. */
export function ApproveDialog({
  customer,
  levels,
  allowReprove = true,
  onApprove,
  onReprove,
  onClose,
}: ApproveDialogProps) {
  const [busy, setBusy] = useState<'approve' | 'reprove' | null>(null);
  const {
    control,
    register,
    handleSubmit,
    reset,
    formState: { errors, isValid },
  } = useForm<ApproveFormInput, unknown, ApproveFormOutput>({
    resolver: zodResolver(approveFormSchema),
    mode: 'all',
    defaultValues: defaults(customer),
  });

  useEffect(() => {
    if (customer) reset(defaults(customer));
  }, [customer, reset]);

  if (!customer) return null;

  const approve = handleSubmit(async (values) => {
    setBusy('approve');
    try {
      await onApprove(customer, values);
    } finally {
      setBusy(null);
    }
  });
  const reprove = async () => {
    setBusy('reprove');
    try {
      await onReprove(customer);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby="approve-title">
      <DialogTitle id="approve-title">{T.title(customer.name)}</DialogTitle>
      <DialogContent>
        <Stack component="form" id="approve-form" noValidate spacing={2} sx={{ pt: 1 }} onSubmit={approve}>
          <Controller
            name="level"
            control={control}
            render={({ field }) => (
              <TextField
                select
                label={T.level}
                required
                {...field}
                error={Boolean(errors.level)}
                helperText={errors.level?.message}
              >
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
        </Stack>
      </DialogContent>
      <DialogActions>
        {allowReprove ? (
          <Button
            color="error"
            onClick={reprove}
            disabled={busy !== null}
            startIcon={busy === 'reprove' ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {T.reprove}
          </Button>
        ) : (
          <Button onClick={onClose} disabled={busy !== null}>
            {CUSTOMERS_TEXTS.close}
          </Button>
        )}
        <Button
          type="submit"
          form="approve-form"
          variant="contained"
          disabled={!isValid || busy !== null}
          startIcon={busy === 'approve' ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {T.approve}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
