import {
  CUSTOMER_FILTER_FIELDS,
  CUSTOMER_FILTER_OPERATORS,
  CUSTOMER_SORT_FIELDS,
  type Customer,
  formatDocument,
  formatPhone,
  shownEmail,
} from '@backoffice/contract';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import {
  type GridColDef,
  type GridFilterModel,
  type GridPaginationModel,
  type GridSortModel,
  getGridStringOperators,
} from '@mui/x-data-grid';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { DataTable } from '../../../components/data-table';
import { formatDate, formatMoney } from '../../../lib/format';
import { type CustomerListKind, downloadCustomersCsv, fetchAllCustomers, useCustomerPage } from '../api/customers-api';
import { CUSTOMERS_TEXTS } from '../texts';

const C = CUSTOMERS_TEXTS.columns;

const BASE_COLUMNS: GridColDef<Customer>[] = [
  { field: 'id', headerName: 'Id', width: 70, type: 'number' },
  { field: 'name', headerName: C.name, flex: 1.2, minWidth: 180 },
  {
    field: 'email',
    headerName: C.email,
    flex: 1.2,
    minWidth: 200,
    valueFormatter: (value: string) => shownEmail(value),
  },
  { field: 'phone', headerName: C.phone, width: 150, valueFormatter: (value: string) => formatPhone(value) },
  {
    field: 'document',
    headerName: C.document,
    width: 175,
    valueFormatter: (value: string) => formatDocument(value),
  },
];

const LEVEL: GridColDef<Customer> = { field: 'levelName', headerName: C.level, width: 90 };
const DELIVERER: GridColDef<Customer> = {
  field: 'delivererAssociated',
  sortable: false,
  headerName: C.deliverer,
  width: 150,
  valueGetter: (value: string | null) => value ?? '',
};
const SHIPPING: GridColDef<Customer> = {
  field: 'shippingCost',
  headerName: C.shippingCost,
  width: 110,
  type: 'number',
  valueFormatter: (value: number) => formatMoney(value),
};
const WARRANTY: GridColDef<Customer> = {
  field: 'warrantyPercentage',
  headerName: C.warranty,
  width: 95,
  type: 'number',
  valueFormatter: (value: number) => `${value.toLocaleString('pt-BR')}%`,
};
const TOTAL: GridColDef<Customer> = {
  field: 'totalPurchase',
  sortable: false,
  headerName: C.totalPurchase,
  width: 150,
  type: 'number',
  valueFormatter: (value: number) => formatMoney(value),
};
const CITY: GridColDef<Customer> = {
  field: 'city',
  headerName: C.city,
  width: 140,
  valueGetter: (_value, row) => (row.address.city ? `${row.address.city}/${row.address.state ?? ''}` : ''),
};
const CREATED: GridColDef<Customer> = {
  field: 'createdAt',
  headerName: C.createdAt,
  width: 130,
  valueFormatter: (value: string) => formatDate(value),
};
const REASON: GridColDef<Customer> = {
  field: 'statusNote',
  headerName: C.reason,
  flex: 1,
  minWidth: 180,
  valueGetter: (value: string | null) => value ?? '',
};

const FILTERABLE = new Set<string>(CUSTOMER_FILTER_FIELDS);
/** The text operators the server applies; the other columns are not filterable on a server list. */
const SERVER_OPERATORS = getGridStringOperators().filter((operator) =>
  (CUSTOMER_FILTER_OPERATORS as readonly string[]).includes(operator.value),
);
const serverFilterable = (columns: GridColDef<Customer>[]) =>
  columns.map((column) =>
    FILTERABLE.has(column.field) ? { ...column, filterOperators: SERVER_OPERATORS } : { ...column, filterable: false },
  );

const COLUMNS: Record<CustomerListKind, GridColDef<Customer>[]> = {
  active: serverFilterable([...BASE_COLUMNS, LEVEL, DELIVERER, SHIPPING, WARRANTY, TOTAL]),
  awaiting: serverFilterable([...BASE_COLUMNS, CITY, DELIVERER, CREATED]),
  blocked: serverFilterable([...BASE_COLUMNS, LEVEL, REASON, TOTAL]),
  reproved: serverFilterable([...BASE_COLUMNS, CITY, REASON, CREATED]),
};

const SORTABLE = new Set<string>(CUSTOMER_SORT_FIELDS);
/** The filter panel's item as the API's `filter` (`city:equals:Niterói`); undefined when it filters nothing. */
function filterParam(model: GridFilterModel): string | undefined {
  const item = model.items[0];
  if (!item || !FILTERABLE.has(item.field)) return undefined;
  if (item.operator === 'isEmpty' || item.operator === 'isNotEmpty') return `${item.field}:${item.operator}`;
  const value = typeof item.value === 'string' ? item.value.trim() : '';
  return value ? `${item.field}:${item.operator}:${value}` : undefined;
}

/** The grid's sort model as the API's `sort` (`name:asc`); undefined for the default order. */
function sortParam(model: GridSortModel): string | undefined {
  const first = model[0];
  return first?.sort && SORTABLE.has(first.field) ? `${first.field}:${first.sort}` : undefined;
}

export interface CustomersCardProps {
  kind: CustomerListKind;
  /** Toolbar buttons for the selected customer. */
  actions: (selected: Customer[]) => ReactNode;
  /** The 'Fechar' button of the blocked, reproved and waiting cards. */
  onClose?: () => void;
}

/**
 * One customer list as a card: the shared table (10 rows, single selection, search, CSV, print, columns),
 * paged, searched and sorted on the server; CSV and print cover every customer that matches.
 */
export function CustomersCard({ kind, actions, onClose }: CustomersCardProps) {
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: 10 });
  const [sortModel, setSortModel] = useState<GridSortModel>([]);
  const [search, setSearch] = useState('');
  const [filterModel, setFilterModel] = useState<GridFilterModel>({ items: [] });
  const sort = sortParam(sortModel);
  const filter = filterParam(filterModel);
  const list = useCustomerPage(kind, { page: pagination.page, items: pagination.pageSize, search, sort, filter });

  const onSearchChange = useCallback((text: string) => {
    setSearch(text);
    setPagination((current) => ({ ...current, page: 0 }));
  }, []);
  const server = useMemo(
    () => ({
      rowCount: list.data?.total ?? 0,
      paginationModel: pagination,
      onPaginationModelChange: setPagination,
      sortModel,
      onSortModelChange: (model: GridSortModel) => {
        setSortModel(model);
        setPagination((current) => ({ ...current, page: 0 }));
      },
      filterModel,
      onFilterModelChange: (model: GridFilterModel) => {
        setFilterModel(model);
        setPagination((current) => ({ ...current, page: 0 }));
      },
      search,
      onSearchChange,
      exportCsv: () => downloadCustomersCsv(kind, { search, sort, filter }),
      fetchAll: () => fetchAllCustomers(kind, { search, sort, filter }),
    }),
    [list.data?.total, pagination, sortModel, filterModel, search, onSearchChange, kind, sort, filter],
  );

  return (
    <Card>
      <CardHeader
        title={CUSTOMERS_TEXTS.cards[kind]}
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
        action={
          onClose ? (
            <Button variant="outlined" onClick={onClose}>
              {CUSTOMERS_TEXTS.close}
            </Button>
          ) : undefined
        }
        sx={{ pb: 0 }}
      />
      <CardContent sx={{ pt: 1, '&:last-child': { pb: 1 } }}>
        <DataTable<Customer>
          rows={list.data?.customers ?? []}
          columns={COLUMNS[kind]}
          loading={list.isFetching}
          emptyText={CUSTOMERS_TEXTS.empty[kind]}
          selectionActions={actions}
          label={CUSTOMERS_TEXTS.cards[kind]}
          initialHiddenColumns={['id']}
          server={server}
        />
      </CardContent>
    </Card>
  );
}
