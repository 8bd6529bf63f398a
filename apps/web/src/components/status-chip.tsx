import Chip, { type ChipProps } from '@mui/material/Chip';
import { STATUS_TONE_COLORS, type StatusTone } from './status-tone';

/** A label as a small chip in its tone's colours (`data-tone` says the tone). */
export function ToneChip({
  label,
  tone,
  size = 'small',
}: {
  label: string;
  tone: StatusTone;
  size?: ChipProps['size'];
}) {
  const colors = STATUS_TONE_COLORS[tone];
  return (
    <Chip size={size} label={label} data-tone={tone} sx={{ bgcolor: colors.bg, color: colors.fg, fontWeight: 600 }} />
  );
}

/**
 * A record's status as a small coloured chip: its label from `labels` (the contract's `X_STATUS_LABELS`), its
 * colours from the tone `tones` gives it (each feature says how its statuses read at a glance).
 */
export function StatusChip<S extends string>({
  status,
  labels,
  tones,
}: {
  status: S;
  labels: Readonly<Record<S, string>>;
  tones: Readonly<Record<S, StatusTone>>;
}) {
  return <ToneChip label={labels[status]} tone={tones[status]} />;
}
