import type { Brand, Product, ProductCreateInput } from '@backoffice/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import AddIcon from '@mui/icons-material/Add';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNotify } from '../../../components/notifier';
import type { PreparedImage } from '../lib/image-resize';
import { parseDecimal, percentageFor, priceFor, toField } from '../lib/pricing';
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

const money = { htmlInput: { inputMode: 'decimal' as const, step: '0.01', min: 0 } };
const percent = {
  htmlInput: { inputMode: 'decimal' as const, step: '0.01', min: 0, max: 100 },
  input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
};

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
    formState: { errors, isValid, isSubmitting },
  } = useForm<ProductFormValues>({
    resolver: zodResolver(productFormSchema),
    mode: 'onTouched',
    defaultValues: product ? productToForm(product) : emptyProductForm,
  });

  const brand = watch('brand');
  const references = useMemo(() => brands.find((b) => b.name === brand)?.references ?? [], [brands, brand]);

  const set = (name: keyof ProductFormValues, value: string) =>
    setValue(name, value, { shouldValidate: true, shouldDirty: true });

  /** Cost or a percentage changed: gold and silver prices follow (cost + percent of cost). */
  const recomputePrices = () => {
    const cost = parseDecimal(getValues('cost'));
    if (!Number.isFinite(cost)) return;
    for (const tier of ['gold', 'silver'] as const) {
      const pct = parseDecimal(getValues(`${tier}Percentage`));
      if (Number.isFinite(pct)) set(`${tier}Price`, toField(priceFor(cost, pct)));
    }
  };
  /** A gold or silver price changed: its percentage follows ((price − cost) / cost × 100). */
  const recomputePercentage = (tier: 'gold' | 'silver') => {
    const cost = parseDecimal(getValues('cost'));
    const price = parseDecimal(getValues(`${tier}Price`));
    if (Number.isFinite(cost) && cost > 0 && Number.isFinite(price))
      set(`${tier}Percentage`, toField(percentageFor(cost, price)));
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
    await onSubmit(
      formToBody(values),
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
                  <TextField
                    label={F.name}
                    required
                    {...register('name')}
                    error={Boolean(errors.name)}
                    helperText={errors.name?.message}
                  />
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                    <Controller
                      control={control}
                      name="brand"
                      render={({ field }) => (
                        <TextField
                          select
                          label={F.brand}
                          required
                          name={field.name}
                          inputRef={field.ref}
                          value={field.value}
                          onChange={(event) => {
                            field.onChange(event.target.value);
                            set('reference', '');
                          }}
                          onBlur={field.onBlur}
                          error={Boolean(errors.brand)}
                          helperText={errors.brand?.message}
                        >
                          {brands.map((b) => (
                            <MenuItem key={b.name} value={b.name}>
                              {b.name}
                            </MenuItem>
                          ))}
                        </TextField>
                      )}
                    />
                    <Button
                      size="small"
                      startIcon={<AddIcon />}
                      onClick={() => setInline(inline === 'brand' ? null : 'brand')}
                      sx={{ mt: 1, whiteSpace: 'nowrap', flexShrink: 0 }}
                    >
                      {T.newBrand}
                    </Button>
                  </Box>
                  {inline === 'brand' ? (
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
                  ) : null}
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                    <Controller
                      control={control}
                      name="reference"
                      render={({ field }) => (
                        <TextField
                          select
                          label={F.reference}
                          name={field.name}
                          inputRef={field.ref}
                          value={references.includes(field.value) ? field.value : ''}
                          onChange={(event) => field.onChange(event.target.value)}
                          onBlur={field.onBlur}
                          disabled={!brand}
                        >
                          <MenuItem value="">
                            <em>{F.noReference}</em>
                          </MenuItem>
                          {references.map((reference) => (
                            <MenuItem key={reference} value={reference}>
                              {reference}
                            </MenuItem>
                          ))}
                        </TextField>
                      )}
                    />
                    <Button
                      size="small"
                      startIcon={<AddIcon />}
                      onClick={() => {
                        if (!brand) {
                          notify.info(T.chooseBrandFirst);
                          return;
                        }
                        setInline(inline === 'reference' ? null : 'reference');
                      }}
                      sx={{ mt: 1, whiteSpace: 'nowrap', flexShrink: 0 }}
                    >
                      {T.newReference}
                    </Button>
                  </Box>
                  {inline === 'reference' && brand ? (
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
                  ) : null}
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <TextField
                    label={F.cost}
                    required
                    type="number"
                    slotProps={money}
                    {...register('cost', { onChange: recomputePrices })}
                    error={Boolean(errors.cost)}
                    helperText={errors.cost?.message}
                  />
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <TextField
                    label={F.sellPrice}
                    required
                    type="number"
                    slotProps={money}
                    {...register('sellPrice')}
                    error={Boolean(errors.sellPrice)}
                    helperText={errors.sellPrice?.message}
                  />
                </Grid>
                {(['gold', 'silver'] as const).map((tier) => (
                  <Grid key={tier} size={{ xs: 12, sm: 6 }}>
                    <Box sx={{ display: 'flex', gap: 1 }}>
                      <TextField
                        label={tier === 'gold' ? F.goldPercentage : F.silverPercentage}
                        required
                        type="number"
                        slotProps={percent}
                        {...register(`${tier}Percentage`, { onChange: recomputePrices })}
                        error={Boolean(errors[`${tier}Percentage`])}
                        helperText={errors[`${tier}Percentage`]?.message}
                      />
                      <TextField
                        label={tier === 'gold' ? F.goldPrice : F.silverPrice}
                        type="number"
                        slotProps={money}
                        {...register(`${tier}Price`, { onChange: () => recomputePercentage(tier) })}
                        error={Boolean(errors[`${tier}Price`])}
                        helperText={errors[`${tier}Price`]?.message}
                      />
                    </Box>
                  </Grid>
                ))}
                <Grid size={{ xs: 12, sm: 4 }}>
                  <TextField
                    label={F.bronzePercentage}
                    required
                    type="number"
                    slotProps={percent}
                    {...register('bronzePercentage')}
                    error={Boolean(errors.bronzePercentage)}
                    helperText={errors.bronzePercentage?.message}
                  />
                </Grid>
                <Grid size={{ xs: 12, sm: 4 }}>
                  <TextField
                    label={F.stock}
                    required
                    type="number"
                    slotProps={{ htmlInput: { inputMode: 'numeric', step: 1, min: 0 } }}
                    {...register('stock')}
                    error={Boolean(errors.stock)}
                    helperText={errors.stock?.message}
                  />
                </Grid>
                <Grid size={{ xs: 12, sm: 4 }}>
                  <TextField
                    label={F.stockAlert}
                    type="number"
                    slotProps={{ htmlInput: { inputMode: 'numeric', step: 1, min: 0, max: 10000 } }}
                    {...register('stockAlert')}
                    error={Boolean(errors.stockAlert)}
                    helperText={errors.stockAlert?.message}
                  />
                </Grid>
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
            <Button type="submit" variant="contained" disabled={!isValid || isSubmitting} sx={{ minWidth: 120 }}>
              {isSubmitting ? (
                <CircularProgress size={22} color="inherit" aria-label={editing ? T.submitEdit : T.submitCreate} />
              ) : editing ? (
                T.submitEdit
              ) : (
                T.submitCreate
              )}
            </Button>
          </Box>
        </form>
      </CardContent>
    </Card>
  );
}
