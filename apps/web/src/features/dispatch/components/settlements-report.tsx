import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { defaultPeriodDates, QuickPeriods } from '../../../components/form/quick-periods';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useDeliverers } from '../../../lib/shared-queries';
import { SETTLEMENTS_PAGE_SIZE, settlementsQuery } from '../api/dispatch-api';
import { DISPATCH_PAGE_TEXTS } from '../texts';

const T = DISPATCH_PAGE_TEXTS.settlements;
const C = T.columns;

/** 'Acertos': the settled runs of a period (the shared default quick period), by courier, with their totals. */
export function SettlementsReport() {
  const [start, setStart] = useState(() => defaultPeriodDates().start.format('YYYY-MM-DD'));
  const [end, setEnd] = useState(() => defaultPeriodDates().end.format('YYYY-MM-DD'));
  const [courier, setCourier] = useState<number | ''>('');
  const couriers = useDeliverers();
  const [page, setPage] = useState(0);
  // A new period or courier starts again from the first page.
  const filter = (set: (value: string) => void) => (value: string) => {
    set(value);
    setPage(0);
  };
  const rows = useQuery({
    ...settlementsQuery(start, end, courier === '' ? null : courier, page),
    placeholderData: keepPreviousData,
  });
  const list = rows.data?.data ?? [];
  const totals = rows.data?.totals;
  const day = (value: string, set: (next: string) => void, label: string) => (
    <DatePicker
      label={label}
      value={dayjs(value)}
      onChange={(next) => {
        if (next?.isValid()) set(next.format('YYYY-MM-DD'));
      }}
      slotProps={{ textField: { size: 'small', sx: { width: 170 } } }}
    />
  );
  return (
    <Paper component="section" aria-labelledby="settlements-title" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Typography id="settlements-title" variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {T.title}
      </Typography>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
        <QuickPeriods
          onPick={(dates) => {
            setStart(dates.start.format('YYYY-MM-DD'));
            setEnd(dates.end.format('YYYY-MM-DD'));
            setPage(0);
          }}
        />
        {day(start, filter(setStart), T.start)}
        {day(end, filter(setEnd), T.end)}
        <TextField
          select
          size="small"
          label={DISPATCH_PAGE_TEXTS.courier}
          value={courier}
          onChange={(event) => {
            setCourier(event.target.value === '' ? '' : Number(event.target.value));
            setPage(0);
          }}
          sx={{ width: 240 }}
        >
          <MenuItem value="">{T.allCouriers}</MenuItem>
          {(couriers.data ?? []).map((option) => (
            <MenuItem key={option.id} value={option.id}>
              {option.name}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {list.length === 0 ? (
        <Typography color="text.secondary">{rows.isPending ? '…' : T.empty}</Typography>
      ) : (
        // Scrolls sideways on a phone: focusable, so the keyboard can scroll it too.
        <Stack sx={{ overflowX: 'auto' }} tabIndex={0} role="group" aria-label={T.title}>
          <Table size="small" aria-labelledby="settlements-title">
            <TableHead>
              <TableRow>
                <TableCell>{C.settledAt}</TableCell>
                <TableCell>{C.courier}</TableCell>
                <TableCell>{C.departure}</TableCell>
                <TableCell align="right">{C.delivered}</TableCell>
                <TableCell align="right">{C.broughtBack}</TableCell>
                <TableCell align="right">{C.expected}</TableCell>
                <TableCell align="right">{C.declared}</TableCell>
                <TableCell align="right">{C.difference}</TableCell>
                <TableCell>{C.note}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.map((row) => (
                <TableRow key={row.runId}>
                  <TableCell>{formatDateTime(row.settledAt)}</TableCell>
                  <TableCell>{row.deliverer.name}</TableCell>
                  <TableCell>{formatDateTime(row.departureAt)}</TableCell>
                  <TableCell align="right">{row.delivered}</TableCell>
                  <TableCell align="right">{row.broughtBack}</TableCell>
                  <TableCell align="right">{formatMoney(row.expectedCash)}</TableCell>
                  <TableCell align="right">{formatMoney(row.declaredCash)}</TableCell>
                  <TableCell
                    align="right"
                    sx={{ color: row.difference < 0 ? 'error.main' : undefined, fontWeight: 600 }}
                  >
                    {formatMoney(row.difference)}
                  </TableCell>
                  <TableCell>{row.note ?? '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {(rows.data?.total ?? 0) > SETTLEMENTS_PAGE_SIZE ? (
            <TablePagination
              component="div"
              count={rows.data?.total ?? 0}
              page={page}
              onPageChange={(_event, next) => setPage(next)}
              rowsPerPage={SETTLEMENTS_PAGE_SIZE}
              rowsPerPageOptions={[]}
            />
          ) : null}
          {totals ? (
            <Typography sx={{ mt: 1.5, fontWeight: 600 }}>
              {T.totals(
                formatMoney(totals.expectedCash),
                formatMoney(totals.declaredCash),
                formatMoney(totals.difference),
              )}
            </Typography>
          ) : null}
        </Stack>
      )}
    </Paper>
  );
}
