import { formatDocument, PERMISSIONS, type TradeIn, type TradeInCreateBody } from '@backoffice/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { type Choice, ChoicePicker } from '../../../components/choice-picker';
import { FormTextField } from '../../../components/form/form-text-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { WriteFormDialog } from '../../../components/form/write-form-dialog';
import { hasPermission } from '../../../lib/session';
import { useCreateTradeIn, useCustomerOptions, useEvaluation, usePriceTable } from '../api/trade-ins-api';
import {
  cpfOf,
  defaults,
  evaluateBodyOf,
  formSchema,
  suggestionsOf,
  type TradeInFormValues,
  type TradeInPrefill,
} from '../lib/trade-in-form';
import { TRADE_INS_TEXTS as T } from '../texts';
import { ChecklistFields, GRID, OfferFields, PhoneFields, Section } from './trade-in-fields';
import { PhotosField, useTradeInPhotos } from './trade-in-photos';

export { imeiProblem, type TradeInFormValues, type TradeInPrefill } from '../lib/trade-in-form';

/** Who may search the customers (GET /customers); the others keep the one they came with. */
const CUSTOMER_SEARCHERS = [PERMISSIONS.customers, PERMISSIONS.internalSales];

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
  const photoState = useTradeInPhotos();
  const { photos } = photoState;
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

  /** A 15th digit typed: the IMEI is checked at once (not only when the field is left). */
  const checkWhenWhole = (name: 'imei' | 'imei2') => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    if (event.target.value.trim().length >= 15) void trigger(name);
  };

  const submit = handleSubmit((values) => {
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
      <PhoneFields control={control} busy={busy} suggestions={suggestions} checkWhenWhole={checkWhenWhole} />
      <ChecklistFields control={control} busy={busy} accountRemoved={watched.accountRemoved} />
      <PhotosField busy={busy} state={photoState} />
      <OfferFields
        control={control}
        busy={busy}
        asked={evaluateBody !== null}
        evaluation={evaluation}
        offer={offer}
        onValueTyped={() => {
          valueTyped.current = true;
        }}
      />
    </WriteFormDialog>
  );
}
