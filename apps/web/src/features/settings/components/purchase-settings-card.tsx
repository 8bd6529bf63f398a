import {
  centsToReais,
  type PurchaseSettings,
  parseBrazilianNumber,
  priceFromPercentage,
  purchaseSettingsSchema,
} from '@backoffice/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useApiMutation } from '../../../components/use-api-mutation';
import { api } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { PURCHASE_SETTINGS_CARD_TEXTS as T } from '../texts';
import { SettingsCard } from './settings-card';

/** GET /purchases/settings: 0 % on every level and ± 50 % until changed. */
export const purchaseSettingsQuery = queryOptions({
  queryKey: ['purchases', 'settings'] as const,
  queryFn: async () => (await api<{ data: PurchaseSettings }>('/purchases/settings')).data,
});

const FIELDS = ['goldPercentage', 'silverPercentage', 'bronzePercentage', 'costDeviationPercentage'] as const;
type Field = (typeof FIELDS)[number];
const LABELS: Record<Field, string> = {
  goldPercentage: T.gold,
  silverPercentage: T.silver,
  bronzePercentage: T.bronze,
  costDeviationPercentage: T.deviation,
};
type Typed = Record<Field, string>;

const typedOf = (settings: PurchaseSettings): Typed =>
  Object.fromEntries(FIELDS.map((field) => [field, String(settings[field]).replace('.', ',')])) as Typed;

/** The fields as typed, checked by the contract as the server will: the settings, or each field's message. */
function parse(typed: Typed): { settings: PurchaseSettings | null; errors: Partial<Record<Field, string>> } {
  const body = Object.fromEntries(FIELDS.map((field) => [field, parseBrazilianNumber(typed[field].trim())]));
  const parsed = purchaseSettingsSchema.safeParse(body);
  if (parsed.success) return { settings: parsed.data, errors: {} };
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of parsed.error.issues) errors[issue.path[0] as Field] ??= issue.message;
  return { settings: null, errors };
}

/** R$ 100,00 plus a level's percentage, as the catalogue prices it. */
const onHundred = (percentage: number) => formatMoney(centsToReais(priceFromPercentage(10_000, percentage)));

/**
 * 'Entrada por XML' (decision 0090): the level percentages a product created from a supplier's note starts with,
 * and the ± % an item's unit cost may stray from its product's average cost before the entry asks 'Custo
 * conferido' (GET/PUT /purchases/settings). Shown to whoever manages purchases.
 */
export function PurchaseSettingsCard() {
  const kept = useQuery(purchaseSettingsQuery);
  const [typed, setTyped] = useState<Typed | null>(null);
  useEffect(() => {
    if (kept.data) setTyped(typedOf(kept.data));
  }, [kept.data]);
  const save = useApiMutation({
    mutationFn: async (body: PurchaseSettings) =>
      (await api<{ data: PurchaseSettings }>('/purchases/settings', { method: 'PUT', body })).data,
    success: T.saved,
    failure: T.saveFailed,
    update: (client, data) => client.setQueryData(purchaseSettingsQuery.queryKey, data),
  });
  const { settings, errors } = typed ? parse(typed) : { settings: null, errors: {} };
  return (
    <SettingsCard
      id="purchase-settings-title"
      title={T.title}
      text={T.text}
      loadFailed={kept.isError ? T.loadFailed : null}
    >
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (settings) save.mutate(settings);
        }}
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, minmax(0, 160px))' } }}
      >
        {FIELDS.map((field) => (
          <TextField
            key={field}
            label={LABELS[field]}
            value={typed?.[field] ?? ''}
            disabled={typed === null}
            onChange={(event) =>
              setTyped((current) => (current ? { ...current, [field]: event.target.value } : current))
            }
            error={errors[field] !== undefined}
            helperText={errors[field] ?? ' '}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
        ))}
        <Box sx={{ gridColumn: '1 / -1', display: 'grid', gap: 1 }}>
          {settings ? (
            <Typography variant="body2" color="text.secondary">
              {T.example(
                onHundred(settings.goldPercentage),
                onHundred(settings.silverPercentage),
                onHundred(settings.bronzePercentage),
              )}{' '}
              {T.deviationHelper(settings.costDeviationPercentage)}
            </Typography>
          ) : null}
          <Box>
            <Button type="submit" variant="contained" disabled={settings === null || save.isPending}>
              {T.save}
            </Button>
          </Box>
        </Box>
      </Box>
    </SettingsCard>
  );
}
