import { type Brand, PRODUCT_GRADES, PRODUCT_ORIGINS, productOriginLabel } from '@backoffice/contract';
import AddIcon from '@mui/icons-material/Add';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { type Control, Controller, type UseFormSetValue } from 'react-hook-form';
import { FormMoneyField, FormPercentField } from '../../../components/form/form-money-field';
import { FormSelectField } from '../../../components/form/form-select-field';
import { FormTextField } from '../../../components/form/form-text-field';
import { useNotify } from '../../../components/notifier';
import { newBrandSchema, newReferenceSchema, type ProductFormValues } from '../schemas';
import { PRODUCTS_TEXTS } from '../texts';
import { InlineNameForm } from './inline-name-form';

const T = PRODUCTS_TEXTS.form;
const F = T.fields;

export const HALF = { xs: 12, sm: 6 };
/** The customer levels, each a percentage over the cost and the price it gives (issue 54: bronze too). */
export const TIERS = ['gold', 'silver', 'bronze'] as const;
export type Tier = (typeof TIERS)[number];

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

/**
 * 'Marca' and 'Referência', each with its '+ Nova …' button: the inline form adds the brand or reference and
 * chooses it (a name the list already has is refused here).
 */
export function BrandReferenceFields({
  control,
  brands,
  brand,
  references,
  editing,
  set,
  onCreateBrand,
  onCreateReference,
}: {
  control: Control<ProductFormValues>;
  brands: readonly Brand[];
  /** The brand chosen. */
  brand: string;
  /** The chosen brand's references. */
  references: readonly string[];
  editing: boolean;
  set: (name: keyof ProductFormValues, value: string) => void;
  onCreateBrand: (name: string) => Promise<boolean>;
  onCreateReference: (brand: string, reference: string) => Promise<boolean>;
}) {
  const notify = useNotify();
  const [inline, setInline] = useState<'brand' | 'reference' | null>(null);
  return (
    <>
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
    </>
  );
}

/** 'Custo', 'Preço de venda' and each level's percentage over the cost with the price it gives. */
export function PriceFields({
  control,
  recomputePrices,
  recomputePercentage,
}: {
  control: Control<ProductFormValues>;
  /** The cost or a percentage changed: the levels' prices follow. */
  recomputePrices: () => void;
  /** A level's price changed: its percentage follows. */
  recomputePercentage: (tier: Tier) => void;
}) {
  return (
    <>
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
    </>
  );
}

/** 'Produto serializado' (each unit by its IMEI): changes only while the stock is zero. */
export function SerializedSwitch({ control, locked }: { control: Control<ProductFormValues>; locked: boolean }) {
  return (
    <Grid size={{ xs: 12 }}>
      <Controller
        control={control}
        name="serialized"
        render={({ field }) => (
          <FormControlLabel
            label={F.serialized}
            disabled={locked}
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
        {locked ? F.serializedLocked : F.serializedHelp}
      </FormHelperText>
    </Grid>
  );
}

/** 'Seminovo', and the grade of a used product. */
export function UsedFields({
  control,
  used,
  setValue,
}: {
  control: Control<ProductFormValues>;
  used: boolean;
  setValue: UseFormSetValue<ProductFormValues>;
}) {
  return (
    <>
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
    </>
  );
}

/** 'Etiquetas': free words, each once. */
export function TagsField({ control }: { control: Control<ProductFormValues> }) {
  return (
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
  );
}

/**
 * 'Dados fiscais': NCM, CEST, the unit and the goods' origin. The CEST is asked for (required, said in its helper)
 * when the product is invoiced under ICMS-ST (`cestRequired`, issue 55 §2); the server checks it against the NCM.
 */
export function FiscalFields({
  control,
  cestRequired,
}: {
  control: Control<ProductFormValues>;
  cestRequired?: boolean;
}) {
  return (
    <>
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
          required={cestRequired}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 9, autoComplete: 'off' } }}
          helperText={cestRequired ? F.cestRequiredHelp : F.cestHelp}
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
    </>
  );
}
