import { formatDocument, formatPhone, type Supplier } from '@backoffice/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { GridColDef } from '@mui/x-data-grid';
import { useState } from 'react';
import { DataTable } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { useServerList, useServerTable } from '../../../components/use-server-list';
import { formatDate } from '../../../lib/format';
import { downloadSuppliersCsv, fetchAllSuppliers, useSuppliers } from '../api/suppliers-api';
import { SupplierDialog } from '../components/supplier-dialog';
import { SUPPLIERS_TEXTS as T } from '../texts';

const PAGE_SIZE = 20;
/** On a phone the name and the document fit; the others stay under 'Colunas'. */
const PHONE_HIDDEN = ['tradeName', 'contactName', 'phone', 'email', 'city', 'createdAt'];
/** On a desktop the contact and the day of registration stay under 'Colunas': the others fit. */
const DESKTOP_HIDDEN = ['contactName', 'createdAt'];

const CSV_AND_PRINT = { exportCsv: downloadSuppliersCsv, fetchAll: fetchAllSuppliers };

const COLUMNS: GridColDef<Supplier>[] = [
  { field: 'name', headerName: T.name, flex: 1, minWidth: 200, sortable: false },
  { field: 'tradeName', headerName: T.tradeName, width: 150, sortable: false },
  {
    field: 'document',
    headerName: T.document,
    width: 170,
    sortable: false,
    valueFormatter: (value: string) => formatDocument(value),
  },
  { field: 'contactName', headerName: T.contactName, width: 140, sortable: false },
  {
    field: 'phone',
    headerName: T.phone,
    width: 130,
    sortable: false,
    valueFormatter: (value: string | null) => formatPhone(value),
  },
  { field: 'email', headerName: T.email, width: 190, sortable: false },
  {
    field: 'city',
    headerName: T.cityState,
    width: 140,
    sortable: false,
    valueGetter: (_value, row) => [row.address.city, row.address.state].filter(Boolean).join('/'),
  },
  {
    field: 'createdAt',
    headerName: T.createdAt,
    width: 120,
    sortable: false,
    valueFormatter: (value: string) => formatDate(value),
  },
];

/**
 * 'Fornecedores' (issue 39 §1): the shared table paged and searched on the server (name, trade name, CNPJ/CPF,
 * phone); 'Baixar CSV' is the server's export of every match. 'Novo fornecedor' and a selected row open the dialog.
 */
export default function SuppliersPage() {
  const list = useServerList(PAGE_SIZE);
  const { paging, search } = list;
  const [editing, setEditing] = useState<Supplier | 'new' | null>(null);
  const phone = useMediaQuery('(max-width:599.95px)', { noSsr: true });
  const suppliers = useSuppliers({ search, page: paging.page, size: paging.pageSize });

  const server = useServerTable(list, suppliers.data?.total ?? 0, search, CSV_AND_PRINT);

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <PageHeader
        title={T.title}
        actions={
          <Button variant="contained" onClick={() => setEditing('new')}>
            {T.newSupplier}
          </Button>
        }
      />
      <Paper variant="outlined">
        <DataTable<Supplier>
          rows={suppliers.data?.items ?? []}
          columns={COLUMNS}
          loading={suppliers.isFetching}
          label={T.title}
          emptyText={suppliers.isError ? T.loadFailed : T.empty}
          selection="single"
          selectedIds={[]}
          onSelectionChange={(rows) => setEditing(rows[0] ?? null)}
          pageSize={PAGE_SIZE}
          pageSizeOptions={[PAGE_SIZE, 50, 100]}
          csvFileName={T.csvFile}
          printTitle={T.title}
          server={server}
          initialHiddenColumns={phone ? PHONE_HIDDEN : DESKTOP_HIDDEN}
        />
      </Paper>
      {editing ? (
        <SupplierDialog supplier={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
    </Box>
  );
}
