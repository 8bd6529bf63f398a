import { formatDocument } from '@backoffice/contract';
import { useState } from 'react';
import { type Choice, ChoicePicker } from '../../../components/choice-picker';
import { useSupplierOptions } from '../api/payables-api';
import { PAYABLES_TEXTS as T } from '../texts';

export type SupplierChoice = Choice;

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
  return (
    <ChoicePicker
      label={T.supplier}
      noOptionsText={T.supplierSearch}
      value={value}
      onChange={onChange}
      typed={typed}
      onTypedChange={setTyped}
      found={options.data ?? []}
      loading={options.isFetching}
      hint={(option) => ('document' in option ? formatDocument(option.document) : null)}
      size={size}
      disabled={disabled}
      helperText={helperText}
      width={width}
    />
  );
}
