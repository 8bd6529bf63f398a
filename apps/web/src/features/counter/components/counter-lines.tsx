import { centsToReais, formatBRL } from '@backoffice/contract';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DiscountField } from '../../../components/discount-field';
import { type CounterLineState, withQuantity } from '../lib/counter-sale';
import { COUNTER_SCREEN_TEXTS as T } from '../texts';

/**
 * The sale's lines: quantity typed, the line's own discount (R$ or %: what it takes off and the line after it, as
 * `lineDiscounts` worked it out), a phone's IMEIs per unit, removed with one click.
 */
export function CounterLines({
  lines,
  lineDiscounts,
  onChange,
}: {
  lines: readonly CounterLineState[];
  /** Each line's own discount in cents, by product (the sale's figures). */
  lineDiscounts: ReadonlyMap<number, number>;
  onChange: (lines: CounterLineState[]) => void;
}) {
  const replace = (index: number, line: CounterLineState | null) =>
    onChange(lines.flatMap((other, i) => (i === index ? (line ? [line] : []) : [other])));
  if (lines.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 2 }}>
        {T.empty}
      </Typography>
    );
  }
  return (
    <Stack spacing={1} aria-label={T.lines} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {lines.map((line, index) => (
        <Paper component="li" variant="outlined" key={line.productId} sx={{ p: 1 }}>
          <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1, rowGap: 1 }}>
            <Stack sx={{ flex: 1, minWidth: 0, flexBasis: { xs: '100%', sm: 0 } }}>
              <Typography>{line.name}</Typography>
              <Typography variant="body2" color="text.secondary">
                {line.code} · {formatBRL(centsToReais(line.unitCents))}
              </Typography>
            </Stack>
            <TextField
              label={T.quantity}
              size="small"
              type="number"
              value={line.quantity}
              onChange={(event) => {
                const quantity = Math.max(1, Math.min(10_000, Math.trunc(Number(event.target.value) || 1)));
                replace(index, withQuantity(line, quantity));
              }}
              slotProps={{ htmlInput: { min: 1, 'aria-label': `${T.quantity} ${line.name}` } }}
              sx={{ width: 80 }}
            />
            <Typography sx={{ flex: { xs: 1, sm: 'none' }, width: { sm: 110 }, textAlign: 'right' }}>
              {formatBRL(centsToReais(line.unitCents * line.quantity))}
            </Typography>
            <IconButton aria-label={`${T.remove} ${line.name}`} onClick={() => replace(index, null)}>
              <DeleteOutline />
            </IconButton>
          </Stack>
          <Stack direction="row" sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
            <DiscountField
              label={T.lineDiscount}
              value={line.discount}
              settleMs={0}
              onChange={(discount) => replace(index, { ...line, discount })}
            />
            {(lineDiscounts.get(line.productId) ?? 0) > 0 && (
              <Typography variant="body2" color="success.main">
                {T.lineAfterDiscount(
                  formatBRL(centsToReais(lineDiscounts.get(line.productId) ?? 0)),
                  formatBRL(centsToReais(line.unitCents * line.quantity - (lineDiscounts.get(line.productId) ?? 0))),
                )}
              </Typography>
            )}
          </Stack>
          {line.imeis.map((imei, unit) => (
            <TextField
              // biome-ignore lint/suspicious/noArrayIndexKey: one field per unit, in order
              key={unit}
              label={T.imei(unit + 1)}
              size="small"
              value={imei}
              onChange={(event) =>
                replace(index, {
                  ...line,
                  imeis: line.imeis.map((old, i) => (i === unit ? event.target.value.replace(/\D/g, '') : old)),
                })
              }
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 15 } }}
              sx={{ mt: 1, mr: 1, width: 200 }}
            />
          ))}
        </Paper>
      ))}
    </Stack>
  );
}
