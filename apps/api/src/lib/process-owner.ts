/**
 * Who a process is on this machine, beyond its PID (which a restart reuses): its PID and start time. A backup's
 * temporary file and a manual backup under way ('Tarefas do sistema') are named so, and found abandoned when that
 * process is gone.
 */
import { readFileSync } from 'node:fs';

/**
 * When process `pid` started, in clock ticks since the machine booted (Linux: `/proc/<pid>/stat`, field 22);
 * null where it cannot be read (the process is gone, or no /proc).
 */
export function processStartTime(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: the fields after its last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const start = Number(fields[19]);
    return Number.isSafeInteger(start) ? start : null;
  } catch {
    return null;
  }
}

const pidAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Whether the process named by its PID and start time (a backup's temporary file, a manual backup under way) is
 * still the one running under that PID: this process, or a live PID whose start time is the one named. Where start times cannot be read (no /proc), a
 * live PID is taken as the owner.
 */
export function ownerRunning(pid: number, start: number | undefined): boolean {
  // This process writes only names with its start time: one with its PID alone is an older process's.
  if (pid === process.pid && start === undefined) return false;
  if (!pidAlive(pid)) return false;
  const now = processStartTime(pid);
  if (now === null || !start) return true;
  return now === start;
}

/** This process as `<pid>.<start time>`: what ownerOf reads back. */
export const thisProcessOwner = () => `${process.pid}.${processStartTime(process.pid) ?? 0}`;

/** Whether the process named `<pid>.<start time>` (thisProcessOwner's form) still runs on this machine. */
export function ownerOfRunning(owner: string): boolean {
  const [pid, start] = owner.split('.').map(Number);
  if (!pid || !Number.isSafeInteger(pid)) return false;
  return ownerRunning(pid, start || undefined);
}
