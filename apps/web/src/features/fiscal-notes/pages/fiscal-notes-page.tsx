import {
  FISCAL_NOTE_STATUS_LABELS,
  type FiscalNoteGap,
  type FiscalNoteStatus,
  formatBusinessDateTimeMinutes,
  formatDocument,
  PERMISSIONS,
} from '@backoffice/contract';
import FolderZipOutlinedIcon from '@mui/icons-material/FolderZipOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { moneyColumn } from '../../../components/data-table-csv';
import { ANY_DAY, type DateRange, DateRangeFilter, isoDayOf } from '../../../components/date-range-filter';
import { ExportCsvButton } from '../../../components/export-csv-button';
import { FilterChips } from '../../../components/filter-chips';
import { FiscalNoteStatusChip } from '../../../components/fiscal/fiscal-note-status-chip';
import type { FiscalNoteRow } from '../../../components/fiscal/fiscal-notes-api';
import { FISCAL_TEXTS, MODEL_LABELS } from '../../../components/fiscal/texts';
import { ListCard } from '../../../components/list-card';
import { ListSearchField } from '../../../components/list-search-field';
import { PageHeader } from '../../../components/page-header';
import { PagedTable } from '../../../components/paged-table';
import { useListFilter } from '../../../components/use-list-filter';
import { useServerList, useServerTable } from '../../../components/use-server-list';
import { formatMoney } from '../../../lib/format';
import { hasPermission, useSession } from '../../../lib/session';
import {
  downloadNotesCsv,
  type FiscalNotesFilter,
  fetchAllNotes,
  useFailedAutomaticNotes,
  useFiscalNotes,
} from '../api/fiscal-notes-api';
import { ContingencyAlert } from '../components/contingency-alert';
import { MonthXmlsDialog } from '../components/month-xmls-dialog';
import { NoteDialog } from '../components/note-dialog';
import { NumberGaps } from '../components/number-gaps';
import { VoidingDialog } from '../components/voiding-dialog';
import { FISCAL_NOTES_TEXTS as T } from '../texts';

const PAGE_SIZE = 25;
/**
 * On a phone the note, the customer with the total under the name, and the situation fit the width; the others stay
 * under 'Colunas'.
 */
const PHONE_HIDDEN = ['model', 'issuedAt', 'order', 'total'];

/** The situations as chips: every status of the contract, 'Todas' first. */
type Chip = FiscalNoteStatus | '';
const CHIP_ORDER: readonly FiscalNoteStatus[] = [
  'AUTHORIZED',
  'REJECTED',
  'SIGNED',
  'PROCESSING',
  'CONTINGENCY',
  'DENIED',
  'CANCELLED',
  'UNKNOWN',
  'VOIDED',
];
const CHIP_OPTIONS: readonly { value: Chip; label: string }[] = [
  { value: '', label: T.chips.all },
  ...CHIP_ORDER.map((status) => ({ value: status, label: T.chips[status] })),
];

/** The situation's chip, and under a refused note the SEFAZ's code and reason on a short line. */
function StatusCell({ row }: { row: FiscalNoteRow }) {
  const refused = row.status === 'REJECTED' || row.status === 'DENIED';
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', height: '100%', minWidth: 0 }}>
      <Box>
        <FiscalNoteStatusChip status={row.status} />
      </Box>
      {refused ? (
        <Typography
          variant="caption"
          color="error"
          title={T.answer(row.statusCode, row.statusReason)}
          sx={{ lineHeight: 1.2, mt: 0.25, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
        >
          {T.answer(row.statusCode, row.statusReason)}
        </Typography>
      ) : null}
    </Box>
  );
}

/** The number and series, and 'Homologação' under a note of the test environment. */
function NumberCell({ row }: { row: FiscalNoteRow }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', height: '100%' }}>
      <Typography variant="body2">{`${row.number}/${row.series}`}</Typography>
      {row.environment === 2 ? (
        <Typography variant="caption" color="text.secondary" sx={{ lineHeight: 1.2 }}>
          {FISCAL_TEXTS.homologation}
        </Typography>
      ) : null}
    </Box>
  );
}

function columnsOf(phone: boolean): GridColDef<FiscalNoteRow>[] {
  return [
    {
      field: 'number',
      headerName: phone ? T.numberShort : T.number,
      width: phone ? 100 : 110,
      sortable: false,
      valueGetter: (_value, row) => `${row.number}/${row.series}`,
      renderCell: ({ row }) => <NumberCell row={row} />,
    },
    {
      field: 'model',
      headerName: T.model,
      width: 80,
      sortable: false,
      valueGetter: (_value, row) => MODEL_LABELS[row.model],
    },
    {
      field: 'issuedAt',
      headerName: T.issuedAt,
      width: 140,
      sortable: false,
      valueFormatter: (value: string) => formatBusinessDateTimeMinutes(new Date(value)),
    },
    {
      field: 'customer',
      headerName: T.customer,
      flex: 1,
      minWidth: phone ? 96 : 180,
      sortable: false,
      valueGetter: (_value, row) => row.recipient.name ?? T.noRecipient,
      renderCell: ({ row }) => (
        <Box sx={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', height: '100%', minWidth: 0 }}>
          <Typography variant="body2" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {row.recipient.name ?? T.noRecipient}
          </Typography>
          {phone ? (
            <Typography variant="caption" color="text.secondary" sx={{ lineHeight: 1.2, whiteSpace: 'nowrap' }}>
              {formatMoney(row.total)}
            </Typography>
          ) : row.recipient.document ? (
            <Typography variant="caption" color="text.secondary" sx={{ lineHeight: 1.2 }}>
              {formatDocument(row.recipient.document)}
            </Typography>
          ) : null}
        </Box>
      ),
    },
    {
      field: 'order',
      headerName: T.order,
      width: 100,
      sortable: false,
      valueGetter: (_value, row) => row.order?.code ?? '',
    },
    { field: 'total', headerName: T.total, width: phone ? 104 : 120, sortable: false, ...moneyColumn },
    {
      field: 'status',
      headerName: T.status,
      width: phone ? 124 : 330,
      sortable: false,
      valueFormatter: (value: FiscalNoteStatus) => FISCAL_NOTE_STATUS_LABELS[value],
      renderCell: ({ row }) => <StatusCell row={row} />,
    },
  ];
}

const PRINT = { exportCsv: downloadNotesCsv, fetchAll: fetchAllNotes };

/**
 * 'Notas fiscais' (issue 41 §2–3): the notes BackOffice emitted, newest first, by situation (chips), searched by
 * number, key, customer or order, by emission period and model, paged on the server; 'Exportar CSV' writes every
 * match (the server's CSV, with the list's filters); 'XMLs do mês' downloads a month's XMLs for the accountant. A row
 * opens the note (its key, protocol, the SEFAZ's answer, events, files and the actions its situation allows);
 * 'Inutilizar números' voids skipped numbers. Writing needs 'Notas fiscais'; reading, it or the orders'.
 */
export default function FiscalNotesPage() {
  const list = useServerList(PAGE_SIZE);
  const { paging, firstPage, search, onSearchChange } = list;
  useSession(); // re-render when the session changes
  const canWrite = hasPermission(PERMISSIONS.invoices);
  const [status, setStatus] = useListFilter<Chip>('', firstPage);
  const [model, setModel] = useListFilter<55 | 65 | ''>('', firstPage);
  const [period, setPeriod] = useListFilter<DateRange>(ANY_DAY, firstPage);
  const [opened, setOpened] = useState<number | null>(null);
  const [voiding, setVoiding] = useState(false);
  const [gap, setGap] = useState<FiscalNoteGap | null>(null);
  const [monthXmls, setMonthXmls] = useState(false);
  const phone = useMediaQuery('(max-width:599.95px)', { noSsr: true });
  const filter: FiscalNotesFilter = useMemo(
    () => ({ status, model, from: isoDayOf(period.from), to: isoDayOf(period.to), search }),
    [status, model, period, search],
  );
  const notes = useFiscalNotes(filter, paging.page, paging.pageSize);
  const failed = useFailedAutomaticNotes();
  const server = useServerTable(list, notes.data?.total ?? 0, filter, PRINT);
  // The CSV is the page's 'Exportar CSV' (the same file): the table keeps paging and 'Imprimir'.
  const tableServer = useMemo(() => ({ ...server, exportCsv: undefined }), [server]);
  const columns = useMemo(() => columnsOf(phone), [phone]);
  const chosen = CHIP_OPTIONS.find((option) => option.value === status)?.label ?? T.chips.all;
  const title = `${T.title}: ${chosen}`;

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <PageHeader
        title={T.title}
        actions={
          <>
            <ExportCsvButton text={T.exportCsv} failedText={T.csvFailed} download={() => downloadNotesCsv(filter)} />
            <Button variant="outlined" startIcon={<FolderZipOutlinedIcon />} onClick={() => setMonthXmls(true)}>
              {T.monthXmls}
            </Button>
            {canWrite ? (
              <Button variant="contained" onClick={() => setVoiding(true)}>
                {T.voiding}
              </Button>
            ) : null}
          </>
        }
      />
      <ContingencyAlert canWrite={canWrite} />
      {failed.data && failed.data.length > 0 ? (
        <Alert severity="warning" data-testid="fiscal-notes-failed-automatic">
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {T.failedAutomatic(failed.data.length)}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {failed.data.map((request) => (
              <li key={request.order.id}>
                <Typography variant="body2">{T.failedAutomaticLine(request.order.code, request.error)}</Typography>
              </li>
            ))}
          </Box>
          <Typography variant="body2">{T.failedAutomaticHint}</Typography>
        </Alert>
      ) : null}
      <FilterChips label={T.status} options={CHIP_OPTIONS} value={status} onChange={setStatus} />
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
        <ListSearchField label={T.search} value={search} onChange={onSearchChange} maxLength={60} />
        <TextField
          select
          size="small"
          label={T.model}
          value={model === '' ? 'all' : String(model)}
          onChange={(event) => setModel(event.target.value === 'all' ? '' : (Number(event.target.value) as 55 | 65))}
          sx={{ width: 130 }}
        >
          <MenuItem value="all">{T.allModels}</MenuItem>
          <MenuItem value="55">{MODEL_LABELS[55]}</MenuItem>
          <MenuItem value="65">{MODEL_LABELS[65]}</MenuItem>
        </TextField>
        <DateRangeFilter fromLabel={T.from} toLabel={T.to} value={period} onChange={setPeriod} />
      </Stack>
      <ListCard title={title} totals={notes.data ? T.count(notes.data.total) : null} totalsTestId="fiscal-notes-total">
        <PagedTable<FiscalNoteRow>
          query={notes}
          columns={columns}
          label={T.title}
          emptyText={T.empty}
          failedText={T.loadFailed}
          openedId={opened}
          onOpenedChange={setOpened}
          pageSize={PAGE_SIZE}
          printTitle={title}
          server={tableServer}
          quickFilter={false}
          initialHiddenColumns={phone ? PHONE_HIDDEN : undefined}
        />
      </ListCard>
      {opened !== null ? <NoteDialog id={opened} onClose={() => setOpened(null)} /> : null}
      <NumberGaps onVoid={canWrite ? setGap : null} />
      {voiding ? <VoidingDialog onClose={() => setVoiding(false)} /> : null}
      {gap ? <VoidingDialog initial={gap} onClose={() => setGap(null)} /> : null}
      {monthXmls ? <MonthXmlsDialog onClose={() => setMonthXmls(false)} /> : null}
    </Box>
  );
}
