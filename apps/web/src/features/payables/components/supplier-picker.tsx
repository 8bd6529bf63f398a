import type { Supplier } from '@backoffice/contract';
import {
  type Choice,
  type ChoiceSearch,
  documentHint,
  SearchPicker,
  type SearchPickerProps,
} from '../../../components/choice-picker';
import { useSupplierOptions } from '../api/payables-api';
import { PAYABLES_TEXTS as T } from '../texts';

export type SupplierChoice = Choice;

const SUPPLIERS: ChoiceSearch<Supplier> = {
  label: T.supplier,
  noOptionsText: T.supplierSearch,
  useSearch: useSupplierOptions,
  hint: documentHint,
};

/** A supplier searched on the server by name or CNPJ/CPF as it is typed (or none). */
export function SupplierPicker(props: SearchPickerProps) {
  return <SearchPicker search={SUPPLIERS} {...props} />;
}
