import { FISCAL_NOTE_TEXTS, type FiscalNoteGap } from '@backoffice/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MODEL_LABELS } from '../../../components/fiscal/texts';
import { ListCard } from '../../../components/list-card';
import { useNoteGaps } from '../api/fiscal-notes-api';
import { FISCAL_NOTES_TEXTS as T } from '../texts';

const PAGE_SIZE = 50;

/** One gap: the model and series, the numbers, the month, what they are (never used, a rejected note's). */
function GapLine({ gap, onVoid }: { gap: FiscalNoteGap; onVoid: ((gap: FiscalNoteGap) => void) | null }) {
  const what = [
    `${MODEL_LABELS[gap.model]} · série ${gap.series}`,
    T.gapNumbers(gap.from, gap.to),
    T.gapMonth(gap.month),
    T.gapKinds[gap.kind],
    gap.note?.order ? T.gapOrder(gap.note.order) : null,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <Stack component="li" direction="row" sx={{ alignItems: 'center', gap: 1, py: 0.5, flexWrap: 'wrap' }}>
      <Typography variant="body2" sx={{ flex: '1 1 16rem', minWidth: 0 }}>
        {what}
      </Typography>
      {onVoid ? (
        <Button size="small" variant="outlined" onClick={() => onVoid(gap)}>
          {T.gapVoid}
        </Button>
      ) : null}
    </Stack>
  );
}

/**
 * 'Lacunas de numeração' (issue 56 §1): per model, series and month, the numbers neither authorised, cancelled nor
 * voided — never used, or a rejected note's —, each with 'Inutilizar' (the voiding dialog filled in with them).
 */
export function NumberGaps({ onVoid }: { onVoid: ((gap: FiscalNoteGap) => void) | null }) {
  const gaps = useNoteGaps(0, PAGE_SIZE);
  const items = gaps.data?.items ?? [];
  return (
    <ListCard
      title={FISCAL_NOTE_TEXTS.gapsTitle}
      totals={gaps.data ? T.gapsCount(items.length, gaps.data.total) : null}
      totalsTestId="fiscal-notes-gaps-total"
    >
      <Box sx={{ px: 2, pb: 1.5 }} data-testid="fiscal-notes-gaps">
        {gaps.isError ? <Alert severity="error">{T.gapsFailed}</Alert> : null}
        {gaps.data && items.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {T.gapsEmpty}
          </Typography>
        ) : null}
        {items.length > 0 ? (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {T.gapsHint}
            </Typography>
            <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
              {items.map((gap) => (
                <GapLine key={`${gap.model}-${gap.series}-${gap.from}-${gap.kind}`} gap={gap} onVoid={onVoid} />
              ))}
            </Box>
          </>
        ) : null}
      </Box>
    </ListCard>
  );
}
