import type { Product, ProductSource, StockEntryItem } from '@backoffice/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { parseDecimal, toField } from '../lib/pricing';
import { type StockEntryFormValues, stockEntryFormSchema } from '../schemas';
import { PRODUCTS_TEXTS } from '../texts';

const T = PRODUCTS_TEXTS.stockEntry;

interface Props {
  product: Product | null;
  sources: readonly ProductSource[];
  onClose: () => void;
  onSubmit: (entry: StockEntryItem) => Promise<void>;
}

/** 'Informar entrada do produto {name}': quantity in, purchase price and operation (section 2). */
export function StockEntryDialog({ product, sources, onClose, onSubmit }: Props) {
  const {
    control,
    register,
    handleSubmit,
    reset,
    formState: { errors, isValid, isSubmitting },
  } = useForm<StockEntryFormValues>({
    resolver: zodResolver(stockEntryFormSchema),
    mode: 'onTouched',
    defaultValues: { stock: '', cost: '', source: '' },
  });

  useEffect(() => {
    if (product) reset({ stock: '', cost: toField(product.cost), source: sources[0]?.key ?? '' });
  }, [product, sources, reset]);

  const submit = handleSubmit(async (values) => {
    if (!product) return;
    await onSubmit({
      productId: product.id,
      stock: Number(values.stock),
      cost: parseDecimal(values.cost),
      source: values.source,
    });
  });

  return (
    <Dialog open={product !== null} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="stock-entry-title">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="stock-entry-title">{product ? T.title(product.name) : ''}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={T.quantity}
              required
              type="number"
              autoFocus
              slotProps={{ htmlInput: { inputMode: 'numeric', min: 1, step: 1 } }}
              {...register('stock')}
              error={Boolean(errors.stock)}
              helperText={errors.stock?.message}
            />
            <TextField
              label={T.cost}
              required
              type="number"
              slotProps={{ htmlInput: { inputMode: 'decimal', min: 0, step: '0.01' } }}
              {...register('cost')}
              error={Boolean(errors.cost)}
              helperText={errors.cost?.message}
            />
            <Controller
              control={control}
              name="source"
              render={({ field }) => (
                <TextField
                  select
                  label={T.source}
                  required
                  name={field.name}
                  inputRef={field.ref}
                  value={field.value}
                  onChange={(event) => field.onChange(event.target.value)}
                  onBlur={field.onBlur}
                  error={Boolean(errors.source)}
                  helperText={errors.source?.message}
                >
                  {sources.map((source) => (
                    <MenuItem key={source.key} value={source.key}>
                      {source.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>{T.close}</Button>
          <Button type="submit" variant="contained" disabled={!isValid || isSubmitting} sx={{ minWidth: 96 }}>
            {isSubmitting ? <CircularProgress size={22} color="inherit" aria-label={T.submit} /> : T.submit}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
