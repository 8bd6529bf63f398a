import { customerSearch, SearchPicker, type SearchPickerProps } from '../../../components/choice-picker';
import { useCustomerOptions } from '../api/repairs-api';
import { REPAIRS_TEXTS as T } from '../texts';

const CUSTOMERS = customerSearch(useCustomerOptions, T);

/** The service order's customer, searched on the server by name, e-mail or document as it is typed. */
export function CustomerPicker(props: SearchPickerProps) {
  return <SearchPicker search={CUSTOMERS} {...props} />;
}
