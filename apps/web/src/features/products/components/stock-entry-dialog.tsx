import {
  averageCostCents,
  centsToReais,
  type ProductListItem,
  type ProductSource,
  parseBrazilianNumber,
  reaisToCents,
  type StockEntryItem,
} from '@backoffice/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { FormDialog } from '../../../components/form/form-dialog';
import { FormMoneyField } from '../../../components/form/form-money-field';
import { FormSelectField } from '../../../components/form/form-select-field';
import { FormTextField } from '../../../components/form/form-text-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { ImeiListField } from '../../../components/imei-list-field';
import { IMEI_LIST_TEXTS } from '../../../components/imei-list-texts';
import { formatMoney } from '../../../lib/format';
import { appendScannedCode as appendCode } from '../../../lib/imei-lines';
import { tierPrice, toField } from '../lib/pricing';
import { type StockEntryFormValues, stockEntryFormSchema } from '../schemas';
import { PRODUCTS_TEXTS } from '../texts';
import { useImeiList } from './use-imei-list';

const T = PRODUCTS_TEXTS.stockEntry;

/** The camera scanner, loaded when a serialized product's entry opens (not with the products page). */
const BarcodeScanner = lazy(() => import('../../../components/barcode-scanner'));

const cameraScanner = (append: (code: string) => boolean) => (
  <Suspense fallback={null}>
    <BarcodeScanner onDetected={append} />
  </Suspense>
);

interface Props {
  product: ProductListItem | null;
  sources: readonly ProductSource[];
  onClose: () => void;
  onSubmit: (entry: StockEntryItem) => Promise<void>;
  /** The server's refusal of the last submit (400, 409), shown in the dialog, which keeps what was typed. */
  error?: string | null;
  /** Beside the IMEI list: what adds scanned codes to it (default: the camera's 'Escanear' button). */
  scanner?: (append: (code: string) => boolean) => ReactNode;
}

/**
 * 'Informar entrada do produto {name}': quantity in, purchase price and operation (section 2). For a
 * product that controls IMEI the quantity is not typed: it is the count of the IMEIs listed (issue 17).
 */
export function StockEntryDialog({ product, sources, onClose, onSubmit, error, scanner = cameraScanner }: Props) {
  const serialized = product?.serialized === true;
  const [imeis, setImeis] = useState('');
  // the list as it is now, for codes scanned faster than React renders
  const imeisNow = useRef(imeis);
  imeisNow.current = imeis;
  const list = useImeiList(serialized ? imeis : '', product?.id);
  const {
    control,
    handleSubmit,
    reset,
    setValue,
    formState: { isValid, isSubmitting },
  } = useForm<StockEntryFormValues>({
    resolver: zodResolver(stockEntryFormSchema),
    mode: 'onTouched',
    defaultValues: { stock: '', cost: '', source: '' },
  });

  useEffect(() => {
    if (!product) return;
    reset({ stock: '', cost: toField(product.cost), source: sources[0]?.key ?? '' });
    setImeis('');
  }, [product, sources, reset]);

  // A serialized product's quantity is its good units (none: the entry cannot be sent).
  const unitCount = list.units.length;
  const [typedStock, typedCost] = useWatch({ control, name: ['stock', 'cost'] });
  useEffect(() => {
    if (serialized) setValue('stock', String(unitCount), { shouldValidate: true });
  }, [serialized, unitCount, setValue]);

  const submit = handleSubmit(async (values) => {
    if (!product) return;
    const entry: StockEntryItem = {
      productId: product.id,
      stock: serialized ? list.units.length : parseBrazilianNumber(values.stock),
      cost: parseBrazilianNumber(values.cost),
      source: values.source,
    };
    await onSubmit(serialized ? { ...entry, units: list.units } : entry);
  });

  /** A scanned code at the end of the list; false when the list already names it. */
  const append = (code: string) => {
    const next = appendCode(imeisNow.current, code);
    if (next === null) return false;
    imeisNow.current = next;
    setImeis(next);
    return true;
  };

  return (
    <FormDialog
      open={product !== null}
      titleId="stock-entry-title"
      title={product ? T.title(product.name) : ''}
      maxWidth={serialized ? 'sm' : 'xs'}
      onClose={onClose}
      onSubmit={submit}
      closeText={T.close}
      actions={
        <SubmitButton
          spinner="replace"
          disabled={!isValid || (serialized && list.problems > 0)}
          busy={isSubmitting}
          sx={{ minWidth: 96 }}
        >
          {T.submit}
        </SubmitButton>
      }
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {error && <Alert severity="error">{error}</Alert>}
        {serialized ? (
          <>
            <ImeiListField value={imeis} onChange={setImeis} list={list} autoFocus action={scanner(append)} />
            {list.problems > 0 && <Alert severity="warning">{IMEI_LIST_TEXTS.fixLines}</Alert>}
            <TextField
              label={T.quantity}
              value={String(unitCount)}
              helperText={T.unitsCount}
              slotProps={{ htmlInput: { readOnly: true } }}
            />
          </>
        ) : (
          <FormTextField
            control={control}
            name="stock"
            label={T.quantity}
            required
            autoFocus
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            helperText={null}
          />
        )}
        <FormMoneyField control={control} name="cost" label={T.cost} required helperText={T.costHelp} />
        {product && (
          <AverageCostPreview
            product={product}
            quantity={serialized ? unitCount : parseBrazilianNumber(typedStock)}
            cost={parseBrazilianNumber(typedCost)}
          />
        )}
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

/**
 * What the entry will do to the product before it is confirmed (issue 39, decision 0046): the cost becomes the
 * weighted average of the stock and the units arriving (the contract's `averageCostCents`, the server's rule),
 * and the level prices follow it (cost + each level's percentage, `tierPrice`). Nothing while the quantity or
 * the cost is not a valid one.
 */
function AverageCostPreview({ product, quantity, cost }: { product: ProductListItem; quantity: number; cost: number }) {
  if (!Number.isInteger(quantity) || quantity <= 0 || !Number.isFinite(cost) || cost <= 0) return null;
  const average = centsToReais(
    averageCostCents(product.stock, reaisToCents(product.cost), quantity, reaisToCents(cost)),
  );
  const { goldPercentage, silverPercentage, bronzePercentage } = product.discount;
  const levels = [
    [T.preview.gold, goldPercentage],
    [T.preview.silver, silverPercentage],
    [T.preview.bronze, bronzePercentage],
  ] as const;
  return (
    <Alert severity="info" icon={false} aria-label={T.preview.label} data-testid="average-cost-preview">
      <Typography variant="body2">
        {T.preview.average}: <strong style={{ whiteSpace: 'nowrap' }}>{formatMoney(average)}</strong>
      </Typography>
      <Typography variant="caption" component="p" color="text.secondary">
        {product.stock > 0
          ? T.preview.how(product.stock, formatMoney(product.cost), quantity, formatMoney(cost))
          : T.preview.noStock}
      </Typography>
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        {levels.map(([label, percentage], index) => (
          <span key={label}>
            {index > 0 && ' · '}
            {/* a level and its price never split across lines */}
            <span style={{ whiteSpace: 'nowrap' }}>
              {label} <strong>{formatMoney(tierPrice(average, percentage))}</strong>
            </span>
          </span>
        ))}
      </Typography>
    </Alert>
  );
}
