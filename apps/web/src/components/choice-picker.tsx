import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { ResponsiveStyleValue } from '@mui/system';

/** What a picker holds: the chosen record's id and name. */
export interface Choice {
  id: number;
  name: string;
}

/**
 * One record (a customer, a supplier…) searched on the server as it is typed, or none. The caller keeps what is
 * typed (`typed`, `onTypedChange`) and asks its own query with it; `found` is that query's answer, shown as it
 * comes (the server filtered it), with the chosen one kept among the options. Each option reads its name, then
 * ` · ` and its `hint` when it has one (a CNPJ/CPF, an e-mail).
 */
export function ChoicePicker<O extends Choice>({
  label,
  noOptionsText,
  value,
  onChange,
  typed,
  onTypedChange,
  found,
  loading,
  hint,
  size = 'small',
  disabled = false,
  helperText,
  width,
}: {
  label: string;
  /** Said while nothing is found (e.g. 'Digite para buscar o cliente'). */
  noOptionsText: string;
  value: Choice | null;
  onChange: (value: Choice | null) => void;
  typed: string;
  onTypedChange: (text: string) => void;
  found: readonly O[];
  loading: boolean;
  /** What follows an option's name, if anything (the chosen one may be a bare `Choice`). */
  hint?: (option: O | Choice) => string | null | undefined;
  size?: 'small' | 'medium';
  disabled?: boolean;
  helperText?: string;
  /** A width (a filter bar's, e.g. `{ xs: '100%', sm: 280 }`); none: the container's. */
  width?: ResponsiveStyleValue<number | string>;
}) {
  const options: (O | Choice)[] = value && !found.some((o) => o.id === value.id) ? [value, ...found] : [...found];
  return (
    <Autocomplete<O | Choice>
      value={value}
      onChange={(_event, choice) => onChange(choice ? { id: choice.id, name: choice.name } : null)}
      inputValue={typed}
      onInputChange={(_event, text) => onTypedChange(text)}
      options={options}
      filterOptions={(all) => all}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      renderOption={(props, option) => {
        const more = hint?.(option);
        return (
          <li {...props} key={option.id}>
            {option.name}
            {more === null || more === undefined ? '' : ` · ${more}`}
          </li>
        );
      }}
      loading={loading}
      disabled={disabled}
      size={size}
      noOptionsText={noOptionsText}
      renderInput={(params) => <TextField {...params} label={label} helperText={helperText} />}
      sx={width ? { width } : undefined}
    />
  );
}
