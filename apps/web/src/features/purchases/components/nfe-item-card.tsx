import type { PurchasePreviewItem, PurchaseProductOption } from '@backoffice/contract';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { ImeiListField, imeiListOf } from '../../../components/imei-list-field';
import { formatMoney } from '../../../lib/format';
import { appendScannedCode, readImeiLines } from '../../../lib/imei-lines';
import { useBrandNames, useProductSearch } from '../api/purchases-api';
import { COST_TEXTS as C, PURCHASES_TEXTS as T } from '../texts';
import { type ItemChoice, isSerialized, shownProblems } from './item-choice';

/** The camera scanner ('Escanear'), loaded when a phone's IMEI list is shown. */
const BarcodeScanner = lazy(() => import('../../../components/barcode-scanner'));

interface Props {
  item: PurchasePreviewItem;
  choice: ItemChoice;
  onChange: (choice: ItemChoice) => void;
}

/** One item of the note: what it is, the product it goes to, its factor and IMEIs, its cost and what it leaves open. */
export function NfeItemCard({ item, choice, onChange }: Props) {
  const serialized = isSerialized(item, choice);
  const problems = shownProblems(item, choice);
  // Each line checked as typed (shape, check digit, repeats); registered IMEIs are the preview's problems.
  const imeiList = useMemo(() => imeiListOf(readImeiLines(choice.imeisText)), [choice.imeisText]);
  const set = (change: Partial<ItemChoice>) => onChange({ ...choice, ...change });
  const setCreate = (change: Partial<ItemChoice['create']>) => set({ create: { ...choice.create, ...change } });
  const matched = item.match === 'GTIN' || item.match === 'SUPPLIER_CODE';
  // The choice as it is now, for codes scanned faster than React renders.
  const now = useRef(choice);
  now.current = choice;
  /** A code read by the camera: a new 15-digit IMEI goes on a line of its own; anything else is left out. */
  const scanned = (code: string) => {
    const current = now.current;
    const text = /^\d{15}$/.test(code) ? appendScannedCode(current.imeisText, code) : null;
    if (text === null) return false;
    now.current = { ...current, imeisText: text };
    onChange(now.current);
    return true;
  };
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, display: 'grid', gap: 1.5 }}
      aria-label={T.item(item.line)}
      component="section"
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, flex: '1 1 260px' }}>
          {T.item(item.line)} · {item.name}
        </Typography>
        {item.bonus ? <Chip size="small" color="info" label={C.bonusChip} /> : null}
        {problems.length === 0 ? (
          <Chip size="small" color="success" label={T.ok} />
        ) : (
          <Chip size="small" color="warning" label={T.problemCount(problems.length)} />
        )}
      </Box>
      <Typography variant="body2" color="text.secondary">
        {T.supplierCode}: {item.supplierCode}
        {item.gtin ? ` · GTIN ${item.gtin}` : ''} · {T.quantity(item.quantity, item.unit)}
        {item.units !== null ? ` = ${T.units(item.units)}` : ''}
      </Typography>
      <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}>
        <Figure
          label={T.totalCost}
          value={formatMoney(item.totalCost)}
          hint={
            [
              item.freight ? `${T.freight} ${formatMoney(item.freight)}` : null,
              item.fcpSt ? C.fcpSt(formatMoney(item.fcpSt)) : null,
            ]
              .filter(Boolean)
              .join(' · ') || undefined
          }
        />
        <Figure
          label={C.entryCost}
          value={formatMoney(item.entryCost)}
          hint={
            item.credits.icms + item.credits.pis + item.credits.cofins > 0
              ? C.credits(
                  formatMoney(item.credits.icms),
                  formatMoney(item.credits.pis),
                  formatMoney(item.credits.cofins),
                )
              : undefined
          }
        />
        <Figure
          label={T.unitCost}
          value={item.unitCost === null ? '—' : formatMoney(item.unitCost)}
          hint={item.unitCosts.length > 1 ? item.unitCostsText : undefined}
        />
        <Figure
          label={T.newAverage}
          value={item.newAverageCost === null ? '—' : formatMoney(item.newAverageCost)}
          hint={
            item.levelPrices
              ? T.levels(
                  formatMoney(item.levelPrices.gold),
                  formatMoney(item.levelPrices.silver),
                  formatMoney(item.levelPrices.bronze),
                )
              : undefined
          }
        />
      </Box>
      <CostParts item={item} />

      <ToggleButtonGroup
        exclusive
        size="small"
        value={choice.mode}
        onChange={(_event, mode: ItemChoice['mode'] | null) => mode && set({ mode })}
        aria-label={T.mode}
        sx={{ flexWrap: 'wrap' }}
      >
        {matched ? <ToggleButton value="auto">{T.modeAuto}</ToggleButton> : null}
        <ToggleButton value="link">{T.modeLink}</ToggleButton>
        <ToggleButton value="create">{T.modeCreate}</ToggleButton>
      </ToggleButtonGroup>

      {choice.mode === 'auto' && item.product ? (
        <Typography variant="body2">
          <strong>{T.matched[item.match]}:</strong> {item.product.code} · {item.product.name} (
          {T.inStock(item.product.stock, formatMoney(item.product.cost))})
        </Typography>
      ) : null}
      {choice.mode === 'link' ? (
        <ProductPicker value={choice.product} onChange={(product) => set({ product })} />
      ) : null}
      {choice.mode === 'link' && item.product && choice.product?.id === item.product.id ? (
        <Typography variant="body2">{T.inStock(item.product.stock, formatMoney(item.product.cost))}</Typography>
      ) : null}
      {choice.mode === 'create' ? <NewProductFields value={choice.create} onChange={setCreate} /> : null}

      {item.unit.toUpperCase() !== 'UN' || choice.factor !== '' || !item.factorConfirmed ? (
        <TextField
          size="small"
          label={`${T.factor} ${item.unit}`}
          value={choice.factor === '' ? String(item.factor) : choice.factor}
          onChange={(event) => set({ factor: event.target.value })}
          helperText={`${item.factorText} · ${T.factorHelp}`}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          sx={{ maxWidth: 320 }}
        />
      ) : null}
      {!item.factorConfirmed && choice.factor === '' ? (
        <Button size="small" variant="outlined" onClick={() => set({ factor: String(item.factor) })}>
          {T.confirmFactor(item.factorText)}
        </Button>
      ) : null}

      {serialized ? (
        <ImeiListField
          value={choice.imeisText}
          onChange={(imeisText) => set({ imeisText })}
          list={imeiList}
          expected={item.units}
          action={
            <Suspense fallback={null}>
              <BarcodeScanner onDetected={scanned} label={T.scan} />
            </Suspense>
          }
        />
      ) : null}

      {item.costDeviation ? (
        <Box>
          <Typography variant="body2" color="warning.main">
            {T.costDeviation(
              item.costDeviation.percent,
              formatMoney(item.costDeviation.averageCost),
              item.costDeviation.limit,
            )}
          </Typography>
          <FormControlLabel
            control={
              <Checkbox checked={choice.acceptCost} onChange={(event) => set({ acceptCost: event.target.checked })} />
            }
            label={T.costChecked}
          />
        </Box>
      ) : null}

      {problems.length > 0 ? (
        <Alert severity="warning" variant="outlined">
          {problems.map((problem) => (
            <div key={problem}>{problem}</div>
          ))}
        </Alert>
      ) : null}
    </Paper>
  );
}

/**
 * 'Composição do custo': vProd − vDesc + vFrete + vSeg + vOutro + vIPI + vIPIDevol + vICMSST + vFCPST, the parts the
 * note has.
 */
function CostParts({ item }: { item: PurchasePreviewItem }) {
  const parts = item.costParts;
  const keys = ['discount', 'freight', 'insurance', 'other', 'ipi', 'ipiReturned', 'icmsSt', 'fcpSt'] as const;
  const shown = keys.filter((key) => parts[key] !== 0);
  if (shown.length === 0) return null;
  return (
    <Typography variant="body2" color="text.secondary">
      {T.costParts}: {formatMoney(parts.products)} {T.costPart.products}
      {shown.map((key) => ` ${T.costPart[key]} ${formatMoney(parts[key])}`).join('')} = {formatMoney(item.totalCost)}
    </Typography>
  );
}

function Figure({ label, value, hint }: { label: string; value: string; hint?: string | undefined }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography variant="body1" sx={{ fontWeight: 600 }}>
        {value}
      </Typography>
      {hint ? (
        <Typography variant="caption" color="text.secondary" component="p">
          {hint}
        </Typography>
      ) : null}
    </Box>
  );
}

/** 'Vincular a um produto': the catalogue searched as the stocker types. */
function ProductPicker({
  value,
  onChange,
}: {
  value: ItemChoice['product'];
  onChange: (product: ItemChoice['product']) => void;
}) {
  const [input, setInput] = useState('');
  const search = useProductSearch(input);
  const options: PurchaseProductOption[] = search.data ?? [];
  return (
    <Autocomplete<ItemChoice['product'] | PurchaseProductOption, false, false, false>
      size="small"
      options={options}
      value={value}
      filterOptions={(all) => all}
      getOptionLabel={(option) => (option ? `${option.code} · ${option.name}` : '')}
      isOptionEqualToValue={(option, selected) => option?.id === selected?.id}
      onInputChange={(_event, text) => setInput(text)}
      onChange={(_event, product) =>
        onChange(
          product ? { id: product.id, code: product.code, name: product.name, serialized: product.serialized } : null,
        )
      }
      noOptionsText={T.noProducts}
      loading={search.isFetching}
      renderInput={(params) => <TextField {...params} label={T.productSearch} />}
    />
  );
}

/** 'Criar produto': prefilled from the note (name, GTIN, NCM, CEST); brand and sale price typed. */
function NewProductFields({
  value,
  onChange,
}: {
  value: ItemChoice['create'];
  onChange: (change: Partial<ItemChoice['create']>) => void;
}) {
  const brands = useBrandNames();
  const text = (field: keyof Omit<ItemChoice['create'], 'serialized'>, label: string, numeric = false) => (
    <TextField
      size="small"
      label={label}
      value={value[field]}
      onChange={(event) => onChange({ [field]: event.target.value })}
      {...(numeric ? { slotProps: { htmlInput: { inputMode: 'decimal' as const } } } : {})}
    />
  );
  return (
    <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' } }}>
      <Box sx={{ gridColumn: { sm: 'span 3' } }}>{text('name', T.create.name)}</Box>
      <TextField
        select
        size="small"
        label={T.create.brand}
        value={value.brand}
        onChange={(event) => onChange({ brand: event.target.value })}
      >
        {(brands.data ?? []).map((name) => (
          <MenuItem key={name} value={name}>
            {name}
          </MenuItem>
        ))}
      </TextField>
      {text('sellPrice', T.create.sellPrice, true)}
      {text('barcode', T.create.barcode)}
      {text('ncm', T.create.ncm)}
      {text('cest', T.create.cest)}
      <FormControlLabel
        control={
          <Switch checked={value.serialized} onChange={(event) => onChange({ serialized: event.target.checked })} />
        }
        label={T.create.serialized}
      />
      {text('gold', T.create.gold, true)}
      {text('silver', T.create.silver, true)}
      {text('bronze', T.create.bronze, true)}
    </Box>
  );
}
