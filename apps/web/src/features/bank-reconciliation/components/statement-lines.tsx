import type { BankStatementLine } from '@backoffice/contract';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { StatusChip } from '../../../components/status-chip';
import type { StatusTone } from '../../../components/status-tone';
import { formatDate, formatMoney } from '../../../lib/format';
import { BANK_RECONCILIATION_TEXTS as T } from '../texts';

/** A line's situation in the app's chip tones (legible at AA): open waits, reconciled is done, ignored is neutral. */
const TONES: Record<BankStatementLine['status'], StatusTone> = {
  OPEN: 'waiting',
  CONFIRMED: 'done',
  IGNORED: 'neutral',
};

export interface LineActions {
  onConfirm: (line: BankStatementLine) => void;
  onIgnore: (line: BankStatementLine) => void;
  /** 'Criar conta a pagar' of a money-out line; absent without 'Compras'. */
  onPayable?: (line: BankStatementLine) => void;
  busy: boolean;
}

function Proposal({ line }: { line: BankStatementLine }) {
  if (line.status === 'IGNORED') return <Typography variant="body2">{line.ignoreReason}</Typography>;
  if (!line.match) {
    return (
      <Typography variant="body2" color="text.secondary">
        {line.status === 'OPEN' ? T.noMatch : ''}
      </Typography>
    );
  }
  return (
    <Typography variant="body2">
      {line.match.label} · {formatDate(line.match.day)}
    </Typography>
  );
}

function Actions({ line, actions }: { line: BankStatementLine; actions: LineActions }) {
  if (line.status !== 'OPEN') return null;
  const { match } = line;
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
      {match && (
        <Button
          size="small"
          variant="contained"
          disabled={actions.busy}
          aria-label={T.confirmRow(line.memo)}
          onClick={() => actions.onConfirm(line)}
        >
          {T.confirm}
        </Button>
      )}
      {!match && line.amount < 0 && actions.onPayable && (
        <Button size="small" aria-label={T.createPayableRow(line.memo)} onClick={() => actions.onPayable?.(line)}>
          {T.createPayable}
        </Button>
      )}
      <Button size="small" color="inherit" aria-label={T.ignoreRow(line.memo)} onClick={() => actions.onIgnore(line)}>
        {T.ignore}
      </Button>
    </Stack>
  );
}

/** The month's statement lines: day, memo, amount, what the books hold for it, its situation and the actions. */
export function StatementLines({ lines, actions }: { lines: BankStatementLine[]; actions: LineActions }) {
  if (lines.length === 0) return <Typography color="text.secondary">{T.empty}</Typography>;
  return (
    <TableContainer>
      <Table size="small" aria-label={T.linesLabel}>
        <TableHead>
          <TableRow>
            <TableCell>{T.date}</TableCell>
            <TableCell>{T.memo}</TableCell>
            <TableCell align="right">{T.amount}</TableCell>
            <TableCell>{T.proposal}</TableCell>
            <TableCell>{T.status}</TableCell>
            <TableCell>{T.actions}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((line) => (
            <TableRow key={line.id}>
              <TableCell>{formatDate(line.postedOn)}</TableCell>
              <TableCell>{line.memo}</TableCell>
              <TableCell align="right" sx={{ color: line.amount < 0 ? 'error.main' : undefined }}>
                {formatMoney(line.amount)}
              </TableCell>
              <TableCell>
                <Proposal line={line} />
              </TableCell>
              <TableCell>
                <StatusChip status={line.status} labels={T.statuses} tones={TONES} />
              </TableCell>
              <TableCell>
                <Actions line={line} actions={actions} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
