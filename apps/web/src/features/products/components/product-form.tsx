import {
  type Brand,
  PRODUCT_LIMITS,
  type Product,
  type ProductCreateInput,
  parseBrazilianNumber,
} from '@backoffice/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormTextField } from '../../../components/form/form-text-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { ImeiListField } from '../../../components/imei-list-field';
import { useNotify } from '../../../components/notifier';
import type { PreparedImage } from '../lib/image-resize';
import { tierPercentage, tierPrice, toField, toPercentField } from '../lib/pricing';
import { emptyProductForm, formToBody, type ProductFormValues, productFormSchema, productToForm } from '../schemas';
import { PRODUCTS_TEXTS } from '../texts';
import { ImagePanel } from './image-panel';
import {
  BrandReferenceFields,
  FiscalFields,
  HALF,
  PriceFields,
  SerializedSwitch,
  TagsField,
  TIERS,
  type Tier,
  UsedFields,
} from './product-form-fields';
import { useImeiList } from './use-imei-list';

const T = PRODUCTS_TEXTS.form;
const F = T.fields;

export type ProductBody = Omit<ProductCreateInput, 'images'>;

interface Props {
  mode: 'create' | 'edit';
  /** The product being edited (edit mode). */
  product?: Product;
  brands: readonly Brand[];
  /** Creates or saves; resolves when done (the page shows the toast and closes or reloads). */
  onSubmit: (body: ProductBody, images: string[]) => Promise<void>;
  onClose: () => void;
  /** Resolve true when created. */
  onCreateBrand: (name: string) => Promise<boolean>;
  onCreateReference: (brand: string, reference: string) => Promise<boolean>;
  /** Edit mode: uploads one picture at once (section 4). */
  onUploadImage?: (image: PreparedImage) => Promise<void>;
  /** Turns a picked file into a 300×300 JPEG (injected by tests). */
  prepareImage: (file: File) => Promise<PreparedImage>;
}

/** 'Cadastrar Produto' and 'Editar Produto' (sections 2, 4 and 5). */
export function ProductForm(props: Props) {
  const { mode, product, brands, onSubmit, onClose, onCreateBrand, onCreateReference, onUploadImage } = props;
  const notify = useNotify();
  const editing = mode === 'edit';
  const [pending, setPending] = useState<PreparedImage[]>([]);
  const [uploading, setUploading] = useState(false);

  const {
    control,
    register,
    handleSubmit,
    setValue,
    getValues,
    watch,
    formState: { isValid, isSubmitting },
  } = useForm<ProductFormValues>({
    resolver: zodResolver(productFormSchema),
    mode: 'onTouched',
    defaultValues: product ? productToForm(product) : emptyProductForm,
  });

  const brand = watch('brand');
  const serialized = watch('serialized');
  const used = watch('used');
  // A serialized product created with stock: its units, one IMEI a line; the stock is their count.
  const [imeis, setImeis] = useState('');
  const takesUnits = serialized && !editing;
  const units = useImeiList(takesUnits ? imeis : '');
  // The switch changes only while the stock is zero (the server refuses it otherwise).
  const switchLocked = editing && (product?.stock ?? 0) !== 0;
  const references = useMemo(() => brands.find((b) => b.name === brand)?.references ?? [], [brands, brand]);

  const set = (name: keyof ProductFormValues, value: string) =>
    setValue(name, value, { shouldValidate: true, shouldDirty: true });

  /**
   * Cost or a percentage changed: the levels' prices follow, cost plus that percentage of the cost,
   * computed as the server does (`tierPrice`: the contract's exact `priceFromPercentage`).
   */
  const recomputePrices = () => {
    const cost = parseBrazilianNumber(getValues('cost'));
    if (!(cost >= 0 && cost <= PRODUCT_LIMITS.maxPrice)) return;
    for (const tier of TIERS) {
      const pct = parseBrazilianNumber(getValues(`${tier}Percentage`));
      // Out of 0–100 the field shows its error and the price keeps its last value.
      if (pct >= 0 && pct <= 100) set(`${tier}Price`, toField(tierPrice(cost, pct)));
    }
  };
  /**
   * A level's price changed: its percentage over the cost follows (`tierPercentage`, to the sixth decimal, so
   * the server's price is the one typed: R$ 300,00 over R$ 180,00 is 66,666667 %, shown 66,67 %).
   */
  const recomputePercentage = (tier: Tier) => {
    const cost = parseBrazilianNumber(getValues('cost'));
    const price = parseBrazilianNumber(getValues(`${tier}Price`));
    if (Number.isFinite(cost) && cost > 0 && Number.isFinite(price))
      set(`${tier}Percentage`, toPercentField(tierPercentage(cost, price)));
  };

  const choose = async (files: File[]) => {
    const images = files.filter((file) => file.type.startsWith('image/'));
    if (images.length < files.length) notify.error(PRODUCTS_TEXTS.images.notAnImage);
    if (!images.length) return;
    setUploading(true);
    try {
      for (const file of images) {
        let prepared: PreparedImage;
        try {
          prepared = await props.prepareImage(file);
        } catch {
          notify.error(PRODUCTS_TEXTS.images.unreadable);
          continue;
        }
        if (editing) await onUploadImage?.(prepared);
        else setPending((list) => [...list, prepared]);
      }
    } finally {
      setUploading(false);
    }
  };

  const submit = handleSubmit(async (values) => {
    const body = formToBody(values);
    await onSubmit(
      takesUnits ? { ...body, stock: units.units.length, ...(units.units.length ? { units: units.units } : {}) } : body,
      pending.map((image) => image.base64),
    );
  });

  const panelImages = editing
    ? (product?.images ?? [])
    : pending.map((image) => ({ url: image.dataUrl, name: image.name }));

  return (
    <Card component="section" aria-label={editing ? T.editTitle : T.createTitle}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {editing ? `${T.editTitle} · ${product?.code ?? ''}` : T.createTitle}
        </Typography>
        <form noValidate onSubmit={submit}>
          <Grid container spacing={3}>
            <Grid size={{ xs: 12, md: 8 }}>
              <Grid container spacing={2}>
                <Grid size={{ xs: 12 }}>
                  <FormTextField control={control} name="name" label={F.name} required helperText={null} />
                </Grid>
                <BrandReferenceFields
                  control={control}
                  brands={brands}
                  brand={brand}
                  references={references}
                  editing={editing}
                  set={set}
                  onCreateBrand={onCreateBrand}
                  onCreateReference={onCreateReference}
                />
                <PriceFields
                  control={control}
                  recomputePrices={recomputePrices}
                  recomputePercentage={recomputePercentage}
                />
                <Grid size={HALF}>
                  {takesUnits ? (
                    <TextField
                      label={F.unitsStock}
                      value={String(units.units.length)}
                      slotProps={{ htmlInput: { readOnly: true } }}
                    />
                  ) : (
                    <FormTextField
                      control={control}
                      name="stock"
                      label={F.stock}
                      required
                      disabled={editing && product?.serialized}
                      title={editing && product?.serialized ? F.serializedStockLocked : undefined}
                      slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                      helperText={null}
                    />
                  )}
                </Grid>
                <Grid size={HALF}>
                  <FormTextField
                    control={control}
                    name="stockAlert"
                    label={F.stockAlert}
                    type="number"
                    slotProps={{ htmlInput: { inputMode: 'numeric', step: 1, min: 0, max: 10000 } }}
                    helperText={null}
                  />
                </Grid>
                <Grid size={HALF}>
                  <FormTextField
                    control={control}
                    name="barcode"
                    label={F.barcode}
                    slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 14, autoComplete: 'off' } }}
                    helperText={F.barcodeHelp}
                  />
                </Grid>
                <SerializedSwitch control={control} locked={switchLocked} />
                {takesUnits && (
                  <Grid size={{ xs: 12 }}>
                    <ImeiListField value={imeis} onChange={setImeis} list={units} />
                  </Grid>
                )}
                <UsedFields control={control} used={used} setValue={setValue} />
                <TagsField control={control} />
                <Grid size={{ xs: 12 }}>
                  <TextField label={F.description} multiline minRows={2} maxRows={4} {...register('description')} />
                </Grid>
                <FiscalFields control={control} cestRequired={product?.cestRequired} />
              </Grid>
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <ImagePanel
                images={panelImages}
                busy={uploading}
                onChoose={(files) => void choose(files)}
                onClear={editing ? undefined : () => setPending([])}
              />
            </Grid>
          </Grid>
          <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 3 }}>
            <Button onClick={onClose}>{editing ? T.closeEdit : T.closeCreate}</Button>
            <SubmitButton
              spinner="replace"
              disabled={!isValid || (takesUnits && units.problems > 0)}
              busy={isSubmitting}
              sx={{ minWidth: 120 }}
            >
              {editing ? T.submitEdit : T.submitCreate}
            </SubmitButton>
          </Box>
        </form>
      </CardContent>
    </Card>
  );
}
