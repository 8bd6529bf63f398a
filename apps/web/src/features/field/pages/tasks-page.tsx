import { type OrderCommandName, TASK_LIMITS, type TaskKind, type TaskOrder } from '@backoffice/contract';
import { useEffect, useState } from 'react';
import { useConfirm } from '../../../components/confirm-dialog';
import { useNotify } from '../../../components/notifier';
import { type OrderMoveVars, useOrderMove } from '../../../components/orders/use-order-move';
import { PageLoader } from '../../../components/page-loader';
import { Alert, AlertButton } from '../../../components/plain/alert';
import { Icon } from '../../../components/plain/icon';
import { Pagination } from '../../../components/plain/pagination';
import { Tabs } from '../../../components/plain/tabs';
import { firstError, isNoAnswer, refusalMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { FIRST_TASKS, useTasks } from '../api/tasks-api';
import { type MoveDialog, MoveDialogs } from '../components/move-dialogs';
import { OutboxAlerts } from '../components/outbox-alerts';
import { type CardAction, TaskCard } from '../components/task-card';
import { useCardsInPasses } from '../components/use-cards-in-passes';
import { useOutbox } from '../offline/use-outbox';
import { useTaskSnapshot } from '../offline/use-task-snapshot';
import { FIELD_TEXTS } from '../texts';
import './tasks-page.css';

/**
 * "Minhas tarefas" (/admin/tasks): the stocker's and the courier's phone screen. The server answers the
 * orders this employee can move now and which moves (GET /orders/tasks); each card offers those moves as
 * big buttons. Attendants and administrators, who may do both kinds, get a tab per kind.
 *
 * Drawn without MUI (plain elements, components/plain and tasks-page.css in the theme's look): a phone's first
 * screen neither downloads nor runs MUI; the dialogs bring it, under a MuiScope, when one opens (decision 0028).
 */
export default function TasksPage() {
  const [kind, setKind] = useState<TaskKind | undefined>(FIRST_TASKS.kind);
  const [page, setPage] = useState(FIRST_TASKS.page);
  const [dialog, setDialog] = useState<MoveDialog | null>(null);
  /** Why the open dialog's last try failed: shown in it, with what was filled in kept for the retry. */
  const [dialogError, setDialogError] = useState<string | null>(null);
  const tasks = useTasks(kind, page);
  const confirm = useConfirm();
  const notify = useNotify();
  const session = useSession();
  const employeeId = session?.employeeId ?? null;
  const outbox = useOutbox(employeeId);
  const snapshotKey = `${employeeId}:${kind ?? ''}:${page}`;
  const snapshot = useTaskSnapshot(snapshotKey, tasks, outbox.usable);

  const data = tasks.data ?? snapshot?.list;
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
  const inDialog = {
    closeDialog: () => setDialog(null),
    onError: setDialogError,
    // No answer or a server error: the move is kept on the phone (with its key) and sent when the connection
    // returns or the server answers again.
    onTryLater: (vars: OrderMoveVars<OrderCommandName>, error: unknown) => {
      const moving = dialog;
      const { order: _seen, idempotencyKey, ...fields } = vars;
      if (moving && employeeId !== null && idempotencyKey && outbox.usable) {
        void outbox
          .add(
            {
              key: idempotencyKey,
              employeeId,
              command: moving.type === 'pack' ? 'pack' : moving.type,
              order: {
                orderId: moving.order.orderId,
                code: moving.order.code,
                statusKey: moving.order.statusKey,
                updatedAt: moving.order.updatedAt,
              },
              fields,
              createdAt: Date.now(),
              state: 'pending',
            },
            !isNoAnswer(error),
          )
          .then(() => {
            setDialog(null);
            notify.info(isNoAnswer(error) ? FIELD_TEXTS.offline.queued : FIELD_TEXTS.offline.queuedServerError);
          });
        return;
      }
      setDialogError(refusalMessage(error, FIELD_TEXTS.offline.sendFailed));
    },
  };
  const prepare = useOrderMove('startPreparation');
  const withdraw = useOrderMove('withdraw');
  const pack = useOrderMove('pack', inDialog);
  const deliver = useOrderMove('deliver', inDialog);
  const absent = useOrderMove('customerAbsent', inDialog);
  const busyId = [prepare, withdraw, pack, deliver, absent].find((move) => move.isPending)?.variables?.order.orderId;
  const queued = new Set(outbox.pending.map((item) => item.order.orderId));
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
      setDialog({ type: action, order, key: crypto.randomUUID() });
    }
  };

  /** The order as the list shows it now (a refused move tried again is made on it). */
  const seenNow = (orderId: number) => {
    const order = data?.orders.find((listed) => listed.orderId === orderId);
    return order && { orderId, statusKey: order.statusKey, updatedAt: order.updatedAt };
  };

  const pages = data ? Math.ceil(data.total / TASK_LIMITS.pageSize) : 0;
  const { listed, cards } = useCardsInPasses(data);
  return (
    <div className="tp-page">
      <div className="tp-header">
        <h1 className="tp-title">{FIELD_TEXTS.title}</h1>
        <div className="tp-actions">
          <button
            type="button"
            className="pl-icon-button tp-refresh"
            aria-label={FIELD_TEXTS.refresh}
            title={FIELD_TEXTS.refresh}
            onClick={() => void tasks.refetch()}
            disabled={tasks.isFetching}
          >
            <Icon name="refresh" />
          </button>
        </div>
      </div>
      {data && data.kinds.length > 1 ? (
        <Tabs
          className="tp-paper tp-tabs tp-gap"
          value={shown}
          tabs={data.kinds.map((k) => ({ value: k, label: FIELD_TEXTS.tabs[k] }))}
          onChange={(value) => {
            setKind(value);
            setPage(0);
          }}
          label={FIELD_TEXTS.tabsLabel}
        />
      ) : null}

      <OutboxAlerts outbox={outbox} seenNow={seenNow} />
      {snapshot && !tasks.data ? (
        <Alert severity="info" className="tp-gap">
          {FIELD_TEXTS.offline.snapshot(formatDateTime(new Date(snapshot.savedAt)))}
        </Alert>
      ) : null}
      {tasks.isPending || (data !== undefined && listed === undefined) ? (
        <PageLoader />
      ) : tasks.isError && !listed ? (
        <Alert
          severity="error"
          action={<AlertButton onClick={() => void tasks.refetch()}>{FIELD_TEXTS.retry}</AlertButton>}
        >
          {firstError(tasks.error, FIELD_TEXTS.loadFailed)}
        </Alert>
      ) : !listed?.kind ? (
        <Alert severity="info">{FIELD_TEXTS.noKinds}</Alert>
      ) : listed.orders.length === 0 ? (
        <div className="tp-paper tp-empty">
          <p>{FIELD_TEXTS.empty[listed.kind]}</p>
        </div>
      ) : (
        <>
          <p className="tp-count" aria-live="polite">
            {FIELD_TEXTS.count(listed.total)}
          </p>
          <div className="tp-cards">
            {cards.map((order) => (
              <TaskCard
                key={order.orderId}
                order={order}
                kind={listed.kind as TaskKind}
                busy={busy(order)}
                queued={queued.has(order.orderId)}
                onAction={(action) => void onAction(order, action)}
              />
            ))}
          </div>
          {pages > 1 ? (
            <Pagination
              className="tp-pages"
              count={pages}
              page={page + 1}
              onChange={(value) => setPage(value - 1)}
              size="large"
              label={FIELD_TEXTS.pagination}
            />
          ) : null}
        </>
      )}

      {dialog ? (
        <MoveDialogs
          dialog={dialog}
          error={dialogError}
          busy={busy}
          onClose={() => setDialog(null)}
          submit={submit}
          pack={pack}
          deliver={deliver}
          absent={absent}
        />
      ) : null}
    </div>
  );
}
