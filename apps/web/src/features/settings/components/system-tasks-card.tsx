import { formatBusinessDateTimeMinutes, type SystemTaskStatus } from '@backoffice/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { systemTasksQuery } from '../api/settings-api';
import { SYSTEM_TASKS_CARD_TEXTS as T } from '../texts';
import { SettingsCard } from './settings-card';

const when = (iso: string) => formatBusinessDateTimeMinutes(new Date(iso));

function TaskState({ task }: { task: SystemTaskStatus }) {
  if (task.startedAt && task.interrupted) return <Chip size="small" color="error" label={T.interrupted} />;
  if (task.startedAt) return <Chip size="small" color="info" label={T.running} />;
  if (!task.lastCheckedAt) return <Chip size="small" label={T.waiting} />;
  if (task.stale) return <Chip size="small" color="error" label={T.stopped} />;
  if (task.lastOutcome === 'failed') return <Chip size="small" color="warning" label={T.failed} />;
  return <Chip size="small" color="success" variant="outlined" label={T.upToDate} />;
}

function Task({ task }: { task: SystemTaskStatus }) {
  const nameId = `system-task-${task.task}`;
  return (
    <ListItem divider disableGutters aria-labelledby={nameId} sx={{ display: 'block' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={nameId} variant="subtitle2" component="h3">
          {T.names[task.task]}
        </Typography>
        <TaskState task={task} />
      </Box>
      <Stack spacing={0.25} sx={{ mt: 0.5 }}>
        <Typography variant="body2" color="text.secondary">
          {T.schedules[task.task]}
        </Typography>
        {task.startedAt ? (
          <Typography variant="body2" color={task.interrupted ? 'error' : 'text.primary'}>
            {(task.interrupted ? T.interruptedAt : T.runningSince)(when(task.startedAt), task.startedBy ?? '')}
          </Typography>
        ) : null}
        {task.nextRunAt ? <Typography variant="body2">{`${T.nextRun}: ${when(task.nextRunAt)}`}</Typography> : null}
        <Typography variant="body2">
          {task.lastCheckedAt ? `${T.checked} ${when(task.lastCheckedAt)} ${T.by} ${task.checkedBy}` : T.neverChecked}
        </Typography>
        <Typography variant="body2">
          {`${T.lastRun}: ${task.lastRunAt ? `${when(task.lastRunAt)}, ${task.lastSummary}` : T.nothingYet}`}
        </Typography>
        {task.lastFailedAt ? (
          <Typography variant="body2" color={task.lastOutcome === 'failed' ? 'error' : 'text.secondary'}>
            {`${T.lastFailure}: ${when(task.lastFailedAt)}, ${task.lastError}`}
          </Typography>
        ) : null}
        <Typography variant="caption" color="text.secondary">
          {T.counts(task.runs, task.failures)}
        </Typography>
      </Stack>
    </ListItem>
  );
}

/**
 * 'Tarefas do sistema' (issue 43 §1, decision 0061): each scheduled task as the process that runs them left it —
 * when it last looked, the last run and what it did, the last failure and why — and, above, that none runs them
 * (a web process alone, a worker stopped). Only with the settings permission (the page shows it then).
 */
export function SystemTasksCard() {
  const tasks = useQuery(systemTasksQuery);
  const list = tasks.data?.tasks ?? [];
  const checked = list.flatMap((task) => (task.lastCheckedAt ? [task.lastCheckedAt] : []));
  const latest = checked.sort().at(-1);
  const stopped = list.length > 0 && list.every((task) => task.stale);
  return (
    <SettingsCard
      id="system-tasks-title"
      title={T.title}
      text={T.text}
      loadFailed={tasks.isError ? T.loadFailed : null}
    >
      {stopped ? (
        latest ? (
          <Alert severity="error">{T.stale(when(latest))}</Alert>
        ) : (
          <Alert severity="info">{T.neverRan}</Alert>
        )
      ) : null}
      {list.length > 0 ? (
        <List dense disablePadding>
          {list.map((task) => (
            <Task key={task.task} task={task} />
          ))}
        </List>
      ) : null}
    </SettingsCard>
  );
}
