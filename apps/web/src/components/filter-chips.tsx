import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';

/**
 * A list's situations as a row of chips, one pressed at a time (`aria-pressed`), in a group named `label`
 * (e.g. 'Situação'): a click chooses that situation.
 */
export function FilterChips<K extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly { value: K; label: string }[];
  value: K;
  onChange: (value: K) => void;
}) {
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} role="group" aria-label={label}>
      {options.map((option) => (
        <Chip
          key={option.value || 'all'}
          label={option.label}
          color={value === option.value ? 'primary' : 'default'}
          variant={value === option.value ? 'filled' : 'outlined'}
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
        />
      ))}
    </Stack>
  );
}
