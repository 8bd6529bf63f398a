import {
  CASH_SESSION_FILTERS,
  CASH_SESSION_PAGE_SIZE,
  CASH_SESSION_STATUS_LABELS,
  type CashRegister,
  type CashSession,
  type CashSessionFilter,
  type CashSessionStatus,
} from '@backoffice/contract';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { GridColDef } from '@mui/x-data-grid';
import { type Ref, useMemo } from 'react';
import { moneyColumn } from '../../../components/data-table-csv';
import { PagedTable } from '../../../components/paged-table';
import type { useServerList } from '../../../components/use-server-list';
import { formatMoney } from '../../../lib/format';
import { type CashSessionsFilter, useCashSessions } from '../api/cash-api';
import { formatWhen } from '../lib/cash-format';
import { CASH_PAGE_TEXTS as T } from '../texts';
import { differenceColor } from './cash-figures';
import { SessionStatusChip } from './session-status-chip';

/** On a phone the register (which opens the session: its report, its approval), the difference and the situation fit. */
const PHONE_HIDDEN = ['operator', 'openedAt', 'closedAt', 'expected', 'counted', 'actions'];

/** A date and time on two lines (the day, the time under it): both dates fit beside the figures. */
function When({ iso }: { iso: string | null }) {
  if (!iso) return null;
  const [day, time] = formatWhen(iso).split(' ');
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', height: '100%', lineHeight: 1.3 }}>
      <span>{day}</span>
      <Typography component="span" variant="caption" color="text.secondary" sx={{ lineHeight: 1.3 }}>
        {time}
      </Typography>
    </Box>
  );
}

function columnsOf(
  phone: boolean,
  approver: boolean,
  mayApprove: (session: CashSession) => boolean,
  onOpen: (session: CashSession) => void,
  onReport: (session: CashSession) => void,
  onApprove: (session: CashSession) => void,
): GridColDef<CashSession>[] {
  return [
    {
      field: 'register',
      headerName: T.register,
      flex: 1,
      minWidth: 115,
      sortable: false,
      valueGetter: (_value, row) => row.register.name,
      renderCell: ({ row }) => {
        const link = (
          <Link
            component="button"
            type="button"
            onClick={() => onOpen(row)}
            aria-label={T.openSession(row.register.name, formatWhen(row.openedAt))}
            sx={{
              textAlign: 'left',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
              maxWidth: '100%',
            }}
          >
            {row.register.name}
          </Link>
        );
        // On a phone the dates are hidden: the day it was opened goes under the name.
        return phone ? (
          <Box sx={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', height: '100%', minWidth: 0 }}>
            {link}
            <Typography component="span" variant="caption" color="text.secondary" sx={{ lineHeight: 1.3 }}>
              {formatWhen(row.openedAt)}
            </Typography>
          </Box>
        ) : (
          link
        );
      },
    },
    {
      field: 'operator',
      headerName: T.operator,
      flex: 1.2,
      minWidth: 115,
      sortable: false,
      valueGetter: (_value, row) => row.operator.name,
    },
    {
      field: 'openedAt',
      headerName: T.openedAt,
      width: 95,
      sortable: false,
      valueFormatter: (value: string) => formatWhen(value),
      renderCell: ({ row }) => <When iso={row.openedAt} />,
    },
    {
      field: 'closedAt',
      headerName: T.closedAt,
      width: 102,
      sortable: false,
      valueFormatter: (value: string | null) => formatWhen(value),
      renderCell: ({ row }) => <When iso={row.closedAt} />,
    },
    {
      field: 'expected',
      headerName: T.expectedShort,
      width: 105,
      sortable: false,
      valueGetter: (_value, row) => row.totals.expected,
      ...moneyColumn,
    },
    { field: 'counted', headerName: T.countedShort, width: 100, sortable: false, ...moneyColumn },
    {
      field: 'difference',
      headerName: T.difference,
      width: 90,
      sortable: false,
      ...moneyColumn,
      renderCell: ({ row }) =>
        row.difference === null ? null : (
          <Box component="span" sx={{ color: differenceColor(row.difference), fontWeight: row.difference ? 600 : 400 }}>
            {formatMoney(row.difference)}
          </Box>
        ),
    },
    {
      field: 'status',
      headerName: T.status,
      width: phone ? 130 : 120,
      sortable: false,
      valueFormatter: (value: CashSessionStatus) => CASH_SESSION_STATUS_LABELS[value],
      renderCell: ({ row }) => (
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            height: '100%',
            '& .MuiChip-root': { height: 'auto', py: 0.25 },
            '& .MuiChip-label': { whiteSpace: 'normal', lineHeight: 1.3 },
          }}
        >
          <SessionStatusChip status={row.status} />
        </Box>
      ),
    },
    {
      field: 'actions',
      headerName: T.actions,
      // 'Relatório', and 'Aprovar diferença' for who approves.
      width: approver ? 180 : 80,
      sortable: false,
      filterable: false,
      disableExport: true,
      renderCell: ({ row }) => (
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%' }}>
          <Tooltip title={T.reportPdf}>
            <IconButton size="small" aria-label={T.report} onClick={() => onReport(row)}>
              <PictureAsPdfOutlinedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          {row.status === 'PENDING_APPROVAL' && mayApprove(row) ? (
            <Button size="small" variant="outlined" onClick={() => onApprove(row)} sx={{ whiteSpace: 'nowrap' }}>
              {T.approve}
            </Button>
          ) : null}
        </Stack>
      ),
    },
  ];
}

/**
 * 'Sessões': every session, newest first, paged on the server, by register and situation (Abertas, Aguardando
 * aprovação, Fechadas), with the figures of each, 'Relatório' and, for who may, 'Aprovar diferença'. The register's
 * name opens the session with its entries.
 */
export function SessionsList({
  registers,
  list,
  filter,
  onFilterChange,
  onOpen,
  approver,
  mayApprove,
  onReport,
  onApprove,
  sectionRef,
}: {
  registers: readonly CashRegister[];
  list: ReturnType<typeof useServerList>;
  filter: CashSessionsFilter;
  onFilterChange: (filter: CashSessionsFilter) => void;
  onOpen: (id: number) => void;
  /** The caller approves differences (the actions' column is wider). */
  approver: boolean;
  mayApprove: (session: CashSession) => boolean;
  onReport: (session: CashSession) => void;
  onApprove: (session: CashSession) => void;
  sectionRef?: Ref<HTMLElement>;
}) {
  const phone = useMediaQuery('(max-width:599.95px)', { noSsr: true });
  const { paging, setPaging } = list;
  const sessions = useCashSessions(filter, paging.page, paging.pageSize);
  const columns = useMemo(
    () => columnsOf(phone, approver, mayApprove, (session) => onOpen(session.id), onReport, onApprove),
    [phone, approver, mayApprove, onOpen, onReport, onApprove],
  );
  const server = useMemo(
    () => ({ rowCount: sessions.data?.total ?? 0, paginationModel: paging, onPaginationModelChange: setPaging }),
    [sessions.data?.total, paging, setPaging],
  );
  return (
    <Paper variant="outlined" component="section" aria-labelledby="cash-sessions-title" ref={sectionRef}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'center', px: 2, pt: 1.5 }}>
        <Typography id="cash-sessions-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600, mr: 'auto' }}>
          {T.sessions}
        </Typography>
        <TextField
          select
          size="small"
          label={T.register}
          value={filter.registerId ?? ''}
          onChange={(event) =>
            onFilterChange({ ...filter, registerId: event.target.value === '' ? null : Number(event.target.value) })
          }
          sx={{ width: { xs: '100%', sm: 220 } }}
        >
          <MenuItem value="">{T.allRegisters}</MenuItem>
          {registers.map((register) => (
            <MenuItem key={register.id} value={register.id}>
              {register.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={T.status}
          value={filter.status}
          onChange={(event) => onFilterChange({ ...filter, status: event.target.value as CashSessionFilter | '' })}
          sx={{ width: { xs: '100%', sm: 220 } }}
        >
          <MenuItem value="">{T.allStatuses}</MenuItem>
          {CASH_SESSION_FILTERS.map((key) => (
            <MenuItem key={key} value={key}>
              {T.filters[key]}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <PagedTable<CashSession>
        query={sessions}
        columns={columns}
        label={T.sessions}
        emptyText={T.noSessions}
        failedText={T.sessionsFailed}
        pageSize={CASH_SESSION_PAGE_SIZE}
        server={server}
        quickFilter={false}
        hideExport
        initialHiddenColumns={phone ? PHONE_HIDDEN : []}
      />
    </Paper>
  );
}
