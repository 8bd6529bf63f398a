import { businessDay, centsToReais, formatMonth, reaisToCents } from '@backoffice/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import type { Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { formatMoney } from '../../../lib/format';
import { useTradeInReport } from '../api/trade-ins-api';
import { TRADE_INS_TEXTS as T } from '../texts';

const COMPACT = { '& td, & th': { px: { xs: 1, sm: 2 }, whiteSpace: 'nowrap' } } as const;

/**
 * 'Usados por mês' (issue 42 §1, GET /trade-ins/report): for a year, each month's phones accepted, what the shop paid
 * for them, and of those how many were sold again, for how much and with what margin (sale − cost); the year's total
 * under them. For whoever reads reports or manages the trade-ins.
 */
export function ReportDialog({ onClose }: { onClose: () => void }) {
  const thisYear = Number(businessDay(new Date()).slice(0, 4));
  const [year, setYear] = useState(thisYear);
  const report = useTradeInReport(`${year}-01-01`, `${year}-12-31`, true);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const rows = report.data ?? [];
  const count = (pick: (row: (typeof rows)[number]) => number) => rows.reduce((total, row) => total + pick(row), 0);
  // Money summed in cents: reais added as floats drift (0,10 + 0,20).
  const money = (pick: (row: (typeof rows)[number]) => number) =>
    centsToReais(rows.reduce((total, row) => total + reaisToCents(pick(row)), 0));
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={phone} aria-labelledby="trade-in-report-title">
      <DialogTitle id="trade-in-report-title">{T.report}</DialogTitle>
      <DialogContent>
        <TextField
          select
          size="small"
          label={T.reportYear}
          value={year}
          onChange={(event) => setYear(Number(event.target.value))}
          sx={{ width: 120, mt: 1, mb: 2 }}
        >
          {[thisYear, thisYear - 1, thisYear - 2].map((y) => (
            <MenuItem key={y} value={y}>
              {y}
            </MenuItem>
          ))}
        </TextField>
        {report.isPending ? (
          <CircularProgress aria-label={T.report} />
        ) : report.isError ? (
          <Alert severity="error">{T.reportFailed}</Alert>
        ) : rows.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {T.reportEmpty}
          </Typography>
        ) : (
          <TableContainer>
            <Table size="small" aria-label={T.report} sx={COMPACT}>
              <TableHead>
                <TableRow>
                  <TableCell>{T.month}</TableCell>
                  <TableCell align="right">{T.reportCount}</TableCell>
                  <TableCell align="right">{T.paid}</TableCell>
                  <TableCell align="right">{T.resold}</TableCell>
                  <TableCell align="right">{T.resoldRevenue}</TableCell>
                  <TableCell align="right">{T.resoldMargin}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={row.month}>
                    <TableCell>{formatMonth(row.month)}</TableCell>
                    <TableCell align="right">{row.count}</TableCell>
                    <TableCell align="right">{formatMoney(row.paid)}</TableCell>
                    <TableCell align="right">{row.resold}</TableCell>
                    <TableCell align="right">{formatMoney(row.resoldRevenue)}</TableCell>
                    <TableCell align="right">{formatMoney(row.resoldMargin)}</TableCell>
                  </TableRow>
                ))}
                <TableRow sx={{ '& td': { fontWeight: 700 } }}>
                  <TableCell>{T.total}</TableCell>
                  <TableCell align="right">{count((r) => r.count)}</TableCell>
                  <TableCell align="right">{formatMoney(money((r) => r.paid))}</TableCell>
                  <TableCell align="right">{count((r) => r.resold)}</TableCell>
                  <TableCell align="right">{formatMoney(money((r) => r.resoldRevenue))}</TableCell>
                  <TableCell align="right">{formatMoney(money((r) => r.resoldMargin))}</TableCell>
                </TableRow>
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{T.close}</Button>
      </DialogActions>
    </Dialog>
  );
}
