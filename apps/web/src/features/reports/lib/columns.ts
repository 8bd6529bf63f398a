import {
  type CsvValue,
  centsToReais,
  csvMoney,
  csvText,
  customerLevelLabel,
  type ReportColumnKind,
  reaisToCents,
} from '@backoffice/contract';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import { moneyColumn } from '../../../components/data-table-csv';
import { orderStatusLabel } from '../../../components/orders/order-format';
import { formatDate, formatDateTime, formatMoney, formatPhone } from '../../../lib/format';

/** How a report column shows its value: on screen, in the CSV and on paper alike. */
export type ColumnKind = ReportColumnKind;

/** One column of a report table. */
export interface ReportColumn<R> {
  field: string;
  header: string;
  kind?: ColumnKind;
  /** The value when it is not `row[field]`. */
  value?: (row: R) => unknown;
  /** Relative width on screen (flex); default 1. */
  flex?: number;
  minWidth?: number;
}

/** The text of a value of that kind: R$ 1.234,56, DD/MM/YYYY, the level's name, Sim/Não, (11) 98765-4321… */
export function formatCell(kind: ColumnKind | undefined, value: unknown): string {
  if (value === null || value === undefined) return '';
  switch (kind) {
    case 'money':
      return formatMoney(value as number);
    case 'int':
      return (value as number).toLocaleString('pt-BR');
    case 'percent':
      return `${(value as number).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} %`;
    case 'date':
      return formatDate(value as string);
    case 'datetime':
      return formatDateTime(value as string);
    case 'level':
      return customerLevelLabel(value as number) || '—';
    case 'yesNo':
      return value ? 'Sim' : 'Não';
    case 'status':
      return orderStatusLabel(value as number);
    case 'phone':
      return formatPhone(value as string);
    default:
      return String(value);
  }
}

export function cellValue<R>(column: ReportColumn<R>, row: R): unknown {
  return column.value ? column.value(row) : (row as Record<string, unknown>)[column.field];
}

export function cellText<R>(column: ReportColumn<R>, row: R): string {
  return formatCell(column.kind, cellValue(column, row));
}

const NUMERIC: ColumnKind[] = ['int', 'money', 'percent'];

/** The DataGrid columns: formatted as `formatCell`, numbers to the right; the order is the report's own. */
export function toGridColumns<R extends GridValidRowModel>(columns: readonly ReportColumn<R>[]): GridColDef<R>[] {
  return columns.map((column) => ({
    field: column.field,
    headerName: column.header,
    flex: column.flex ?? 1,
    minWidth: column.minWidth ?? 120,
    sortable: false,
    align: column.kind && NUMERIC.includes(column.kind) ? 'right' : 'left',
    headerAlign: column.kind && NUMERIC.includes(column.kind) ? 'right' : 'left',
    valueGetter: (_value: unknown, row: R) => cellValue(column, row),
    // numbers stay numbers in the table's own CSV: money 1234,50, counts 1234
    ...(column.kind === 'money' ? moneyColumn : { valueFormatter: (value: unknown) => formatCell(column.kind, value) }),
    ...(column.kind === 'int' ? { type: 'number' as const } : {}),
  }));
}

/** A cell of the CSV: numbers as a spreadsheet sums them (money 1234,50, counts 1234), the rest as on screen. */
function csvValue<R>(column: ReportColumn<R>, row: R): CsvValue {
  const value = cellValue(column, row);
  if (typeof value === 'number' && column.kind === 'money') return csvMoney(value);
  if (typeof value === 'number' && column.kind === 'int') return value;
  return formatCell(column.kind, value);
}

/** CSV with ';' (spec section 9, the contract's `csvText`): a header line, then one line per row. */
export function toCsv<R>(columns: readonly ReportColumn<R>[], rows: readonly R[]): string {
  return csvText([columns.map((column) => column.header), ...rows.map((row) => columns.map((c) => csvValue(c, row)))]);
}

/** Σ of a numeric column over `rows`, in cents so R$ 0,10 + R$ 0,20 is R$ 0,30. */
export function sumMoney<R>(rows: readonly R[], value: (row: R) => number): number {
  return centsToReais(rows.reduce((cents, row) => cents + reaisToCents(value(row)), 0));
}

export function sumInt<R>(rows: readonly R[], value: (row: R) => number): number {
  return rows.reduce((sum, row) => sum + value(row), 0);
}
