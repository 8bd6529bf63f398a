import { type DeliverySchedule, deliveryScheduleSchema } from '@backoffice/contract';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import { DEPARTURES_TEXTS as T } from '../texts';

/** The week as the editor holds it: one text per day, Sunday first ('10:40, 14:10'). */
export type WeekTexts = string[];

export const weekToTexts = (week: DeliverySchedule): WeekTexts => week.map((times) => times.join(', '));

const timesOf = (text: string) => text.split(/[,;\s]+/).filter(Boolean);

/**
 * The week typed, checked by the server's own rule (the contract's `deliveryScheduleSchema`): the week
 * to send, or the problem of each day and of the week as a whole.
 */
export function checkWeek(texts: WeekTexts): {
  week: string[][] | null;
  dayErrors: (string | null)[];
  weekError: string | null;
} {
  const parsed = deliveryScheduleSchema.safeParse(texts.map(timesOf));
  if (parsed.success) return { week: parsed.data, dayErrors: texts.map(() => null), weekError: null };
  const dayErrors: (string | null)[] = texts.map(() => null);
  let weekError: string | null = null;
  for (const issue of parsed.error.issues) {
    const day = issue.path[0];
    if (typeof day === 'number' && day < dayErrors.length) dayErrors[day] ??= issue.message;
    else weekError ??= issue.message;
  }
  return { week: null, dayErrors, weekError };
}

/** Monday first, Sunday last, as a shop reads its week. */
const DAY_ORDER = [1, 2, 3, 4, 5, 6, 0];

/** One field per weekday, the times of its departures separated by commas. */
export function DeparturesEditor({
  value,
  onChange,
  disabled = false,
  idPrefix,
}: {
  value: WeekTexts;
  onChange: (value: WeekTexts) => void;
  disabled?: boolean;
  idPrefix: string;
}) {
  const { dayErrors, weekError } = checkWeek(value);
  return (
    <Box>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
        }}
      >
        {DAY_ORDER.map((day) => (
          <TextField
            key={day}
            id={`${idPrefix}-day-${day}`}
            label={T.weekdays[day]}
            value={value[day] ?? ''}
            disabled={disabled}
            size="small"
            onChange={(event) => onChange(value.map((text, i) => (i === day ? event.target.value : text)))}
            error={Boolean(dayErrors[day])}
            helperText={dayErrors[day] ?? ' '}
            slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
          />
        ))}
      </Box>
      <FormHelperText error={Boolean(weekError)} sx={{ mx: 0 }}>
        {weekError ?? T.dayHint}
      </FormHelperText>
    </Box>
  );
}
