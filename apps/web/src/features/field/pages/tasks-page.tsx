import { TASK_LIMITS, type TaskKind, type TaskOrder } from '@backoffice/contract';
import RefreshOutlinedIcon from '@mui/icons-material/RefreshOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useConfirm } from '../../../components/confirm-dialog';
import { useOrderMove } from '../../../components/orders/use-order-move';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { firstError } from '../../../lib/api-client';
import { useTasks } from '../api/tasks-api';
import { AbsentDialog } from '../components/absent-dialog';
import { DeliverDialog } from '../components/deliver-dialog';
import { PackDialog } from '../components/pack-dialog';
import { type CardAction, TaskCard } from '../components/task-card';
import { FIELD_TEXTS } from '../texts';

type Dialog = { type: 'pack' | 'deliver' | 'customerAbsent'; order: TaskOrder };

/**
 * "Minhas tarefas" (/admin/tasks): the stocker's and the courier's phone screen. The server answers the
 * orders this employee can move now and which moves (GET /orders/tasks); each card offers those moves as
 * big buttons. Attendants and administrators, who may do both kinds, get a tab per kind.
 */
export default function TasksPage() {
  const [kind, setKind] = useState<TaskKind | undefined>(undefined);
  const [page, setPage] = useState(0);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  /** Why the open dialog's last try failed: shown in it, with what was filled in kept for the retry. */
  const [dialogError, setDialogError] = useState<string | null>(null);
  const tasks = useTasks(kind, page);
  const confirm = useConfirm();

  const data = tasks.data;
  const shown = data?.kind ?? kind;
  const emptyPage = !tasks.isPlaceholderData && data !== undefined && data.orders.length === 0 && page > 0;
  // The last page emptied (its orders were moved): show the one before.
  useEffect(() => {
    if (emptyPage) setPage((current) => Math.max(0, current - 1));
  }, [emptyPage]);

  /**
   * The moves of the registry (useOrderMove): the snackbar says the spec's text, the server's updated order
   * takes its place in the list, and the lists are read again. A failure inside a dialog is said in the
   * dialog, which stays open with its photos, signature or note (no answer from the server included:
   * trying again sends them again).
   */
  const inDialog = { onSuccess: () => setDialog(null), onError: setDialogError };
  const prepare = useOrderMove('startPreparation');
  const withdraw = useOrderMove('withdraw');
  const pack = useOrderMove('pack', inDialog);
  const deliver = useOrderMove('deliver', inDialog);
  const absent = useOrderMove('customerAbsent', inDialog);
  const busyId = [prepare, withdraw, pack, deliver, absent].find((move) => move.isPending)?.variables?.order.orderId;
  const busy = (order: TaskOrder) => busyId === order.orderId;
  const submit = (send: () => void) => {
    setDialogError(null);
    send();
  };

  const onAction = async (order: TaskOrder, action: CardAction) => {
    if (action === 'startPreparation') {
      prepare.mutate({ order });
    } else if (action === 'withdraw') {
      const ok = await confirm(FIELD_TEXTS.withdrawConfirm(order.code), {
        title: FIELD_TEXTS.actions.withdraw,
        confirmText: FIELD_TEXTS.actions.withdraw,
      });
      if (ok) withdraw.mutate({ order });
    } else {
      setDialogError(null);
      setDialog({ type: action, order });
    }
  };

  const pages = data ? Math.ceil(data.total / TASK_LIMITS.pageSize) : 0;
  return (
    <Box sx={{ maxWidth: 760, mx: 'auto' }}>
      <PageHeader
        title={FIELD_TEXTS.title}
        actions={
          <Tooltip title={FIELD_TEXTS.refresh}>
            <span>
              <IconButton
                aria-label={FIELD_TEXTS.refresh}
                onClick={() => void tasks.refetch()}
                disabled={tasks.isFetching}
                sx={{ width: 48, height: 48 }}
              >
                <RefreshOutlinedIcon />
              </IconButton>
            </span>
          </Tooltip>
        }
      />
      {data && data.kinds.length > 1 ? (
        <Paper sx={{ mb: 2 }}>
          <Tabs
            value={shown ?? false}
            onChange={(_, value: TaskKind) => {
              setKind(value);
              setPage(0);
            }}
            variant="fullWidth"
            aria-label={FIELD_TEXTS.tabsLabel}
          >
            {data.kinds.map((k) => (
              <Tab key={k} value={k} label={FIELD_TEXTS.tabs[k]} sx={{ minHeight: 52 }} />
            ))}
          </Tabs>
        </Paper>
      ) : null}

      {tasks.isPending ? (
        <PageLoader />
      ) : tasks.isError && !data ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void tasks.refetch()}>
              {FIELD_TEXTS.retry}
            </Button>
          }
        >
          {firstError(tasks.error, FIELD_TEXTS.loadFailed)}
        </Alert>
      ) : !data?.kind ? (
        <Alert severity="info">{FIELD_TEXTS.noKinds}</Alert>
      ) : data.orders.length === 0 ? (
        <Paper sx={{ p: 3, textAlign: 'center' }}>
          <Typography color="text.secondary">{FIELD_TEXTS.empty[data.kind]}</Typography>
        </Paper>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} aria-live="polite">
            {FIELD_TEXTS.count(data.total)}
          </Typography>
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
            {data.orders.map((order) => (
              <TaskCard
                key={order.orderId}
                order={order}
                kind={data.kind as TaskKind}
                busy={busy(order)}
                onAction={(action) => void onAction(order, action)}
              />
            ))}
          </Box>
          {pages > 1 ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
              <Pagination
                count={pages}
                page={page + 1}
                onChange={(_, value) => setPage(value - 1)}
                size="large"
                aria-label={FIELD_TEXTS.pagination}
              />
            </Box>
          ) : null}
        </>
      )}

      {dialog?.type === 'pack' ? (
        <PackDialog
          order={dialog.order}
          busy={busy(dialog.order)}
          error={dialogError}
          onClose={() => setDialog(null)}
          onSubmit={(images) => submit(() => pack.mutate({ order: dialog.order, images }))}
        />
      ) : null}
      {dialog?.type === 'deliver' ? (
        <DeliverDialog
          order={dialog.order}
          busy={busy(dialog.order)}
          error={dialogError}
          onClose={() => setDialog(null)}
          onSubmit={(signature) => submit(() => deliver.mutate({ order: dialog.order, signature }))}
        />
      ) : null}
      {dialog?.type === 'customerAbsent' ? (
        <AbsentDialog
          order={dialog.order}
          busy={busy(dialog.order)}
          error={dialogError}
          onClose={() => setDialog(null)}
          onSubmit={(comment) => submit(() => absent.mutate({ order: dialog.order, comment }))}
        />
      ) : null}
    </Box>
  );
}
