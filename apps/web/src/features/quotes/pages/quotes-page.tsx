import { QUOTE_STATUS_LABELS, QUOTE_STATUSES, type QuoteStatus } from '@backoffice/contract';
import {
  Alert,
  Box,
  Chip,
  CircularProgress,
  MenuItem,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { formatDate, formatMoney } from '../../../lib/format';
import { useQuotes } from '../api/quotes-api';
import { QuoteDialog } from '../components/quote-dialog';
import { QUOTES_TEXTS as T } from '../texts';

const STATUS_COLORS: Record<QuoteStatus, 'primary' | 'success' | 'default' | 'warning'> = {
  OPEN: 'primary',
  CONVERTED: 'success',
  EXPIRED: 'warning',
  CANCELLED: 'default',
};

export function QuoteStatusChip({ status }: { status: QuoteStatus }) {
  return <Chip size="small" color={STATUS_COLORS[status]} label={QUOTE_STATUS_LABELS[status]} />;
}

const dayOf = (day: string) => day.split('-').reverse().join('/');

/** 'Orçamentos' (issue 38 §4): the quotes, by status and search on the server; a quote opens in a dialog. */
export default function QuotesPage() {
  const [page, setPage] = useState(0);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<QuoteStatus | 'ALL'>('OPEN');
  const [opened, setOpened] = useState<number | null>(null);
  const quotes = useQuotes({ page, search, status: status === 'ALL' ? '' : status });
  const rows = quotes.data?.items ?? [];
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Typography component="h1" variant="h5">
        {T.title}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <TextField
          size="small"
          label={T.search}
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(0);
          }}
          sx={{ minWidth: 260, flex: '1 1 260px', maxWidth: 420 }}
        />
        <TextField
          select
          size="small"
          label={T.status}
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as QuoteStatus | 'ALL');
            setPage(0);
          }}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="ALL">{T.all}</MenuItem>
          {QUOTE_STATUSES.map((key) => (
            <MenuItem key={key} value={key}>
              {QUOTE_STATUS_LABELS[key]}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {quotes.isError ? <Alert severity="error">{T.loadFailed}</Alert> : null}
      <Paper variant="outlined">
        <TableContainer>
          <Table size="small" aria-label={T.title}>
            <TableHead>
              <TableRow>
                <TableCell>{T.number}</TableCell>
                <TableCell>{T.customer}</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{T.seller}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{T.createdAt}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{T.validUntil}</TableCell>
                <TableCell align="right">{T.total}</TableCell>
                <TableCell>{T.status}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {quotes.isPending ? (
                <TableRow>
                  <TableCell colSpan={7} align="center">
                    <CircularProgress size={24} />
                  </TableCell>
                </TableRow>
              ) : rows.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={7}>{T.empty}</TableCell>
                </TableRow>
              ) : (
                rows.map((row) => (
                  <TableRow
                    key={row.id}
                    hover
                    onClick={() => setOpened(row.id)}
                    sx={{ cursor: 'pointer' }}
                    aria-label={`${T.open} ${T.quoteTitle(row.id)}`}
                  >
                    <TableCell>{row.id}</TableCell>
                    <TableCell>
                      {row.customerName}
                      {row.walkIn ? (
                        <Typography variant="caption" component="div" color="text.secondary">
                          {T.walkIn}
                        </Typography>
                      ) : null}
                    </TableCell>
                    <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{row.sellerName}</TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                      {formatDate(row.createdAt)}
                    </TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{dayOf(row.validUntil)}</TableCell>
                    <TableCell align="right">{formatMoney(row.total)}</TableCell>
                    <TableCell>
                      <QuoteStatusChip status={row.status} />
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={quotes.data?.total ?? 0}
          page={page}
          rowsPerPage={20}
          rowsPerPageOptions={[20]}
          onPageChange={(_event, next) => setPage(next)}
          labelDisplayedRows={({ from, to, count }) => `${from}–${to} de ${count}`}
        />
      </Paper>
      <QuoteDialog id={opened} onClose={() => setOpened(null)} />
    </Box>
  );
}
