import type { Product, ProductSource, StockEntryItem } from '@backoffice/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { FormDialog } from '../../../components/form/form-dialog';
import { FormMoneyField } from '../../../components/form/form-money-field';
import { FormSelectField } from '../../../components/form/form-select-field';
import { FormTextField } from '../../../components/form/form-text-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { parseDecimal, parseQuantity, toField } from '../lib/pricing';
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
    handleSubmit,
    reset,
    formState: { isValid, isSubmitting },
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
      stock: parseQuantity(values.stock),
      cost: parseDecimal(values.cost),
      source: values.source,
    });
  });

  return (
    <FormDialog
      open={product !== null}
      titleId="stock-entry-title"
      title={product ? T.title(product.name) : ''}
      maxWidth="xs"
      onClose={onClose}
      onSubmit={submit}
      closeText={T.close}
      actions={
        <SubmitButton spinner="replace" disabled={!isValid} busy={isSubmitting} sx={{ minWidth: 96 }}>
          {T.submit}
        </SubmitButton>
      }
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormTextField
          control={control}
          name="stock"
          label={T.quantity}
          required
          autoFocus
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          helperText={null}
        />
        <FormMoneyField control={control} name="cost" label={T.cost} required helperText={null} />
        <FormSelectField
          control={control}
          name="source"
          label={T.source}
          required
          options={sources.map((source) => ({ value: source.key, label: source.name }))}
          helperText={null}
        />
      </Stack>
    </FormDialog>
  );
}
