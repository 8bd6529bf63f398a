import { ORDER_COMMAND_CALLS, stampSending, type TaskList } from '@backoffice/contract';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import { concurrencyOf, type SeenOrder } from '../../../components/orders/use-order-move';
import { ApiError, api, isNoAnswer, isRefusal, refusalMessage } from '../../../lib/api-client';

/** The moves a courier or stocker can make without a connection: they carry everything they need. */
export type OfflineCommand = 'deliver' | 'customerAbsent' | 'pack';

/** A move made without a connection, kept on the phone until the server has it. */
export interface OutboxItem {
  /** The move's `Idempotency-Key`: sent again, it happens once. */
  key: string;
  employeeId: number;
  command: OfflineCommand;
  order: SeenOrder & { code: string };
  /** What the screen filled in: the signature, the note, the photos. */
  fields: Record<string, unknown>;
  createdAt: number;
  /**
   * 'pending' waits to be sent (no answer, or a server error: tried again later); 'refused' was refused by the
   * server for a business reason and waits for the courier to try it again or discard it, its signature and
   * photos kept meanwhile.
   */
  state: 'pending' | 'refused';
  /** The server's refusal, kept for the courier to read. */
  message?: string;
  /** The refusal's code (DELIVERY_TIME_REFUSED: the moment the phone told cannot be true, decision 0039). */
  code?: string;
}

interface FieldDb extends DBSchema {
  outbox: { key: string; value: OutboxItem };
  tasks: { key: string; value: { list: TaskList; savedAt: number } };
}

let opened: Promise<IDBPDatabase<FieldDb>> | null = null;
function database(): Promise<IDBPDatabase<FieldDb>> {
  opened ??= openDB<FieldDb>('backoffice-field', 1, {
    upgrade(db) {
      db.createObjectStore('outbox', { keyPath: 'key' });
      db.createObjectStore('tasks');
    },
  });
  return opened;
}

/** The employee's kept moves, oldest first (the order they are sent in). */
export async function outboxOf(employeeId: number): Promise<OutboxItem[]> {
  const all = await (await database()).getAll('outbox');
  return all.filter((item) => item.employeeId === employeeId).sort((a, b) => a.createdAt - b.createdAt);
}

export async function keep(item: OutboxItem): Promise<void> {
  await (await database()).put('outbox', item);
}

export async function dismiss(key: string): Promise<void> {
  await (await database()).delete('outbox', key);
}

/** Sends one kept move through the registry's call, with its key and what the screen saw of the order. */
export function sendKept(item: OutboxItem): Promise<unknown> {
  const command = ORDER_COMMAND_CALLS[item.command];
  return api(command.path, {
    method: command.method,
    // A delivery's moment (`occurredAt`) goes with the phone's clock at this sending, for the server to correct it.
    body: stampSending({ orderId: item.order.orderId, ...item.fields, ...concurrencyOf(item.order) }),
    headers: { 'Idempotency-Key': item.key },
  });
}

/**
 * Sends the employee's pending moves in the order they were made. A move the server takes leaves the phone;
 * one it refuses for a business reason (a 4xx with an error code: the order was cancelled meanwhile) stays,
 * refused, with the server's message and everything filled in. No answer or a server error (a 5xx while the
 * database fails over) stops: that move and the rest stay pending, to be tried again (`serverError` says
 * which of the two stopped it).
 */
export async function flush(
  employeeId: number,
  send: (item: OutboxItem) => Promise<unknown> = sendKept,
  failure = 'Não foi possível enviar a tarefa.',
): Promise<{ sent: number; refused: number; stopped: boolean; serverError: boolean }> {
  const result = { sent: 0, refused: 0, stopped: false, serverError: false };
  for (const item of await outboxOf(employeeId)) {
    if (item.state !== 'pending') continue;
    try {
      await send(item);
      await dismiss(item.key);
      result.sent++;
    } catch (error) {
      if (!isRefusal(error)) {
        result.stopped = true;
        result.serverError = !isNoAnswer(error);
        break;
      }
      const code = error instanceof ApiError ? error.code : undefined;
      await keep({ ...item, state: 'refused', message: refusalMessage(error, failure), ...(code ? { code } : {}) });
      result.refused++;
    }
  }
  return result;
}

/**
 * The courier tries a refused move again: pending once more, with its signature, photos and key, and the order
 * as the screen shows it now (`seen`: he read the refusal and the card), so a move refused because the order
 * had changed can be made on the order as it is. A delivery refused for its moment (the phone's clock could not
 * be believed, decision 0039) goes without it: the server records it when it arrives, as it said. A delivery
 * refused for its card receipt ('Levar maquininha': nothing due by card any more, or another amount, because the
 * shop typed the card or changed the order while the phone was offline) goes without the receipt: delivered,
 * and the card part is the shop's to type in 'Pagamentos' (the refusal, kept on the card, said so).
 */
export async function retryRefused(key: string, seen?: SeenOrder): Promise<void> {
  const db = await database();
  const item = await db.get('outbox', key);
  if (!item) return;
  const { message: _refusal, code, ...kept } = item;
  const { occurredAt: _moment, ...withoutMoment } = item.fields;
  const { cardReceipt: _card, ...withoutCard } = item.fields;
  await db.put('outbox', {
    ...kept,
    fields:
      code === 'DELIVERY_TIME_REFUSED' ? withoutMoment : code === 'CARD_AT_DOOR_REFUSED' ? withoutCard : item.fields,
    state: 'pending',
    order: seen ? { ...item.order, ...seen } : item.order,
  });
}

/** The last task list loaded, to show when the phone opens the screen without a connection. */
export async function saveTasks(key: string, list: TaskList): Promise<void> {
  await (await database()).put('tasks', { list, savedAt: Date.now() }, key);
}

export async function savedTasks(key: string): Promise<{ list: TaskList; savedAt: number } | undefined> {
  return (await database()).get('tasks', key);
}
