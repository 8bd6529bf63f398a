import { CASH_ENTRY_KIND_LABELS, CASH_ENTRY_KINDS, type CashTotals, isCashOut } from '@backoffice/contract';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatMoney } from '../../../lib/format';
import { CASH_PAGE_TEXTS as T } from '../texts';

/** An amount as the drawer reads it: an out (sangria, devolução) negative; never '-R$ 0,00'. */
export const signedAmount = (kind: (typeof CASH_ENTRY_KINDS)[number], amount: number) =>
  isCashOut(kind) && amount !== 0 ? -amount : amount;

/** A difference's colour: red when cash is missing, the text's otherwise. */
export const differenceColor = (difference: number | null | undefined) =>
  difference !== null && difference !== undefined && difference < 0 ? 'error.main' : 'text.primary';

function Line({
  label,
  value,
  strong = false,
  muted = false,
}: {
  label: string;
  value: number;
  strong?: boolean;
  muted?: boolean;
}) {
  const weight = strong ? 700 : 400;
  return (
    <>
      <Typography
        component="dt"
        variant="body2"
        color={muted ? 'text.secondary' : 'text.primary'}
        sx={{ fontWeight: weight }}
      >
        {label}
      </Typography>
      <Typography
        component="dd"
        variant="body2"
        color={muted ? 'text.secondary' : 'text.primary'}
        sx={{ m: 0, fontWeight: weight, textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
      >
        {formatMoney(value)}
      </Typography>
    </>
  );
}

/**
 * A session's figures: the float, each kind's sum (outs negative; kinds without movement greyed) and 'Esperado no
 * caixa' in bold (when the reader may see it), as a list of terms and amounts aligned to the right.
 */
export function CashFigures({ totals, label }: { totals: CashTotals; label: string }) {
  return (
    <Box
      component="dl"
      aria-label={label}
      sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', columnGap: 2, rowGap: 0.25, m: 0 }}
    >
      <Line label={T.float} value={totals.float} />
      {CASH_ENTRY_KINDS.map((kind) => (
        <Line
          key={kind}
          label={CASH_ENTRY_KIND_LABELS[kind]}
          value={signedAmount(kind, totals.byKind[kind] ?? 0)}
          muted={(totals.byKind[kind] ?? 0) === 0}
        />
      ))}
      {/* Left out by the server for the operator while the drawer is open (the blind count, decision 0078). */}
      {totals.expected === undefined ? null : (
        <>
          <Box sx={{ gridColumn: '1 / -1', borderTop: 1, borderColor: 'divider', my: 0.5 }} />
          <Line label={T.expected} value={totals.expected} strong />
        </>
      )}
    </Box>
  );
}
