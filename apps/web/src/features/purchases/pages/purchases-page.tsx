import { formatDocument, type PurchaseSummary } from '@backoffice/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { GridColDef } from '@mui/x-data-grid';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { moneyColumn } from '../../../components/data-table-csv';
import { ListCard } from '../../../components/list-card';
import { PageHeader } from '../../../components/page-header';
import { PagedTable } from '../../../components/paged-table';
import { useServerList, useServerTable } from '../../../components/use-server-list';
import { formatDate, formatDateTime } from '../../../lib/format';
import { downloadPurchasesCsv, fetchAllPurchases, usePurchase, usePurchases } from '../api/purchases-api';
import { PurchaseDetails } from '../components/purchase-details';
import { PURCHASES_TEXTS as T } from '../texts';

const PAGE_SIZE = 20;
const PHONE_HIDDEN = ['createdAt', 'issuedAt', 'itemsCount', 'createdBy', 'document'];

const COLUMNS: GridColDef<PurchaseSummary>[] = [
  {
    field: 'createdAt',
    headerName: T.createdAt,
    width: 150,
    sortable: false,
    valueFormatter: (value: string) => formatDateTime(value),
  },
  {
    field: 'supplier',
    headerName: T.supplier,
    flex: 1,
    minWidth: 160,
    sortable: false,
    valueGetter: (_value, row) => row.supplier.name,
  },
  {
    field: 'document',
    headerName: 'CNPJ/CPF',
    width: 150,
    sortable: false,
    valueGetter: (_value, row) => formatDocument(row.supplier.document),
  },
  {
    field: 'number',
    headerName: T.number,
    width: 100,
    sortable: false,
    valueGetter: (_value, row) => `${row.number}/${row.series}`,
  },
  {
    field: 'signatureStatus',
    headerName: T.signature,
    width: 190,
    sortable: false,
    valueGetter: (_value, row) => (row.signatureStatus === 'ABSENT' ? T.unsignedEntry : T.signed),
    renderCell: ({ row }) =>
      row.signatureStatus === 'ABSENT' ? <Chip size="small" color="warning" label={T.unsignedEntry} /> : T.signed,
  },
  {
    field: 'issuedAt',
    headerName: T.issuedAt,
    width: 110,
    sortable: false,
    valueFormatter: (value: string) => formatDate(value),
  },
  { field: 'itemsCount', headerName: T.itemsCount, width: 70, type: 'number', sortable: false },
  { field: 'total', headerName: T.total, width: 130, sortable: false, ...moneyColumn },
  { field: 'createdBy', headerName: T.createdBy, width: 150, sortable: false },
];

/** On a phone the supplier, the note and the total fit (narrower); the others stay under 'Colunas'. */
const PHONE_WIDTHS: Record<string, Partial<GridColDef<PurchaseSummary>>> = {
  supplier: { minWidth: 100 },
  number: { width: 84 },
  total: { width: 104 },
};
const PHONE_COLUMNS = COLUMNS.map((column) => ({ ...column, ...PHONE_WIDTHS[column.field] }));

/** 'Baixar CSV' and 'Imprimir' cover every entry of the search. */
const CSV_AND_PRINT = { exportCsv: downloadPurchasesCsv, fetchAll: fetchAllPurchases };

/** 'Entradas' (issue 39 §2): the entries by XML, paged and searched on the server; one opens in a dialog. */
export default function PurchasesPage() {
  const [opened, setOpened] = useState<number | null>(null);
  const phone = useMediaQuery('(max-width:599.95px)', { noSsr: true });
  const list = useServerList(PAGE_SIZE);
  const { paging, search } = list;
  const purchases = usePurchases({ search, page: paging.page, size: paging.pageSize });
  const server = useServerTable(list, purchases.data?.total ?? 0, search, CSV_AND_PRINT);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <PageHeader
        title={T.listTitle}
        actions={
          <Button variant="contained" component={RouterLink} to="/admin/purchaseEntry">
            {T.entryTitle}
          </Button>
        }
      />
      <ListCard title={T.listTitle}>
        <PagedTable<PurchaseSummary>
          query={purchases}
          columns={phone ? PHONE_COLUMNS : COLUMNS}
          label={T.listTitle}
          emptyText={T.empty}
          failedText={T.loadFailed}
          openedId={opened}
          onOpenedChange={setOpened}
          pageSize={PAGE_SIZE}
          csvFileName={T.csvFile}
          printTitle={T.listTitle}
          server={server}
          initialHiddenColumns={phone ? PHONE_HIDDEN : []}
        />
      </ListCard>
      <PurchaseDialog id={opened} onClose={() => setOpened(null)} />
    </Box>
  );
}

function PurchaseDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const purchase = usePurchase(id);
  const fullScreen = useMediaQuery('(max-width:599.95px)', { noSsr: true });
  return (
    <Dialog
      open={id !== null}
      onClose={onClose}
      fullWidth
      maxWidth="md"
      fullScreen={fullScreen}
      aria-labelledby="purchase-title"
    >
      <DialogTitle id="purchase-title">
        {purchase.data ? T.entryOf(purchase.data.number, purchase.data.series) : T.listTitle}
      </DialogTitle>
      <DialogContent tabIndex={0}>
        {purchase.isPending ? <CircularProgress size={24} /> : null}
        {purchase.isError ? <Alert severity="error">{T.loadFailed}</Alert> : null}
        {purchase.data ? <PurchaseDetails purchase={purchase.data} /> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{T.close}</Button>
      </DialogActions>
    </Dialog>
  );
}
