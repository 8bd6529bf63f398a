import type { TradeInEvaluation } from '@backoffice/contract';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatMoney } from '../../../lib/format';
import { TRADE_INS_TEXTS as T } from '../texts';

function Line({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <Box component="li" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.25 }}>
      <Typography variant="body2" sx={strong ? { fontWeight: 700 } : undefined}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ whiteSpace: 'nowrap', fontWeight: strong ? 700 : 400 }}>
        {value}
      </Typography>
    </Box>
  );
}

/**
 * The offer worked out (decision 0058): the table's price, each defect's deduction, and the offer; a model out of
 * the table says it has no offer. A list named `label` (a screen reader reads its lines).
 */
export function EvaluationLines({ evaluation, label }: { evaluation: TradeInEvaluation; label: string }) {
  if (evaluation.tablePrice === null) {
    return (
      <Typography variant="body2" color="warning.dark" role="status">
        {T.noTablePrice}
      </Typography>
    );
  }
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      <Line label={T.tablePrice} value={formatMoney(evaluation.tablePrice)} />
      {evaluation.deductions.map((line) => (
        <Line key={line.defect} label={T.deduction(line.label)} value={`− ${formatMoney(line.amount)}`} />
      ))}
      <Box component="li" sx={{ borderTop: 1, borderColor: 'divider', mt: 0.5 }} aria-hidden />
      <Line label={T.offer} value={formatMoney(evaluation.offer)} strong />
    </Box>
  );
}
