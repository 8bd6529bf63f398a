import { formatDocument, type Supplier } from '@backoffice/contract';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useSupplierOptions } from '../api/payables-api';
import { PAYABLES_TEXTS as T } from '../texts';

export interface SupplierChoice {
  id: number;
  name: string;
}

/** A supplier searched on the server by name or CNPJ/CPF as it is typed (or none). */
export function SupplierPicker({
  value,
  onChange,
  size = 'small',
  disabled = false,
  helperText,
  width,
}: {
  value: SupplierChoice | null;
  onChange: (value: SupplierChoice | null) => void;
  size?: 'small' | 'medium';
  disabled?: boolean;
  helperText?: string;
  /** A fixed width (a filter bar's); none: the container's. */
  width?: number;
}) {
  const [typed, setTyped] = useState('');
  const options = useSupplierOptions(typed);
  const found: (Supplier | SupplierChoice)[] = options.data ?? [];
  return (
    <Autocomplete<Supplier | SupplierChoice>
      value={value}
      onChange={(_event, choice) => onChange(choice ? { id: choice.id, name: choice.name } : null)}
      inputValue={typed}
      onInputChange={(_event, text) => setTyped(text)}
      options={value && !found.some((s) => s.id === value.id) ? [value, ...found] : found}
      filterOptions={(all) => all}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      renderOption={(props, option) => (
        <li {...props} key={option.id}>
          {option.name}
          {'document' in option ? ` · ${formatDocument(option.document)}` : ''}
        </li>
      )}
      loading={options.isFetching}
      disabled={disabled}
      size={size}
      noOptionsText={T.supplierSearch}
      renderInput={(params) => <TextField {...params} label={T.supplier} helperText={helperText} />}
      sx={width ? { width } : undefined}
    />
  );
}
