import type { BankStatementLine } from '@backoffice/contract';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
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
  /** 'Criar recebimento' of a money-in line; absent without 'Crédito e cobrança'. */
  onReceivable?: (line: BankStatementLine) => void;
  busy: boolean;
}

function Proposal({ line }: { line: BankStatementLine }) {
  if (line.status === 'IGNORED') return <Typography variant="body2">{line.ignoreReason}</Typography>;
  return (
    <>
      {line.reopened && (
        <Typography variant="body2" sx={{ color: 'warning.dark', fontWeight: 600 }}>
          {T.matchUndone}
        </Typography>
      )}
      <Match line={line} />
    </>
  );
}

function Match({ line }: { line: BankStatementLine }) {
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
      {!match && line.amount > 0 && actions.onReceivable && (
        <Button size="small" aria-label={T.createReceiptRow(line.memo)} onClick={() => actions.onReceivable?.(line)}>
          {T.createReceipt}
        </Button>
      )}
      <Button size="small" color="inherit" aria-label={T.ignoreRow(line.memo)} onClick={() => actions.onIgnore(line)}>
        {T.ignore}
      </Button>
    </Stack>
  );
}

const amountColor = (line: BankStatementLine) => (line.amount < 0 ? 'error.main' : undefined);

/** On a phone: a block a line (day and amount, memo, what the books hold, situation and actions), no table to scroll. */
function PhoneLines({ lines, actions }: { lines: BankStatementLine[]; actions: LineActions }) {
  return (
    <Stack
      component="ul"
      aria-label={T.linesLabel}
      sx={{ listStyle: 'none', m: 0, p: 0 }}
      divider={<Divider component="li" aria-hidden />}
    >
      {lines.map((line) => (
        <Stack component="li" key={line.id} spacing={0.5} sx={{ py: 1 }}>
          <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
            <Typography variant="body2">{formatDate(line.postedOn)}</Typography>
            <Typography variant="body2" sx={{ color: amountColor(line), fontWeight: 600, whiteSpace: 'nowrap' }}>
              {formatMoney(line.amount)}
            </Typography>
          </Stack>
          <Typography variant="body2">{line.memo}</Typography>
          <Proposal line={line} />
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <StatusChip status={line.status} labels={T.statuses} tones={TONES} />
            <Actions line={line} actions={actions} />
          </Stack>
        </Stack>
      ))}
    </Stack>
  );
}

/** The month's statement lines: day, memo, amount, what the books hold for it, its situation and the actions. */
export function StatementLines({ lines, actions }: { lines: BankStatementLine[]; actions: LineActions }) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (lines.length === 0) return <Typography color="text.secondary">{T.empty}</Typography>;
  if (phone) return <PhoneLines lines={lines} actions={actions} />;
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
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(line.postedOn)}</TableCell>
              <TableCell>{line.memo}</TableCell>
              <TableCell align="right" sx={{ color: amountColor(line), whiteSpace: 'nowrap' }}>
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
