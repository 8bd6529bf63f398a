import { CASH_ENTRY_KIND_LABELS, CASH_TEXTS, type CashEntry, type CashSession } from '@backoffice/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { formatMoney } from '../../../lib/format';
import { useCashSession } from '../api/cash-api';
import { formatTime, formatWhen } from '../lib/cash-format';
import { CASH_PAGE_TEXTS as T } from '../texts';
import { CashFigures, differenceColor, signedAmount } from './cash-figures';
import { SessionStatusChip } from './session-status-chip';

/** What an entry refers to: the order of a sale, the courier's run of a settlement, the reason typed. */
const referenceOf = (entry: CashEntry) =>
  [
    entry.order ? T.order(entry.order.code) : null,
    entry.runId ? T.run(entry.runId) : null,
    entry.reason,
    entry.depositAccount ? CASH_TEXTS.depositTo(entry.depositAccount.name) : null,
  ]
    .filter(Boolean)
    .join(' · ');

/** A day other than the session's opening day is written in full before the time. */
const whenOf = (entry: CashEntry, openedAt: string) =>
  formatWhen(entry.createdAt).slice(0, 10) === formatWhen(openedAt).slice(0, 10)
    ? formatTime(entry.createdAt)
    : formatWhen(entry.createdAt);

function EntriesTable({ entries, openedAt }: { entries: CashEntry[]; openedAt: string }) {
  return (
    <Table size="small" aria-label={T.entries}>
      <TableHead>
        <TableRow>
          <TableCell>{T.time}</TableCell>
          <TableCell>{T.kind}</TableCell>
          <TableCell>{T.reference}</TableCell>
          <TableCell>{T.employee}</TableCell>
          <TableCell align="right">{T.amount}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {entries.map((entry) => (
          <TableRow key={entry.id}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{whenOf(entry, openedAt)}</TableCell>
            <TableCell>{CASH_ENTRY_KIND_LABELS[entry.kind]}</TableCell>
            <TableCell sx={{ wordBreak: 'break-word' }}>{referenceOf(entry)}</TableCell>
            <TableCell>{entry.employee.name}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
              {formatMoney(signedAmount(entry.kind, entry.amount))}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** On a phone: each entry on two lines (kind and amount; time, reference and employee). */
function EntriesList({ entries, openedAt }: { entries: CashEntry[]; openedAt: string }) {
  return (
    <Stack
      component="ul"
      aria-label={T.entries}
      divider={<Divider component="li" />}
      sx={{ listStyle: 'none', p: 0, m: 0 }}
    >
      {entries.map((entry) => (
        <Box component="li" key={entry.id} sx={{ py: 1 }}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
            <Typography sx={{ fontWeight: 600 }}>{CASH_ENTRY_KIND_LABELS[entry.kind]}</Typography>
            <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
              {formatMoney(signedAmount(entry.kind, entry.amount))}
            </Typography>
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
            {[whenOf(entry, openedAt), referenceOf(entry), entry.employee.name].filter(Boolean).join(' · ')}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}

/**
 * A session: its state, its figures (the float, each kind's sum, the expected; once closed the count, the
 * difference, the reason and the approval) and its entries, with 'Relatório' and, for who may, 'Aprovar diferença'.
 */
export function SessionDialog({
  sessionId,
  mayApprove,
  approvalBlocked,
  onReport,
  onApprove,
  onClose,
}: {
  sessionId: number;
  mayApprove: (session: CashSession) => boolean;
  /** Why the manager looking may not approve this session's difference (his own, or one he closed), or null. */
  approvalBlocked: (session: CashSession) => string | null;
  onReport: (session: CashSession) => void;
  onApprove: (session: CashSession) => void;
  onClose: () => void;
}) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const query = useCashSession(sessionId);
  const data = query.data;
  const pending = data?.status === 'PENDING_APPROVAL';
  // A manager's own session, or one he counted and closed: 'Aprovar diferença' shown disabled, with the reason.
  const blocked = data && pending ? approvalBlocked(data) : null;
  const title = data ? T.sessionTitle(data.register.name, formatWhen(data.openedAt)) : T.entries;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={phone} aria-labelledby="cash-session-title">
      <DialogTitle id="cash-session-title">{title}</DialogTitle>
      <DialogContent>
        {!data ? (
          query.isError ? (
            <Typography color="error">{T.sessionsFailed}</Typography>
          ) : (
            <CircularProgress aria-label={T.entries} />
          )
        ) : (
          <Stack spacing={2}>
            <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <SessionStatusChip status={data.status} />
              <Typography variant="body2" color="text.secondary">
                {T.openBy(data.operator.name, formatWhen(data.openedAt))}
              </Typography>
            </Stack>
            <Box
              sx={{
                display: 'grid',
                gap: 3,
                gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(0, 1fr) minmax(0, 1fr)' },
              }}
            >
              <CashFigures totals={data.totals} label={T.figures(data.register.name)} />
              {data.counted !== null ? (
                <Stack spacing={0.5}>
                  <Box
                    component="dl"
                    sx={{
                      display: 'grid',
                      gridTemplateColumns: 'minmax(0, 1fr) auto',
                      columnGap: 2,
                      rowGap: 0.25,
                      m: 0,
                    }}
                  >
                    <Typography component="dt" variant="body2">
                      {T.counted}
                    </Typography>
                    <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right' }}>
                      {formatMoney(data.counted)}
                    </Typography>
                    <Typography component="dt" variant="body2" sx={{ fontWeight: 700 }}>
                      {T.difference}
                    </Typography>
                    <Typography
                      component="dd"
                      variant="body2"
                      sx={{ m: 0, textAlign: 'right', fontWeight: 700, color: differenceColor(data.difference) }}
                    >
                      {formatMoney(data.difference ?? 0)}
                    </Typography>
                  </Box>
                  {data.closedBy && data.closedAt ? (
                    <Typography variant="body2" color="text.secondary">
                      {T.closedBy(data.closedBy.name, formatWhen(data.closedAt))}
                    </Typography>
                  ) : null}
                  {data.closeReason ? <Typography variant="body2">{T.closeReason(data.closeReason)}</Typography> : null}
                  {data.approvedBy && data.approvedAt ? (
                    <Typography variant="body2" color="text.secondary">
                      {T.approvedBy(data.approvedBy.name, formatWhen(data.approvedAt))}
                    </Typography>
                  ) : null}
                  {data.approvalNote ? (
                    <Typography variant="body2">{T.approvalNote(data.approvalNote)}</Typography>
                  ) : null}
                  {blocked ? (
                    <Typography id="cash-approval-blocked" variant="body2" color="text.secondary">
                      {blocked}
                    </Typography>
                  ) : null}
                </Stack>
              ) : null}
            </Box>
            <Divider />
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              {T.entries}
            </Typography>
            {data.entries.length === 0 ? (
              <Typography color="text.secondary">{T.noEntries}</Typography>
            ) : phone ? (
              <EntriesList entries={data.entries} openedAt={data.openedAt} />
            ) : (
              <EntriesTable entries={data.entries} openedAt={data.openedAt} />
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        {data ? <Button onClick={() => onReport(data)}>{T.report}</Button> : null}
        <Box sx={{ flex: 1 }} />
        <Button onClick={onClose}>{T.cancel}</Button>
        {data && pending && mayApprove(data) ? (
          <Button variant="contained" onClick={() => onApprove(data)}>
            {T.approve}
          </Button>
        ) : null}
        {blocked ? (
          <Button variant="contained" disabled aria-describedby="cash-approval-blocked">
            {T.approve}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}
