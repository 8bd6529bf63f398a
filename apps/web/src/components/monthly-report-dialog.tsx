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
import type { UseQueryResult } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { formatMoney } from '../lib/format';
import { MONTHLY_REPORT_TEXTS as T } from './monthly-report-texts';

const COMPACT = { '& td, & th': { px: { xs: 1, sm: 2 }, whiteSpace: 'nowrap' } } as const;

/** A column after the month: a count or an amount (reais), and how to read it from a row. */
export interface MonthlyColumn<Row> {
  label: string;
  kind: 'count' | 'money';
  value: (row: Row) => number;
}

/**
 * A report of a year month by month ('Usados por mês', 'Assistência por mês'): the year chosen (this one or the two
 * before), a row per month with activity, and the year's total under them — counts added, amounts added in cents
 * (reais added as floats drift: 0,10 + 0,20). Full screen on a phone.
 */
export function MonthlyReportDialog<Row extends { month: string }>({
  title,
  empty,
  columns,
  useRows,
  onClose,
}: {
  title: string;
  /** What an empty year says. */
  empty: string;
  columns: readonly MonthlyColumn<Row>[];
  /** The feature's query of the report, for the year's first and last days. */
  useRows: (from: string, to: string) => UseQueryResult<Row[]>;
  onClose: () => void;
}) {
  const thisYear = Number(businessDay(new Date()).slice(0, 4));
  const [year, setYear] = useState(thisYear);
  const report = useRows(`${year}-01-01`, `${year}-12-31`);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const titleId = useId();
  const rows = report.data ?? [];
  const show = (column: MonthlyColumn<Row>, value: number) =>
    column.kind === 'money' ? formatMoney(value) : String(value);
  const total = (column: MonthlyColumn<Row>) =>
    column.kind === 'money'
      ? centsToReais(rows.reduce((sum, row) => sum + reaisToCents(column.value(row)), 0))
      : rows.reduce((sum, row) => sum + column.value(row), 0);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={phone} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <TextField
          select
          size="small"
          label={T.year}
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
          <CircularProgress aria-label={title} />
        ) : report.isError ? (
          <Alert severity="error">{T.failed}</Alert>
        ) : rows.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {empty}
          </Typography>
        ) : (
          <TableContainer>
            <Table size="small" aria-label={title} sx={COMPACT}>
              <TableHead>
                <TableRow>
                  <TableCell>{T.month}</TableCell>
                  {columns.map((column) => (
                    <TableCell key={column.label} align="right">
                      {column.label}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={row.month}>
                    <TableCell>{formatMonth(row.month)}</TableCell>
                    {columns.map((column) => (
                      <TableCell key={column.label} align="right">
                        {show(column, column.value(row))}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
                <TableRow sx={{ '& td': { fontWeight: 700 } }}>
                  <TableCell>{T.total}</TableCell>
                  {columns.map((column) => (
                    <TableCell key={column.label} align="right">
                      {show(column, total(column))}
                    </TableCell>
                  ))}
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
