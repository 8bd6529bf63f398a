import { BONUS_COST_LABELS, BONUS_COSTS, type BonusCost, type PurchasePreview } from '@backoffice/contract';
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { formatMoney } from '../../../lib/format';
import { COST_TEXTS as C } from '../texts';

/**
 * 'Custo da entrada' (decision 0089): the rules the API applied, in its words (bonus, Regime Normal credits), the
 * cost of the bonus items to choose ('Ratear o valor pago entre todos os itens' or 'Custo zero') and what enters the
 * stock. Shown only when the note has something to say (bonus items or credits).
 */
export function NfeCostsPanel(props: {
  preview: PurchasePreview;
  bonusCost: BonusCost | undefined;
  onBonusCost: (choice: BonusCost) => void;
}) {
  const { costs } = props.preview;
  if (costs.notes.length === 0 && costs.bonusItems === 0) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1 }} component="section" aria-label={C.title}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {C.title}
      </Typography>
      {costs.notes.map((note) => (
        <Alert key={note} severity="info">
          {note}
        </Alert>
      ))}
      {costs.bonusItems > 0 ? (
        <>
          <Typography variant="body2">
            {C.bonusValue(formatMoney(costs.bonusValue), formatMoney(costs.payable))}
          </Typography>
          <RadioGroup
            aria-label={C.bonusQuestion}
            value={props.bonusCost ?? costs.bonusCost ?? 'SHARE'}
            onChange={(event) => props.onBonusCost(event.target.value as BonusCost)}
          >
            {BONUS_COSTS.map((choice) => (
              <FormControlLabel key={choice} value={choice} control={<Radio />} label={BONUS_COST_LABELS[choice]} />
            ))}
          </RadioGroup>
        </>
      ) : null}
      {costs.credits.total > 0 ? (
        <Typography variant="body2">{C.creditsTotal(formatMoney(costs.credits.total))}</Typography>
      ) : null}
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {C.entryTotal(formatMoney(costs.entryCost))}
      </Typography>
    </Paper>
  );
}
