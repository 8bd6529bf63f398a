import type { Customer } from '@backoffice/contract';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useCustomerOptions } from '../api/receivables-api';
import { RECEIVABLES_TEXTS as T } from '../texts';

export interface CustomerChoice {
  id: number;
  name: string;
}

/** A customer searched on the server by name, e-mail or document as it is typed (or none): the list's filter. */
export function CustomerPicker({
  value,
  onChange,
  width,
}: {
  value: CustomerChoice | null;
  onChange: (value: CustomerChoice | null) => void;
  width?: number;
}) {
  const [typed, setTyped] = useState('');
  const options = useCustomerOptions(typed);
  const found: (Customer | CustomerChoice)[] = options.data ?? [];
  return (
    <Autocomplete<Customer | CustomerChoice>
      value={value}
      onChange={(_event, choice) => onChange(choice ? { id: choice.id, name: choice.name } : null)}
      inputValue={typed}
      onInputChange={(_event, text) => setTyped(text)}
      options={value && !found.some((c) => c.id === value.id) ? [value, ...found] : found}
      filterOptions={(all) => all}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      renderOption={(props, option) => (
        <li {...props} key={option.id}>
          {option.name}
          {'email' in option && option.email ? ` · ${option.email}` : ''}
        </li>
      )}
      loading={options.isFetching}
      size="small"
      noOptionsText={T.customerSearch}
      renderInput={(params) => <TextField {...params} label={T.customer} />}
      sx={width ? { width: { xs: '100%', sm: width } } : undefined}
    />
  );
}
