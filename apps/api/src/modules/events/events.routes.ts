import { PassThrough } from 'node:stream';
import {
  NOTIFICATION_EVENT_NAME,
  ORDER_EVENT_NAME,
  ORDER_EVENTS_RETRY_MS,
  type OrderEvent,
  readsOnlyOwnOrders,
  TASKS_ACCESS,
} from '@backoffice/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { principalOf } from '../../plugins/auth';
import type { SessionEvent } from './events.service';

/**
 * Who follows the orders live: whoever works them — orders or products, or a stocker's or a courier's
 * function by itself (the contract's TASKS_ACCESS; their task list refreshes on every change).
 */
const FOLLOWERS = TASKS_ACCESS;
/**
 * The stream's path. It never ends, so the route walkers of src/test (which call every route with
 * app.inject and wait for the answer) leave it out; events.test.ts covers it over real HTTP.
 */
export const ORDER_EVENTS_PATH = '/api/orders/events';
/** How long one stream lasts before the server ends it (the client reconnects at once, re-authenticated). */
export const MAX_STREAM_MS = 15 * 60_000;
/** A comment line every 20 s keeps proxies and the browser from closing an idle stream. */
export const HEARTBEAT_MS = 20_000;

/** One Server-Sent Event. The JSON has no newline, so one `data:` line is enough. */
export const formatOrderEvent = (event: OrderEvent) => `event: ${ORDER_EVENT_NAME}\ndata: ${JSON.stringify(event)}\n\n`;

/**
 * What a reader of his own orders only (a courier) hears of a change: that something changed, never which
 * order (its code, status or seller), since he may not read other orders; his task list refreshes on it.
 */
export const redactedOrderEvent = (event: OrderEvent): OrderEvent =>
  event.kind === 'many' ? event : { kind: 'many', count: 1 };

/** `event: notification`: the bell may have changed; the client refetches GET /notifications (no details sent). */
export const NOTIFICATION_SSE = `event: ${NOTIFICATION_EVENT_NAME}\ndata: {}\n\n`;

/** The open streams of each app (keyed by its `deps`, the same object in every plugin context). */
const openStreams = new WeakMap<object, Set<() => void>>();
/** How many streams an app holds open (tests: a closed client leaves nothing behind). */
export const openStreamCount = (deps: object) => openStreams.get(deps)?.size ?? 0;

/**
 * GET /api/orders/events: live updates of the orders as Server-Sent Events (docs/api.md, docs/architecture.md
 * "Live updates"). Written by hand over a PassThrough sent as the reply, so Fastify's onSend hooks still
 * add the security headers; compression is off for this route (a compressor would hold the events back).
 * Every open stream ends when the app closes (preClose), so `app.close()` never waits on one.
 */
export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  const hub = app.deps.events;
  /** The open streams, by the function that ends each. */
  const streams = new Set<() => void>();
  openStreams.set(app.deps, streams);

  // The hub itself is closed by the app (app.ts), after this.
  app.addHook('preClose', async () => {
    for (const end of [...streams]) end();
  });

  app.get(
    '/orders/events',
    {
      config: FOLLOWERS,
      compress: false,
      schema: {
        tags: ['orders'],
        summary: 'Atualizações ao vivo dos pedidos (Server-Sent Events)',
        description:
          'Fluxo `text/event-stream` que não termina: um evento `order` (JSON: `{ kind: "created" | "changed", id, code, ' +
          'status, previousStatus }` ou `{ kind: "many", count }`) a cada alteração confirmada de um pedido, vinda de ' +
          'qualquer atendente, motoboy, estoquista ou checkout; um evento `notification` (`{}`) quando o sino pode ter ' +
          'mudado (cliente cadastrado, Pix recebido, acerto, estoque no alerta, configuração de pagamento): o cliente relê ' +
          'GET /api/notifications; um comentário a cada 20 s; `retry:` de 3 s; o servidor ' +
          'encerra o fluxo após 15 min (o cliente reconecta, autenticando-se de novo), e em segundos quando a sessão ' +
          'do funcionário termina (saída, troca de senha ou bloqueio, feitos em qualquer réplica). ' +
          'O navegador lê com fetch (o cabeçalho Authorization não cabe em EventSource). 503 quando o banco não ' +
          'está acessível (tente de novo).',
        produces: ['text/event-stream'],
        response: { 200: z.unknown().describe('Fluxo de eventos (text/event-stream)') },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const { employeeId, tokenVersion } = principal;
      const onlyOwn = readsOnlyOwnOrders(principal);
      const stream = new PassThrough();
      let unsubscribe: (() => void) | undefined;
      let heartbeat: NodeJS.Timeout | undefined;
      let lifetime: NodeJS.Timeout | undefined;
      const write = (text: string) => {
        if (!stream.writableEnded) stream.write(text);
      };
      const end = () => {
        if (heartbeat) clearInterval(heartbeat);
        if (lifetime) clearTimeout(lifetime);
        unsubscribe?.();
        streams.delete(end);
        stream.end();
      };
      // The answer ended: the client went away (tab closed, network) or the app closed it. Attached before
      // the wait for the LISTEN, so a client gone meanwhile leaves nothing behind either.
      reply.raw.on('close', end);
      // The employee signed out, changed the password or was blocked (through any process): the token of
      // this stream no longer works, so the stream ends now; the client's reconnection gets its 401.
      const onSession = (event: SessionEvent) => {
        if (event.employeeId === employeeId && (event.blocked || event.tokenVersion !== tokenVersion)) end();
      };
      try {
        unsubscribe = await hub.subscribe(
          (event) => write(formatOrderEvent(onlyOwn ? redactedOrderEvent(event) : event)),
          onSession,
          () => write(NOTIFICATION_SSE),
        );
      } catch (error) {
        reply.raw.off('close', end);
        request.log.error({ err: error }, 'order events: cannot listen');
        throw new AppError(503, 'Atualizações ao vivo indisponíveis no momento. Tente novamente em instantes.');
      }
      if (stream.writableEnded) {
        unsubscribe();
      } else {
        streams.add(end);
        heartbeat = setInterval(() => write(': ping\n\n'), HEARTBEAT_MS);
        heartbeat.unref();
        // The permission was checked at the start only: the stream ends after a while and the client
        // reconnects with its token, so a role that lost the permission stops hearing within that time (an
        // ended session ends it at once, above; this also bounds a session event missed while the listener
        // was reconnecting).
        lifetime = setTimeout(end, MAX_STREAM_MS);
        lifetime.unref();
        // Listening already: a change committed from now on reaches this stream. The opening comment sends
        // the headers at once, so the client knows the stream is live.
        write(`retry: ${ORDER_EVENTS_RETRY_MS}\n: ok\n\n`);
      }
      return reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-transform')
        .header('x-accel-buffering', 'no')
        .send(stream);
    },
  );
};
