import { formatDocument, shownEmail } from '@backoffice/contract';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { ResponsiveStyleValue } from '@mui/system';
import { useState } from 'react';

/** What a picker holds: the chosen record's id and name. */
export interface Choice {
  id: number;
  name: string;
}

/** What a `ChoicePicker` is given. */
export interface ChoicePickerProps<O extends Choice> {
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
}: ChoicePickerProps<O>) {
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

/** A server search as a search picker asks it: what the field says, the query, and the options' hint. */
export interface ChoiceSearch<O extends Choice> {
  label: string;
  noOptionsText: string;
  /** The feature's query hook for what is typed (its `api/` module's, so the same hook on every render). */
  useSearch: (typed: string) => { data?: readonly O[] | undefined; isFetching: boolean };
  hint?: (option: O | Choice) => string | null | undefined;
}

/** Where a search picker stands and how it looks: the chosen record, what to do with another, size, width… */
export type SearchPickerProps = Pick<
  ChoicePickerProps<Choice>,
  'value' | 'onChange' | 'size' | 'disabled' | 'helperText' | 'width'
>;

/**
 * A feature's picker of one record searched on the server (a customer, a supplier): a `ChoicePicker` that keeps
 * what is typed itself and asks `search.useSearch` with it. `search` is the feature's, made once at its module's
 * top level (e.g. the supplier picker's label, texts, `useSupplierOptions` and the CNPJ/CPF hint).
 */
export function SearchPicker<O extends Choice>({ search, ...props }: SearchPickerProps & { search: ChoiceSearch<O> }) {
  const { useSearch, ...texts } = search;
  const [typed, setTyped] = useState('');
  const found = useSearch(typed);
  return (
    <ChoicePicker<O>
      {...texts}
      {...props}
      typed={typed}
      onTypedChange={setTyped}
      found={found.data ?? []}
      loading={found.isFetching}
    />
  );
}

/** A customer's hint: its e-mail, unless none or a placeholder address (then nothing follows the name). */
export function emailHint(option: Choice & { email?: string | null }): string | null {
  return shownEmail(option.email) || null;
}

/** A supplier's hint: its CNPJ/CPF formatted (as typed when it is neither), when the option has the field. */
export function documentHint(option: Choice & { document?: string | null }): string | null {
  return 'document' in option ? formatDocument(option.document) : null;
}

/**
 * A feature's customer search: its own query hook (its endpoint, its permission) and its texts' `customer` (the
 * label) and `customerSearch` (said while nothing is found), each option with its e-mail after the name.
 */
export function customerSearch<O extends Choice & { email?: string | null }>(
  useSearch: ChoiceSearch<O>['useSearch'],
  texts: { customer: string; customerSearch: string },
): ChoiceSearch<O> {
  return { label: texts.customer, noOptionsText: texts.customerSearch, useSearch, hint: emailHint };
}
