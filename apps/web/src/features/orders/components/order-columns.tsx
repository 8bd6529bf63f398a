import type { OrderSummary } from '@backoffice/contract';
import Box from '@mui/material/Box';
import type { GridColDef } from '@mui/x-data-grid';
import { orNotAvailable } from '../../../components/orders/order-format';
import { OrderStatusChip } from '../../../components/orders/order-status-chip';
import { formatDate } from '../../../lib/format';
import { ORDERS_PAGE_TEXTS as T } from '../texts';
import { PixWaitingChip } from './pix-waiting-chip';

/** The orders table's columns. */
export const ORDER_COLUMNS: GridColDef<OrderSummary>[] = [
  {
    field: 'customer',
    headerName: T.table.columns.customer,
    flex: 1.4,
    minWidth: 180,
    // 'Pix recebido' where every screen shows it, a phone's too (issue 35 §4): beside the first column's name.
    renderCell: ({ row }) =>
      row.pixWaiting ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, height: '100%', minWidth: 0 }}>
          <Box
            component="span"
            sx={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          >
            {row.customer}
          </Box>
          <PixWaitingChip compact />
        </Box>
      ) : (
        row.customer
      ),
  },
  {
    field: 'updatedAt',
    headerName: T.table.columns.updatedAt,
    width: 130,
    valueFormatter: (value: string) => formatDate(value),
  },
  { field: 'code', headerName: T.table.columns.code, width: 110 },
  {
    field: 'status',
    headerName: T.table.columns.status,
    minWidth: 210,
    flex: 1,
    renderCell: ({ row }) => <OrderStatusChip status={row.statusKey} />,
  },
  { field: 'typeOfDelivery', headerName: T.table.columns.typeOfDelivery, minWidth: 140, flex: 0.8 },
  {
    field: 'deliverer',
    headerName: T.table.columns.deliverer,
    minWidth: 150,
    flex: 1,
    valueFormatter: (value: string | null) => orNotAvailable(value),
  },
  { field: 'payment', headerName: T.table.columns.payment, width: 200 },
];
