import {
  BODY_CONDITION_LABELS,
  BODY_CONDITIONS,
  type BodyCondition,
  formatDocument,
  isValidCpf,
  isValidImei,
  onlyDigits,
  PERMISSIONS,
  SCREEN_CONDITION_LABELS,
  SCREEN_CONDITIONS,
  type ScreenCondition,
  TRADE_IN_LIMITS,
  TRADE_IN_TEXTS,
  type TradeIn,
  type TradeInCreateBody,
  type TradeInEvaluateBody,
  type TradeInPrice,
} from '@backoffice/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import AddAPhotoOutlinedIcon from '@mui/icons-material/AddAPhotoOutlined';
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { type Control, Controller, type FieldPath, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { type Choice, ChoicePicker } from '../../../components/choice-picker';
import { FormMoneyField } from '../../../components/form/form-money-field';
import { FormSelectField } from '../../../components/form/form-select-field';
import { FormTextField } from '../../../components/form/form-text-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { WriteFormDialog } from '../../../components/form/write-form-dialog';
import { formatMoney } from '../../../lib/format';
import { hasPermission } from '../../../lib/session';
import { useCreateTradeIn, useCustomerOptions, useEvaluation, usePriceTable } from '../api/trade-ins-api';
import { pictureOf } from '../lib/pictures';
import { TRADE_INS_TEXTS as T } from '../texts';
import { EvaluationLines } from './evaluation-lines';

/** Who may search the customers (GET /customers); the others keep the one they came with. */
const CUSTOMER_SEARCHERS = [PERMISSIONS.customers, PERMISSIONS.internalSales];

/** The IMEI's own message: 15 digits, then the Luhn check digit (the contract's `isValidImei`). */
export function imeiProblem(value: string): string | null {
  const imei = value.trim();
  if (!/^\d{15}$/.test(imei)) return T.imeiDigits;
  return isValidImei(imei) ? null : TRADE_IN_TEXTS.imeiInvalid(imei);
}

const text = (message: string) => z.string().trim().min(1, message).max(TRADE_IN_LIMITS.maxText);
const imeiRule = z.string().superRefine((value, ctx) => {
  const problem = imeiProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});
const storageOk = (value: string) => /^\d{1,4}$/.test(value.trim()) && Number(value) >= 1 && Number(value) <= 4096;
const batteryOk = (value: string) => /^\d{1,3}$/.test(value.trim()) && Number(value) <= 100;

/** The form, checked as the server checks the body (`tradeInCreateBodySchema`), with its messages. */
const formSchema = z
  .object({
    sellerName: text(TRADE_IN_TEXTS.nameRequired).max(120),
    sellerCpf: z
      .string()
      .trim()
      .refine((value) => /^\d{3}\.?\d{3}\.?\d{3}-?\d{2}$/.test(value) && isValidCpf(value), TRADE_IN_TEXTS.cpfInvalid),
    brand: text(TRADE_IN_TEXTS.brandRequired),
    model: text(TRADE_IN_TEXTS.modelRequired),
    storage: z.string().refine(storageOk, TRADE_IN_TEXTS.storageInvalid),
    colour: z.string().max(TRADE_IN_LIMITS.maxText),
    imei: imeiRule,
    imei2: z.string().superRefine((value, ctx) => {
      if (value.trim() === '') return;
      const problem = imeiProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
    screen: z.enum(SCREEN_CONDITIONS),
    body: z.enum(BODY_CONDITIONS),
    batteryHealth: z.string().refine(batteryOk, TRADE_IN_TEXTS.batteryInvalid),
    biometrics: z.boolean(),
    camera: z.boolean(),
    charging: z.boolean(),
    accountRemoved: z.boolean(),
    value: z.number().min(0, TRADE_IN_TEXTS.valueInvalid).max(1_000_000, TRADE_IN_TEXTS.valueInvalid).nullable(),
  })
  .refine((values) => values.imei2.trim() === '' || values.imei2.trim() !== values.imei.trim(), {
    path: ['imei2'],
    message: TRADE_IN_TEXTS.imeiRepeated,
  });
export type TradeInFormValues = z.infer<typeof formSchema>;

/** Whom the evaluation is for when it opens from a customer or an order: the customer and the seller. */
export interface TradeInPrefill {
  customer?: { id: number; name: string; document?: string | null } | null;
}

const SCREEN_OPTIONS = SCREEN_CONDITIONS.map((value) => ({ value, label: SCREEN_CONDITION_LABELS[value] }));
const BODY_OPTIONS = BODY_CONDITIONS.map((value) => ({ value, label: BODY_CONDITION_LABELS[value] }));
const SWITCHES = ['biometrics', 'camera', 'charging', 'accountRemoved'] as const;

/** A CPF the customer registered with (a CNPJ is no seller's CPF). */
const cpfOf = (document: string | null | undefined) =>
  document && onlyDigits(document).length === 11 ? formatDocument(document) : '';

function defaults(prefill: TradeInPrefill): TradeInFormValues {
  return {
    sellerName: prefill.customer?.name ?? '',
    sellerCpf: cpfOf(prefill.customer?.document),
    brand: '',
    model: '',
    storage: '',
    colour: '',
    imei: '',
    imei2: '',
    screen: 'OK' as ScreenCondition,
    body: 'OK' as BodyCondition,
    batteryHealth: '',
    biometrics: true,
    camera: true,
    charging: true,
    accountRemoved: true,
    value: null,
  };
}

/** What the form asks the server to evaluate, once brand, model, storage and battery are all there. */
function evaluateBodyOf(values: Partial<TradeInFormValues>): TradeInEvaluateBody | null {
  const brand = values.brand?.trim() ?? '';
  const model = values.model?.trim() ?? '';
  const storage = values.storage ?? '';
  const battery = values.batteryHealth ?? '';
  if (!brand || !model || !storageOk(storage) || !batteryOk(battery)) return null;
  return {
    brand,
    model,
    storage: Number(storage),
    checklist: {
      screen: values.screen ?? 'OK',
      body: values.body ?? 'OK',
      batteryHealth: Number(battery),
      biometrics: values.biometrics ?? true,
      camera: values.camera ?? true,
      charging: values.charging ?? true,
      accountRemoved: values.accountRemoved ?? true,
    },
  };
}

/** `value` once it has stayed the same for `ms` (the offer is asked after a pause in the typing). */
function useSettled<V>(value: V, ms: number): V {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the value compared by its JSON
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [key, ms]);
  return settled;
}

/** A text field with suggestions (the price table's brands, models, storages) that takes any text too. */
function Suggest({
  control,
  name,
  label,
  options,
  numeric = false,
  required = false,
}: {
  control: Control<TradeInFormValues>;
  name: FieldPath<TradeInFormValues>;
  label: string;
  options: readonly string[];
  numeric?: boolean;
  required?: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Autocomplete<string, false, false, true>
          freeSolo
          options={options}
          value={String(field.value ?? '')}
          inputValue={String(field.value ?? '')}
          onInputChange={(_event, typed) => field.onChange(typed)}
          onChange={(_event, chosen) => field.onChange(chosen ?? '')}
          renderInput={(params) => (
            <TextField
              {...params}
              label={label}
              name={field.name}
              onBlur={field.onBlur}
              required={required}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message ?? T.suggestionsHelp}
              slotProps={{
                ...params.slotProps,
                htmlInput: { ...params.slotProps.htmlInput, ...(numeric ? { inputMode: 'numeric' as const } : {}) },
              }}
            />
          )}
        />
      )}
    />
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ mt: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

const GRID = { display: 'grid', columnGap: 2, rowGap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } };

/** The phones of the table, for the suggestions: brands; the chosen brand's models; that model's storages. */
function suggestionsOf(prices: readonly TradeInPrice[], brand: string, model: string) {
  const same = (a: string, b: string) => a.trim().toLocaleLowerCase('pt-BR') === b.trim().toLocaleLowerCase('pt-BR');
  const brands = [...new Set(prices.map((p) => p.brand))];
  const ofBrand = prices.filter((p) => !brand.trim() || same(p.brand, brand));
  const models = [...new Set(ofBrand.map((p) => p.model))];
  const storages = [
    ...new Set(ofBrand.filter((p) => !model.trim() || same(p.model, model)).map((p) => String(p.storage))),
  ];
  return { brands, models, storages };
}

/**
 * 'Nova avaliação de usado' (issue 42 §1): the seller (name and CPF, checked digits; a customer optional), the phone
 * (brand, model and storage suggested by the price table, or typed; colour; IMEI and a dual-SIM phone's second one,
 * checked as typed by the Luhn digit), its checklist, up to 6 photos (camera or files), the offer the server works
 * out as it is filled (table price, each defect's deduction, offer), and the value agreed, the offer unless changed:
 * the server refuses an attendant's value above it (403), and its message is said here. Full screen on a phone.
 */
export function NewTradeInDialog({
  prefill = {},
  onClose,
  onCreated,
}: {
  prefill?: TradeInPrefill;
  onClose: () => void;
  onCreated: (tradeIn: TradeIn) => void;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const [customer, setCustomer] = useState<Choice | null>(prefill.customer ?? null);
  const [typedCustomer, setTypedCustomer] = useState('');
  const canSearchCustomers = hasPermission(...CUSTOMER_SEARCHERS);
  const customers = useCustomerOptions(typedCustomer, canSearchCustomers);
  const [photos, setPhotos] = useState<Array<{ id: number; url: string }>>([]);
  const [reading, setReading] = useState(false);
  const [photoProblem, setPhotoProblem] = useState<string | null>(null);
  const nextPhoto = useRef(1);
  /** The value follows the offer until it is typed. */
  const valueTyped = useRef(false);
  const prices = usePriceTable();
  const { control, handleSubmit, setValue, getValues, trigger } = useForm<TradeInFormValues>({
    resolver: zodResolver(formSchema),
    mode: 'onTouched',
    defaultValues: defaults(prefill),
  });
  const watched = useWatch({ control });
  const brand = watched.brand ?? '';
  const model = watched.model ?? '';
  const suggestions = useMemo(() => suggestionsOf(prices.data ?? [], brand, model), [prices.data, brand, model]);
  const evaluateBody = useSettled(evaluateBodyOf(watched), 300);
  const evaluation = useEvaluation(evaluateBody);
  const offer = evaluateBody && evaluation.data ? evaluation.data.offer : null;

  useEffect(() => {
    if (valueTyped.current) return;
    setValue('value', offer, { shouldValidate: offer !== null });
  }, [offer, setValue]);

  const create = useCreateTradeIn(onClose, setProblem, onCreated);
  const busy = create.isPending;

  const chooseCustomer = (chosen: Choice | null) => {
    setCustomer(chosen);
    if (!chosen) return;
    const found = customers.data?.find((c) => c.id === chosen.id);
    if (!getValues('sellerName').trim()) setValue('sellerName', chosen.name, { shouldValidate: true });
    const cpf = cpfOf(found?.document);
    if (cpf && !getValues('sellerCpf').trim()) setValue('sellerCpf', cpf, { shouldValidate: true });
  };

  const addPhotos = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    setPhotoProblem(null);
    setReading(true);
    try {
      const room = TRADE_IN_LIMITS.maxPhotos - photos.length;
      if (files.length > room) setPhotoProblem(T.photosLimit(TRADE_IN_LIMITS.maxPhotos));
      const read: Array<{ id: number; url: string }> = [];
      for (const file of files.slice(0, Math.max(0, room))) {
        const url = await pictureOf(file);
        if (url === null) setPhotoProblem(T.notAnImage);
        else read.push({ id: nextPhoto.current++, url });
      }
      setPhotos((current) => [...current, ...read].slice(0, TRADE_IN_LIMITS.maxPhotos));
    } finally {
      setReading(false);
    }
  };

  /** A 15th digit typed: the IMEI is checked at once (not only when the field is left). */
  const checkWhenWhole = (name: 'imei' | 'imei2') => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    if (event.target.value.trim().length >= 15) void trigger(name);
  };

  const submit = handleSubmit((values) => {
    setProblem(null);
    const body: TradeInCreateBody = {
      sellerName: values.sellerName.trim(),
      sellerCpf: values.sellerCpf.trim(),
      brand: values.brand.trim(),
      model: values.model.trim(),
      storage: Number(values.storage),
      imei: values.imei.trim(),
      checklist: {
        screen: values.screen,
        body: values.body,
        batteryHealth: Number(values.batteryHealth),
        biometrics: values.biometrics,
        camera: values.camera,
        charging: values.charging,
        accountRemoved: values.accountRemoved,
      },
      ...(customer ? { customerId: customer.id } : {}),
      ...(values.colour.trim() ? { colour: values.colour.trim() } : {}),
      ...(values.imei2.trim() ? { imei2: values.imei2.trim() } : {}),
      ...(photos.length ? { photos: photos.map((photo) => photo.url) } : {}),
      ...(valueTyped.current && values.value !== null ? { value: values.value } : {}),
    };
    create.mutate(body);
  });

  const full = photos.length >= TRADE_IN_LIMITS.maxPhotos;
  return (
    <WriteFormDialog
      titleId="new-trade-in-title"
      title={T.newTitle}
      maxWidth="md"
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
      closeText={T.close}
      problem={problem}
      actions={<SubmitButton busy={busy}>{T.save}</SubmitButton>}
    >
      <Section title={T.sellerSection}>
        <Box sx={GRID}>
          <FormTextField control={control} name="sellerName" label={T.sellerName} required disabled={busy} />
          <FormTextField
            control={control}
            name="sellerCpf"
            label={T.sellerCpf}
            required
            disabled={busy}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 14, autoComplete: 'off' } }}
          />
          <Box sx={{ gridColumn: '1 / -1', mb: 1 }}>
            {canSearchCustomers ? (
              <ChoicePicker
                label={T.customer}
                noOptionsText={T.customerSearch}
                value={customer}
                onChange={chooseCustomer}
                typed={typedCustomer}
                onTypedChange={setTypedCustomer}
                found={customers.data ?? []}
                loading={customers.isFetching}
                hint={(option) => ('document' in option && option.document ? formatDocument(option.document) : null)}
                size="medium"
                disabled={busy}
              />
            ) : customer ? (
              <Typography variant="body2">{T.customerLine(customer.name)}</Typography>
            ) : null}
          </Box>
        </Box>
      </Section>
      <Section title={T.phoneSection}>
        <Box sx={GRID}>
          <Suggest control={control} name="brand" label={T.brand} options={suggestions.brands} required />
          <Suggest control={control} name="model" label={T.model} options={suggestions.models} required />
          <Suggest control={control} name="storage" label={T.storage} options={suggestions.storages} numeric required />
          <FormTextField control={control} name="colour" label={T.colour} disabled={busy} />
          <FormTextField
            control={control}
            name="imei"
            label={T.imei1}
            required
            disabled={busy}
            onChange={checkWhenWhole('imei')}
            helperText={T.imeiHelp}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 15, autoComplete: 'off' } }}
          />
          <FormTextField
            control={control}
            name="imei2"
            label={T.imei2}
            disabled={busy}
            onChange={checkWhenWhole('imei2')}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 15, autoComplete: 'off' } }}
          />
        </Box>
      </Section>
      <Section title={T.checklistSection}>
        <Box sx={GRID}>
          <FormSelectField control={control} name="screen" label={T.screen} options={SCREEN_OPTIONS} disabled={busy} />
          <FormSelectField control={control} name="body" label={T.body} options={BODY_OPTIONS} disabled={busy} />
          <FormTextField
            control={control}
            name="batteryHealth"
            label={T.battery}
            required
            disabled={busy}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 3 } }}
          />
        </Box>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
          {SWITCHES.map((name) => (
            <Controller
              key={name}
              control={control}
              name={name}
              render={({ field }) => (
                <FormControlLabel
                  label={T[name]}
                  disabled={busy}
                  sx={{ minHeight: 44 }}
                  control={
                    <Switch
                      name={field.name}
                      checked={field.value}
                      onChange={(event) => field.onChange(event.target.checked)}
                      onBlur={field.onBlur}
                    />
                  }
                />
              )}
            />
          ))}
        </Box>
        {watched.accountRemoved === false ? (
          <FormHelperText sx={{ color: 'warning.dark' }}>{T.accountHelp}</FormHelperText>
        ) : null}
      </Section>
      <Section title={T.photosSection}>
        {photos.length ? (
          <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(88px, 1fr))', mb: 1 }}>
            {photos.map((photo, index) => (
              <Box key={photo.id} sx={{ position: 'relative' }}>
                <Box
                  component="img"
                  src={photo.url}
                  alt={T.photo(index + 1)}
                  sx={{ width: '100%', aspectRatio: '1', objectFit: 'cover', borderRadius: 1, display: 'block' }}
                />
                <IconButton
                  aria-label={T.removePhoto(index + 1)}
                  onClick={() => setPhotos((current) => current.filter((p) => p.id !== photo.id))}
                  disabled={busy}
                  size="small"
                  sx={{
                    position: 'absolute',
                    top: 2,
                    right: 2,
                    bgcolor: 'rgba(15,23,42,0.75)',
                    color: '#fff',
                    '&:hover': { bgcolor: 'rgba(15,23,42,0.9)' },
                  }}
                >
                  <CloseIcon fontSize="small" />
                </IconButton>
              </Box>
            ))}
          </Box>
        ) : null}
        <Button
          component="label"
          variant="outlined"
          startIcon={<AddAPhotoOutlinedIcon />}
          disabled={busy || reading || full}
          sx={{ minHeight: 44 }}
        >
          {reading ? T.reading : photos.length ? T.morePhotos : T.takePhoto}
          <input
            type="file"
            accept="image/*"
            capture="environment"
            multiple
            hidden
            data-testid="trade-in-photos"
            onChange={(event) => void addPhotos(event)}
          />
        </Button>
        <FormHelperText>{photoProblem ?? T.photosLimit(TRADE_IN_LIMITS.maxPhotos)}</FormHelperText>
      </Section>
      <Section title={T.evaluationSection}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, alignItems: 'start' }}>
          <Box data-testid="trade-in-offer" aria-live="polite">
            {evaluateBody === null ? (
              <Typography variant="body2" color="text.secondary">
                {T.fillToEvaluate}
              </Typography>
            ) : evaluation.isError ? (
              <Alert severity="error">{T.evaluateFailed}</Alert>
            ) : evaluation.data ? (
              <EvaluationLines evaluation={evaluation.data} label={T.evaluationSection} />
            ) : (
              <Typography variant="body2" color="text.secondary">
                {T.evaluating}
              </Typography>
            )}
          </Box>
          <FormMoneyField
            control={control}
            name="value"
            label={T.valueField}
            valueAs="number"
            disabled={busy}
            onChange={() => {
              valueTyped.current = true;
            }}
            helperText={
              evaluateBody && evaluation.data
                ? offer === null
                  ? T.valueHelpNoOffer
                  : T.valueHelp(formatMoney(offer))
                : ' '
            }
          />
        </Box>
      </Section>
    </WriteFormDialog>
  );
}
