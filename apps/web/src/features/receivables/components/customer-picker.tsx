import { shownEmail } from '@backoffice/contract';
import { useState } from 'react';
import { type Choice, ChoicePicker } from '../../../components/choice-picker';
import { useCustomerOptions } from '../api/receivables-api';
import { RECEIVABLES_TEXTS as T } from '../texts';

export type CustomerChoice = Choice;

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
      width={width ? { xs: '100%', sm: width } : undefined}
    />
  );
}
