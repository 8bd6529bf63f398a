import { shownEmail } from '@backoffice/contract';
import { useState } from 'react';
import { type Choice, ChoicePicker } from '../../../components/choice-picker';
import { useCustomerOptions } from '../api/repairs-api';
import { REPAIRS_TEXTS as T } from '../texts';

/** The service order's customer, searched on the server by name, e-mail or document as it is typed. */
export function CustomerPicker({
  value,
  onChange,
  disabled,
  error,
}: {
  value: Choice | null;
  onChange: (value: Choice | null) => void;
  disabled?: boolean;
  /** The field's problem ('Informe o cliente…'), said under it. */
  error?: string | undefined;
}) {
  const [typed, setTyped] = useState('');
  const options = useCustomerOptions(typed);
  return (
    <ChoicePicker
      label={T.customer}
      noOptionsText={T.customerSearch}
      value={value}
      onChange={onChange}
      typed={typed}
      onTypedChange={setTyped}
      found={options.data ?? []}
      loading={options.isFetching}
      hint={(option) => ('email' in option && shownEmail(option.email)) || null}
      size="medium"
      disabled={disabled ?? false}
      helperText={error ?? ' '}
    />
  );
}
