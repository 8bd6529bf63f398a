import { type Customer, type CustomerList, csvMoney, formatDocument, formatPhone } from '@backoffice/contract';
import { csvDate } from '../../lib/csv';

type Cell = string | number | null | undefined;
interface Column {
  header: string;
  cell: (customer: Customer) => Cell;
}

// The columns of each card of the customers screen, with its Portuguese headers (the hidden Id left out), and
// after the document the 'Inscrição estadual' (issue 41), which the cards leave to the details.
const BASE: Column[] = [
  { header: 'Nome', cell: (c) => c.name },
  { header: 'E-mail', cell: (c) => c.email },
  { header: 'Telefone', cell: (c) => formatPhone(c.phone) },
  { header: 'Documento', cell: (c) => formatDocument(c.document) },
  { header: 'Inscrição estadual', cell: (c) => c.stateRegistration ?? '' },
];
const LEVEL: Column = { header: 'Nível', cell: (c) => c.levelName };
const DELIVERER: Column = { header: 'Motoboy', cell: (c) => c.delivererAssociated ?? '' };
const SHIPPING: Column = { header: 'Frete', cell: (c) => csvMoney(c.shippingCost) };
const WARRANTY: Column = { header: 'Garantia', cell: (c) => `${c.warrantyPercentage.toLocaleString('pt-BR')}%` };
const TOTAL: Column = { header: 'Total de compras', cell: (c) => csvMoney(c.totalPurchase) };
const CITY: Column = {
  header: 'Cidade',
  cell: (c) => (c.address.city ? `${c.address.city}/${c.address.state ?? ''}` : ''),
};
const CREATED: Column = { header: 'Cadastrado em', cell: (c) => csvDate(c.createdAt) };
const REASON: Column = { header: 'Motivo', cell: (c) => c.statusNote ?? '' };

const COLUMNS: Record<CustomerList, Column[]> = {
  active: [...BASE, LEVEL, DELIVERER, SHIPPING, WARRANTY, TOTAL],
  awaiting: [...BASE, CITY, DELIVERER, CREATED],
  blocked: [...BASE, LEVEL, REASON, TOTAL],
  reproved: [...BASE, CITY, REASON, CREATED],
};

/** Headers and cells of a list's CSV download, as the screen's card shows them. */
export function customerCsvColumns(list: CustomerList) {
  const columns = COLUMNS[list];
  return {
    headers: columns.map((column) => column.header),
    cells: (customer: Customer) => columns.map((column) => column.cell(customer)),
  };
}
