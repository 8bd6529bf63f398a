import { type CsvValue, csvMoney, csvText } from '@backoffice/contract';
import {
  GRID_CHECKBOX_SELECTION_COL_DEF,
  type GridApi,
  type GridColDef,
  type GridRowId,
  gridVisibleColumnDefinitionsSelector,
} from '@mui/x-data-grid';
import type { RefObject } from 'react';
import { formatMoney } from '../lib/format';

/** Money on screen: R$ 1.234,56. The table's CSV recognises a column by this formatter (see `moneyColumn`). */
export function formatMoneyCell(value: number | null | undefined): string {
  return formatMoney(value);
}

/**
 * Spread into a column of money: numeric (right-aligned), shown as R$ 1.234,56, and written to the table's
 * CSV as 1234,56, the number every export writes for money (the contract's `csvMoney`).
 */
export const moneyColumn = {
  type: 'number',
  valueFormatter: formatMoneyCell,
} as const satisfies Partial<GridColDef>;

function cellOf(apiRef: RefObject<GridApi>, id: GridRowId, column: GridColDef): CsvValue {
  const { value, formattedValue } = apiRef.current.getCellParams(id, column.field);
  if (column.valueFormatter === formatMoneyCell) return typeof value === 'number' ? csvMoney(value) : '';
  if (column.type === 'number' && typeof value === 'number') return value;
  return formattedValue === null || formattedValue === undefined ? '' : String(formattedValue);
}

/**
 * 'Baixar CSV' of a client list: the visible columns (not the selection checkbox, nor a column that
 * disables export) of the rows `ids`, through the contract's `csvText` like every other export: cells
 * as the screen shows them with formulas made inert, money as 1234,56 and counts as plain numbers.
 */
export function gridCsv(apiRef: RefObject<GridApi>, ids: readonly GridRowId[]): string {
  const columns = gridVisibleColumnDefinitionsSelector(apiRef).filter(
    (column) => column.field !== GRID_CHECKBOX_SELECTION_COL_DEF.field && column.disableExport !== true,
  );
  return csvText([
    columns.map((column) => column.headerName ?? column.field),
    ...ids.map((id) => columns.map((column) => cellOf(apiRef, id, column))),
  ]);
}
