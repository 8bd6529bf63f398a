import {
  CASH_SESSION_PAGE_SIZE,
  type CashRegister,
  type CashSession,
  type TypedCashEntryKind,
} from '@backoffice/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useCallback, useRef, useState } from 'react';
import { useNotify } from '../../../components/notifier';
import { PageHeader } from '../../../components/page-header';
import { RefreshButton } from '../../../components/refresh-button';
import { useServerList } from '../../../components/use-server-list';
import { refusalMessage } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { type CashSessionsFilter, downloadCashReport, useCashOverview } from '../api/cash-api';
import { ApproveDialog } from '../components/approve-dialog';
import { CloseDialog } from '../components/close-dialog';
import { EntryDialog } from '../components/entry-dialog';
import { OpenDialog } from '../components/open-dialog';
import { type RegisterAction, RegisterCard } from '../components/register-card';
import { RegisterDialog } from '../components/register-dialog';
import { SessionDialog } from '../components/session-dialog';
import { SessionsList } from '../components/sessions-list';
import { ToleranceDialog } from '../components/tolerance-dialog';
import { useCashAccess } from '../components/use-cash-access';
import { CASH_PAGE_TEXTS as T } from '../texts';

type RegisterDialogState = { action: 'open' | 'close' | 'edit' | TypedCashEntryKind; register: CashRegister };

/**
 * 'Caixa' (issue 40 §3, decision 0053): a card per register — who opened it and since when, the open session's
 * float, sums by kind and what the drawer should hold — with the buttons of who looks (open, suprimento, sangria,
 * close; a manager closes a register left open); 'Novo caixa', each register's name and 'Caixa ativo' ('Editar') and
 * the tolerance for who administers them; and the
 * sessions, paged on the server, with each closing's report and the approval of a difference above the tolerance.
 */
export default function CashPage() {
  const overview = useCashOverview();
  const access = useCashAccess();
  const notify = useNotify();
  const list = useServerList(CASH_SESSION_PAGE_SIZE);
  const { firstPage } = list;
  const [filter, setFilter] = useState<CashSessionsFilter>({ registerId: null, status: '' });
  const [dialog, setDialog] = useState<RegisterDialogState | null>(null);
  const [opened, setOpened] = useState<number | null>(null);
  const [approving, setApproving] = useState<CashSession | null>(null);
  const [creating, setCreating] = useState(false);
  const [editingTolerance, setEditingTolerance] = useState(false);
  const sessionsRef = useRef<HTMLElement>(null);
  const data = overview.data;
  const tolerance = data?.tolerance ?? 0;
  // The register as the screen has it now, not as it was when its button was pressed: a 'Sangria' pressed while the
  // top-up before it was still being read back would otherwise offer (and check against) the drawer without it.
  const live = (register: CashRegister) => data?.registers.find((r) => r.id === register.id) ?? register;
  const { mayApprove, approvalBlocked } = access;
  const report = useCallback(
    (session: CashSession) =>
      void downloadCashReport(session.id).catch((error: unknown) =>
        notify.error(refusalMessage(error, T.reportFailed)),
      ),
    [notify],
  );
  const onAction = (action: RegisterAction, register: CashRegister) => {
    if (action === 'entries') setOpened(register.openSession?.id ?? null);
    else setDialog({ action, register });
  };
  const changeFilter = (next: CashSessionsFilter) => {
    setFilter(next);
    firstPage();
  };
  const showPending = () => {
    changeFilter({ registerId: null, status: 'pending' });
    sessionsRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <PageHeader
        title={T.title}
        actions={
          <>
            <RefreshButton label={T.refresh} onClick={() => void overview.refetch()} />
            {access.admin ? (
              <>
                <Button variant="outlined" onClick={() => setEditingTolerance(true)} disabled={!data}>
                  {T.toleranceButton}
                </Button>
                <Button variant="contained" onClick={() => setCreating(true)}>
                  {T.newRegister}
                </Button>
              </>
            ) : null}
          </>
        }
      />
      {overview.isError && !data ? <Alert severity="error">{T.loadFailed}</Alert> : null}
      {data ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: -1.5 }} data-testid="cash-tolerance">
          {T.tolerance(formatMoney(data.tolerance))}
        </Typography>
      ) : null}
      {data && access.manager && data.pendingApprovals > 0 ? (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" onClick={showPending}>
              {T.showPending}
            </Button>
          }
        >
          {T.pending(data.pendingApprovals)}
        </Alert>
      ) : null}
      {!data ? (
        overview.isError ? null : (
          <CircularProgress aria-label={T.title} />
        )
      ) : data.registers.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography color="text.secondary">{access.admin ? T.noRegistersAdmin : T.noRegisters}</Typography>
        </Paper>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(auto-fill, minmax(320px, 1fr))' },
            alignItems: 'start',
          }}
        >
          {data.registers.map((register) => (
            <RegisterCard
              key={register.id}
              register={register}
              mine={register.openSession !== null && register.openSession.id === data.mySessionId}
              mayOpen={data.mySessionId === null}
              mayCloseOthers={access.manager}
              mayEdit={access.admin}
              onAction={onAction}
            />
          ))}
        </Box>
      )}
      <SessionsList
        registers={data?.registers ?? []}
        list={list}
        filter={filter}
        onFilterChange={changeFilter}
        onOpen={setOpened}
        approver={access.manager}
        mayApprove={mayApprove}
        onReport={report}
        onApprove={setApproving}
        sectionRef={sessionsRef}
      />
      {dialog?.action === 'open' ? (
        <OpenDialog register={live(dialog.register)} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.action === 'TOP_UP' || dialog?.action === 'REMOVAL' ? (
        <EntryDialog kind={dialog.action} register={live(dialog.register)} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.action === 'close' ? (
        <CloseDialog register={live(dialog.register)} tolerance={tolerance} onClose={() => setDialog(null)} />
      ) : null}
      {opened !== null ? (
        <SessionDialog
          sessionId={opened}
          mayApprove={mayApprove}
          approvalBlocked={approvalBlocked}
          onReport={report}
          onApprove={setApproving}
          onClose={() => setOpened(null)}
        />
      ) : null}
      {approving ? <ApproveDialog session={approving} onClose={() => setApproving(null)} /> : null}
      {creating ? <RegisterDialog onClose={() => setCreating(false)} /> : null}
      {dialog?.action === 'edit' ? <RegisterDialog register={dialog.register} onClose={() => setDialog(null)} /> : null}
      {editingTolerance ? <ToleranceDialog tolerance={tolerance} onClose={() => setEditingTolerance(false)} /> : null}
    </Box>
  );
}
