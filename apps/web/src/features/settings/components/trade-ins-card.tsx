import {
  TRADE_IN_DEFECT_LABELS,
  TRADE_IN_DEFECTS,
  TRADE_IN_TEXTS,
  type TradeInDefect,
  type TradeInPrice,
  type TradeInSettings,
  tradeInPhoneName,
  tradeInSettingsSchema,
} from '@backoffice/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useConfirm } from '../../../components/confirm-dialog';
import { FormMoneyField } from '../../../components/form/form-money-field';
import { FormTextField } from '../../../components/form/form-text-field';
import { useApiMutation } from '../../../components/use-api-mutation';
import { formatMoney } from '../../../lib/format';
import {
  deleteTradeInPrice,
  saveTradeInPrice,
  saveTradeInSettings,
  tradeInPricesQuery,
  tradeInSettingsQuery,
} from '../api/trade-ins-settings-api';
import { TRADE_INS_CARD_TEXTS as T } from '../texts';
import { SettingsCard } from './settings-card';

const TRADE_INS = ['trade-ins'] as const;
const COMPACT = { '& td, & th': { px: { xs: 1, sm: 2 } } } as const;
const storageOk = (value: string) => /^\d{1,4}$/.test(value.trim()) && Number(value) >= 1 && Number(value) <= 4096;
const money = z.number({ error: TRADE_IN_TEXTS.valueInvalid }).min(0, TRADE_IN_TEXTS.valueInvalid).nullable();

/** A model's price, as typed: the money field holds reais (null while empty), the storage digits. */
const priceForm = z
  .object({
    brand: z.string().trim().min(1, TRADE_IN_TEXTS.brandRequired).max(80),
    model: z.string().trim().min(1, TRADE_IN_TEXTS.modelRequired).max(80),
    storage: z.string().refine(storageOk, TRADE_IN_TEXTS.storageInvalid),
    price: money,
  })
  .refine((values) => values.price !== null, { path: ['price'], message: TRADE_IN_TEXTS.valueInvalid });
type PriceValues = z.infer<typeof priceForm>;
const EMPTY_PRICE: PriceValues = { brand: '', model: '', storage: '', price: null };

/** The deductions (reais, null while empty) and the warranty's days as typed. */
const settingsForm = z
  .object({
    ...(Object.fromEntries(TRADE_IN_DEFECTS.map((defect) => [defect, money])) as Record<TradeInDefect, typeof money>),
    warrantyDays: z.string(),
  })
  .superRefine((values, ctx) => {
    const parsed = tradeInSettingsSchema.safeParse(settingsBody(values));
    for (const issue of parsed.error?.issues ?? []) {
      const path = issue.path[0] === 'deductions' ? [issue.path[1] as string] : ['warrantyDays'];
      ctx.addIssue({ code: 'custom', path, message: issue.message });
    }
  });
type SettingsValues = z.infer<typeof settingsForm>;

function settingsBody(values: SettingsValues): TradeInSettings {
  const days = values.warrantyDays.trim();
  return {
    deductions: Object.fromEntries(
      TRADE_IN_DEFECTS.map((defect) => [defect, values[defect] ?? Number.NaN]),
    ) as TradeInSettings['deductions'],
    warrantyDays: /^\d+$/.test(days) ? Number(days) : Number.NaN,
  };
}

function settingsValues(settings: TradeInSettings): SettingsValues {
  return {
    ...settings.deductions,
    warrantyDays: String(settings.warrantyDays),
  };
}

/** The table of prices, each with its remove button for whoever changes it. */
function PriceTable({ prices, canChange }: { prices: readonly TradeInPrice[]; canChange: boolean }) {
  const confirm = useConfirm();
  const remove = useApiMutation({
    mutationFn: (price: TradeInPrice) => deleteTradeInPrice(price.id),
    success: T.priceRemoved,
    failure: T.priceRemoveFailed,
    invalidate: [TRADE_INS],
  });
  if (prices.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {T.noPrices}
      </Typography>
    );
  }
  return (
    <TableContainer sx={{ maxHeight: 360 }}>
      <Table size="small" stickyHeader aria-label={T.prices} sx={COMPACT}>
        <TableHead>
          <TableRow>
            <TableCell>{T.brand}</TableCell>
            <TableCell>{T.model}</TableCell>
            <TableCell align="right">{T.storage}</TableCell>
            <TableCell align="right">{T.price}</TableCell>
            {canChange ? <TableCell padding="checkbox" /> : null}
          </TableRow>
        </TableHead>
        <TableBody>
          {prices.map((price) => (
            <TableRow key={price.id}>
              <TableCell>{price.brand}</TableCell>
              <TableCell>{price.model}</TableCell>
              <TableCell align="right">{T.storageShort(price.storage)}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatMoney(price.price)}
              </TableCell>
              {canChange ? (
                <TableCell padding="checkbox">
                  <IconButton
                    aria-label={T.remove(tradeInPhoneName(price))}
                    disabled={remove.isPending}
                    onClick={async () => {
                      if (await confirm(T.confirmRemove(tradeInPhoneName(price)))) remove.mutate(price);
                    }}
                  >
                    <DeleteOutlinedIcon fontSize="small" />
                  </IconButton>
                </TableCell>
              ) : null}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** 'Incluir ou trocar preço': brand, model, storage and price; the same phone typed again replaces its price. */
function PriceForm() {
  const { control, handleSubmit, reset } = useForm<PriceValues>({
    resolver: zodResolver(priceForm),
    mode: 'onTouched',
    defaultValues: EMPTY_PRICE,
  });
  const save = useApiMutation({
    mutationFn: (values: PriceValues) =>
      saveTradeInPrice({
        brand: values.brand.trim(),
        model: values.model.trim(),
        storage: Number(values.storage),
        price: values.price ?? 0,
      }),
    success: T.priceSaved,
    failure: T.priceSaveFailed,
    invalidate: [TRADE_INS],
    onSuccess: () => reset(EMPTY_PRICE),
  });
  return (
    <Box
      component="form"
      noValidate
      aria-label={T.addPrice}
      onSubmit={handleSubmit((values) => save.mutate(values))}
      sx={{
        display: 'grid',
        columnGap: 2,
        gridTemplateColumns: { xs: '1fr 1fr', md: '1fr 1fr 1fr 1fr auto' },
        alignItems: 'start',
      }}
    >
      <FormTextField control={control} name="brand" label={T.brand} size="small" required />
      <FormTextField control={control} name="model" label={T.model} size="small" required />
      <FormTextField
        control={control}
        name="storage"
        label={T.storage}
        size="small"
        required
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
      />
      <FormMoneyField control={control} name="price" label={T.price} size="small" valueAs="number" required />
      <Button
        type="submit"
        variant="contained"
        disabled={save.isPending}
        sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
      >
        {T.addPrice}
      </Button>
    </Box>
  );
}

/** The deduction of each defect and the seminovo's warranty days, saved together. */
function DeductionsForm({ settings, canChange }: { settings: TradeInSettings; canChange: boolean }) {
  const { control, handleSubmit, reset } = useForm<SettingsValues>({
    resolver: zodResolver(settingsForm),
    mode: 'onTouched',
    defaultValues: settingsValues(settings),
  });
  useEffect(() => reset(settingsValues(settings)), [settings, reset]);
  const save = useApiMutation({
    mutationFn: (values: SettingsValues) => saveTradeInSettings(settingsBody(values)),
    success: T.settingsSaved,
    failure: T.settingsSaveFailed,
    update: (client, data) => client.setQueryData(tradeInSettingsQuery.queryKey, data),
    invalidate: [TRADE_INS],
  });
  return (
    <Box component="form" noValidate aria-label={T.deductions} onSubmit={handleSubmit((values) => save.mutate(values))}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1.5 }}>
        {T.deductions}
      </Typography>
      <Box
        sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr 1fr' } }}
      >
        {TRADE_IN_DEFECTS.map((defect) => (
          <FormMoneyField
            key={defect}
            control={control}
            name={defect}
            label={TRADE_IN_DEFECT_LABELS[defect]}
            size="small"
            valueAs="number"
            disabled={!canChange}
          />
        ))}
        <FormTextField
          control={control}
          name="warrantyDays"
          label={T.warrantyDays}
          size="small"
          disabled={!canChange}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
        />
      </Box>
      {canChange ? (
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {T.saveSettings}
        </Button>
      ) : null}
    </Box>
  );
}

/**
 * 'Avaliação de usados' (issue 42 §1, decision 0058): the price table of used phones (brand, model, storage, price;
 * a phone typed again replaces its price; removed one by one) and the deduction of each defect of the checklist with
 * the seminovo's warranty in days. Read by whoever takes phones in; changed by whoever manages the trade-ins
 * (`bo:manage:trade-ins`).
 */
export function TradeInsCard({ canChange }: { canChange: boolean }) {
  const prices = useQuery(tradeInPricesQuery);
  const settings = useQuery(tradeInSettingsQuery);
  return (
    <SettingsCard
      id="trade-ins-settings-title"
      title={T.title}
      text={T.text}
      loadFailed={prices.isError || settings.isError ? T.loadFailed : null}
      readOnly={canChange ? null : T.readOnly}
    >
      <Typography variant="subtitle2" component="h3">
        {T.prices}
      </Typography>
      <PriceTable prices={prices.data ?? []} canChange={canChange} />
      {canChange ? <PriceForm /> : null}
      {settings.data ? <DeductionsForm settings={settings.data} canChange={canChange} /> : null}
    </SettingsCard>
  );
}
