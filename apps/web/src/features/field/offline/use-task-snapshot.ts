import type { TaskList } from '@backoffice/contract';
import { useEffect, useState } from 'react';
import { isNoAnswer } from '../../../lib/api-client';
import type { useTasks } from '../api/tasks-api';
import { savedTasks, saveTasks } from './outbox';

/**
 * The last list loaded is kept on the phone (by employee, kind and page): opened without a connection, the
 * screen shows it. Returns the list kept when the server gives no answer, else null.
 */
export function useTaskSnapshot(snapshotKey: string, tasks: ReturnType<typeof useTasks>, usable: boolean) {
  const [snapshot, setSnapshot] = useState<{ list: TaskList; savedAt: number } | null>(null);
  // The last list loaded is kept on the phone: opened without a connection, the screen shows it.
  useEffect(() => {
    if (tasks.data && usable) void saveTasks(snapshotKey, tasks.data).catch(() => undefined);
  }, [tasks.data, usable, snapshotKey]);
  const offline = tasks.isError && !tasks.data && isNoAnswer(tasks.error);
  useEffect(() => {
    if (!offline || !usable) return setSnapshot(null);
    void savedTasks(snapshotKey)
      .then((saved) => setSnapshot(saved ?? null))
      .catch(() => undefined);
  }, [offline, usable, snapshotKey]);
  return snapshot;
}
