import { type Choice, customerSearch, SearchPicker, type SearchPickerProps } from '../../../components/choice-picker';
import { useCustomerOptions } from '../api/receivables-api';
import { RECEIVABLES_TEXTS as T } from '../texts';

export type CustomerChoice = Choice;

const CUSTOMERS = customerSearch(useCustomerOptions, T);

/** A customer searched on the server by name, e-mail or document as it is typed (or none): the list's filter. */
export function CustomerPicker(props: SearchPickerProps) {
  return <SearchPicker search={CUSTOMERS} {...props} />;
}
