import {
  availableRepairActions,
  REPAIR_ACTION_LABELS,
  type RepairAction,
  type RepairSummary,
} from '@backoffice/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useConfirm } from '../../../components/confirm-dialog';
import { PageHeader } from '../../../components/page-header';
import { RefreshButton } from '../../../components/refresh-button';
import { formatDate } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useRepair, useRepairMove, useRepairTasks } from '../api/repairs-api';
import { EstimateDialog } from '../components/estimate-dialog';
import { ASKING_ACTIONS } from '../components/move-dialog';
import { RepairDialog } from '../components/repair-dialog';
import { RepairStatusChip } from '../components/repair-status-chip';
import { REPAIRS_TEXTS as T } from '../texts';

/** The estimate's editor of a queued order, once the order itself (its parts, labour, diagnosis) is read. */
function EstimateOf({ id, onClose }: { id: number; onClose: () => void }) {
  const repair = useRepair(id);
  if (!repair.data) return null;
  return <EstimateDialog repair={repair.data} onClose={onClose} />;
}

/** One service order of the queue: number, status, device, problem, customer, the day it is due; its bench moves. */
function TaskCard({
  repair,
  actions,
  onMove,
  onDetails,
  busy,
}: {
  repair: RepairSummary;
  actions: RepairAction[];
  onMove: (action: RepairAction) => void;
  onDetails: () => void;
  busy: boolean;
}) {
  return (
    <Card component="li" variant="outlined" aria-labelledby={`repair-task-${repair.id}`}>
      <CardContent sx={{ pb: 1 }}>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
          <Typography id={`repair-task-${repair.id}`} variant="h6" component="h2">
            {T.osNumber(repair.number)}
          </Typography>
          <RepairStatusChip status={repair.status} />
          {repair.late ? <Chip size="small" color="error" label={T.lateChip} /> : null}
        </Stack>
        <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
          {repair.model}
        </Typography>
        <Typography variant="body2">{T.problemLine(repair.problem)}</Typography>
        <Typography variant="body2" color="text.secondary">
          {`${repair.customer.name} · ${T.imei} ${repair.imei}`}
        </Typography>
        <Typography variant="body2" color={repair.late ? 'error' : 'text.secondary'}>
          {repair.late
            ? T.lateSince(formatDate(repair.estimatedDate))
            : T.estimatedOn(formatDate(repair.estimatedDate))}
        </Typography>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, flexWrap: 'wrap', gap: 1, '& > :not(style) ~ :not(style)': { ml: 0 } }}>
        {actions.map((action) => (
          <Button key={action} variant="contained" size="large" onClick={() => onMove(action)} disabled={busy}>
            {REPAIR_ACTION_LABELS[action]}
          </Button>
        ))}
        <Button variant="outlined" size="large" onClick={onDetails} aria-label={T.openDetails(repair.number)}>
          {T.details}
        </Button>
      </CardActions>
    </Card>
  );
}

/**
 * 'Bancada técnica', the technician's 'Minhas tarefas' (issue 42 §2, a phone's screen): the service orders that
 * wait for the bench (GET /repairs/tasks: his and the unassigned, oldest estimated day first), each with the bench
 * moves the contract's table gives his function or permissions (`availableRepairActions`): start the diagnosis,
 * send the estimate (parts and labour), start and finish the repair. 'Detalhes' opens the whole service order.
 */
export default function RepairTasksPage() {
  const session = useSession();
  const tasks = useRepairTasks();
  const confirm = useConfirm();
  const move = useRepairMove();
  const [estimating, setEstimating] = useState<number | null>(null);
  const [details, setDetails] = useState<number | null>(null);
  const held = session?.permissions ?? [];
  const func = session?.func ?? null;
  /** The bench's moves only: the counter's (which ask the customer) stay in 'Assistência técnica'. */
  const actionsOf = (repair: RepairSummary) =>
    availableRepairActions(repair.status, held, func).filter((action) => !ASKING_ACTIONS.includes(action));
  const run = async (repair: RepairSummary, action: RepairAction) => {
    if (action === 'sendEstimate') return setEstimating(repair.id);
    const label = REPAIR_ACTION_LABELS[action];
    if (await confirm(T.confirmMove(label, repair.number), { title: label, confirmText: label, cancelText: T.keep }))
      move.mutate({ repair, action, label });
  };
  const list = tasks.data ?? [];
  return (
    <Box sx={{ maxWidth: 760 }}>
      <PageHeader
        title={T.benchTitle}
        actions={<RefreshButton label={T.refresh} onClick={() => void tasks.refetch()} />}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {T.benchIntro}
      </Typography>
      {tasks.isPending ? (
        <CircularProgress aria-label={T.benchTitle} />
      ) : tasks.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void tasks.refetch()}>
              {T.retry}
            </Button>
          }
        >
          {T.benchFailed}
        </Alert>
      ) : list.length === 0 ? (
        <Alert severity="info">{T.benchEmpty}</Alert>
      ) : (
        <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={T.benchTitle}>
          {list.map((repair) => (
            <TaskCard
              key={repair.id}
              repair={repair}
              actions={actionsOf(repair)}
              onMove={(action) => void run(repair, action)}
              onDetails={() => setDetails(repair.id)}
              busy={move.isPending}
            />
          ))}
        </Stack>
      )}
      {estimating !== null ? <EstimateOf id={estimating} onClose={() => setEstimating(null)} /> : null}
      {details !== null ? <RepairDialog id={details} onClose={() => setDetails(null)} /> : null}
    </Box>
  );
}
