import {
  type Brand,
  PRODUCT_GRADES,
  PRODUCT_LIMITS,
  PRODUCT_ORIGINS,
  type Product,
  type ProductCreateInput,
  parseBrazilianNumber,
  productOriginLabel,
} from '@backoffice/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import AddIcon from '@mui/icons-material/Add';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FormMoneyField, FormPercentField } from '../../../components/form/form-money-field';
import { FormSelectField } from '../../../components/form/form-select-field';
import { FormTextField } from '../../../components/form/form-text-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { ImeiListField } from '../../../components/imei-list-field';
import { useNotify } from '../../../components/notifier';
import type { PreparedImage } from '../lib/image-resize';
import { tierPercentage, tierPrice, toField, toPercentField } from '../lib/pricing';
import {
  emptyProductForm,
  formToBody,
  newBrandSchema,
  newReferenceSchema,
  type ProductFormValues,
  productFormSchema,
  productToForm,
} from '../schemas';
import { PRODUCTS_TEXTS } from '../texts';
import { ImagePanel } from './image-panel';
import { InlineNameForm } from './inline-name-form';
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

const HALF = { xs: 12, sm: 6 };
/** The customer levels, each a percentage over the cost and the price it gives (issue 54: bronze too). */
const TIERS = ['gold', 'silver', 'bronze'] as const;
type Tier = (typeof TIERS)[number];

/** A select with its '+ Nova …' button beside it, and the inline form that button opens below them. */
function WithAddButton(props: { addText: string; onAdd: () => void; inline: ReactNode; children: ReactNode }) {
  return (
    <>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        {props.children}
        <Button
          size="small"
          startIcon={<AddIcon />}
          onClick={props.onAdd}
          sx={{ mt: 1, whiteSpace: 'nowrap', flexShrink: 0 }}
        >
          {props.addText}
        </Button>
      </Box>
      {props.inline}
    </>
  );
}

/** 'Cadastrar Produto' and 'Editar Produto' (sections 2, 4 and 5). */
export function ProductForm(props: Props) {
  const { mode, product, brands, onSubmit, onClose, onCreateBrand, onCreateReference, onUploadImage } = props;
  const notify = useNotify();
  const editing = mode === 'edit';
  const [inline, setInline] = useState<'brand' | 'reference' | null>(null);
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
                <Grid size={HALF}>
                  <WithAddButton
                    addText={T.newBrand}
                    onAdd={() => setInline(inline === 'brand' ? null : 'brand')}
                    inline={
                      inline === 'brand' ? (
                        <InlineNameForm
                          label={T.newBrand}
                          schema={newBrandSchema}
                          submitText={editing ? T.include : T.add}
                          cancelText={T.cancel}
                          onCancel={() => setInline(null)}
                          onSubmit={async (name) => {
                            if (brands.some((b) => b.name.toLowerCase() === name.toLowerCase())) {
                              notify.error(PRODUCTS_TEXTS.validation.duplicateBrand);
                              return false;
                            }
                            const created = await onCreateBrand(name);
                            if (created) {
                              set('brand', name);
                              set('reference', '');
                              setInline(null);
                            }
                            return created;
                          }}
                        />
                      ) : null
                    }
                  >
                    <FormSelectField
                      control={control}
                      name="brand"
                      label={F.brand}
                      required
                      options={brands.map((b) => ({ value: b.name, label: b.name }))}
                      onChange={() => set('reference', '')}
                      helperText={null}
                    />
                  </WithAddButton>
                </Grid>
                <Grid size={HALF}>
                  <WithAddButton
                    addText={T.newReference}
                    onAdd={() => {
                      if (!brand) {
                        notify.info(T.chooseBrandFirst);
                        return;
                      }
                      setInline(inline === 'reference' ? null : 'reference');
                    }}
                    inline={
                      inline === 'reference' && brand ? (
                        <InlineNameForm
                          label={T.newReference}
                          schema={newReferenceSchema}
                          submitText={editing ? T.include : T.add}
                          cancelText={T.cancel}
                          onCancel={() => setInline(null)}
                          onSubmit={async (name) => {
                            if (references.some((r) => r.toLowerCase() === name.toLowerCase())) {
                              notify.error(PRODUCTS_TEXTS.validation.duplicateReference);
                              return false;
                            }
                            const created = await onCreateReference(brand, name);
                            if (created) {
                              set('reference', name);
                              setInline(null);
                            }
                            return created;
                          }}
                        />
                      ) : null
                    }
                  >
                    <FormSelectField
                      control={control}
                      name="reference"
                      label={F.reference}
                      options={references.map((reference) => ({ value: reference, label: reference }))}
                      emptyOption={F.noReference}
                      clearUnknown
                      disabled={!brand}
                      helperText={null}
                    />
                  </WithAddButton>
                </Grid>
                <Grid size={HALF}>
                  <FormMoneyField
                    control={control}
                    name="cost"
                    label={F.cost}
                    required
                    onChange={recomputePrices}
                    helperText={null}
                  />
                </Grid>
                <Grid size={HALF}>
                  <FormMoneyField control={control} name="sellPrice" label={F.sellPrice} required helperText={null} />
                </Grid>
                {TIERS.map((tier) => (
                  <Grid key={tier} size={HALF}>
                    <Box sx={{ display: 'flex', gap: 1 }}>
                      <FormPercentField
                        control={control}
                        name={`${tier}Percentage`}
                        label={F[`${tier}Percentage`]}
                        required
                        onChange={recomputePrices}
                        helperText={null}
                      />
                      <FormMoneyField
                        control={control}
                        name={`${tier}Price`}
                        label={F[`${tier}Price`]}
                        onChange={() => recomputePercentage(tier)}
                        helperText={null}
                      />
                    </Box>
                  </Grid>
                ))}
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
                <Grid size={{ xs: 12 }}>
                  <Controller
                    control={control}
                    name="serialized"
                    render={({ field }) => (
                      <FormControlLabel
                        label={F.serialized}
                        disabled={switchLocked}
                        control={
                          <Switch
                            name={field.name}
                            checked={field.value}
                            onChange={(event) => field.onChange(event.target.checked)}
                            onBlur={field.onBlur}
                            slotProps={{ input: { 'aria-describedby': 'product-serialized-help' } }}
                          />
                        }
                      />
                    )}
                  />
                  <FormHelperText id="product-serialized-help" sx={{ mt: 0 }}>
                    {switchLocked ? F.serializedLocked : F.serializedHelp}
                  </FormHelperText>
                </Grid>
                {takesUnits && (
                  <Grid size={{ xs: 12 }}>
                    <ImeiListField value={imeis} onChange={setImeis} list={units} />
                  </Grid>
                )}
                <Grid size={HALF}>
                  <Controller
                    control={control}
                    name="used"
                    render={({ field }) => (
                      <FormControlLabel
                        label={F.used}
                        control={
                          <Switch
                            name={field.name}
                            checked={field.value}
                            onChange={(event) => {
                              field.onChange(event.target.checked);
                              if (!event.target.checked) setValue('grade', '', { shouldDirty: true });
                            }}
                            onBlur={field.onBlur}
                            slotProps={{ input: { 'aria-describedby': 'product-used-help' } }}
                          />
                        }
                      />
                    )}
                  />
                  <FormHelperText id="product-used-help" sx={{ mt: 0 }}>
                    {F.usedHelp}
                  </FormHelperText>
                </Grid>
                {used && (
                  <Grid size={HALF}>
                    <FormSelectField
                      control={control}
                      name="grade"
                      label={F.grade}
                      options={PRODUCT_GRADES.map((grade) => ({ value: grade, label: F.gradeLabels[grade] }))}
                      emptyOption={F.noGrade}
                      fullWidth
                    />
                  </Grid>
                )}
                <Grid size={{ xs: 12 }}>
                  <Controller
                    control={control}
                    name="tags"
                    render={({ field }) => (
                      <Autocomplete
                        multiple
                        freeSolo
                        options={[]}
                        value={field.value}
                        onChange={(_event, value) =>
                          field.onChange([...new Set(value.map((tag) => String(tag).trim()).filter(Boolean))])
                        }
                        renderValue={(value, getItemProps) =>
                          value.map((tag, index) => {
                            const { key, ...itemProps } = getItemProps({ index });
                            return <Chip key={key} size="small" label={tag} {...itemProps} />;
                          })
                        }
                        renderInput={(params) => (
                          <TextField {...params} label={F.tags} helperText={F.tagsHelp} onBlur={field.onBlur} />
                        )}
                      />
                    )}
                  />
                </Grid>
                <Grid size={{ xs: 12 }}>
                  <TextField label={F.description} multiline minRows={2} maxRows={4} {...register('description')} />
                </Grid>
                <Grid size={{ xs: 12 }}>
                  <Typography component="h3" variant="subtitle2" id="product-fiscal-title">
                    {F.fiscal}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {F.fiscalHelp}
                  </Typography>
                </Grid>
                <Grid size={HALF}>
                  <FormTextField
                    control={control}
                    name="ncm"
                    label={F.ncm}
                    slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10, autoComplete: 'off' } }}
                    helperText={F.ncmHelp}
                  />
                </Grid>
                <Grid size={HALF}>
                  <FormTextField
                    control={control}
                    name="cest"
                    label={F.cest}
                    slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 9, autoComplete: 'off' } }}
                    helperText={F.cestHelp}
                  />
                </Grid>
                <Grid size={HALF}>
                  <FormTextField
                    control={control}
                    name="unit"
                    label={F.unit}
                    slotProps={{
                      htmlInput: { maxLength: 6, autoComplete: 'off', style: { textTransform: 'uppercase' } },
                    }}
                    helperText={F.unitHelp}
                  />
                </Grid>
                <Grid size={{ xs: 12 }}>
                  <FormSelectField
                    control={control}
                    name="origin"
                    label={F.origin}
                    options={PRODUCT_ORIGINS.map((origin) => ({
                      value: String(origin.code),
                      label: productOriginLabel(origin.code),
                    }))}
                    emptyOption={F.noOrigin}
                    helperText={null}
                    slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxWidth: 640 } } } } } }}
                  />
                </Grid>
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
