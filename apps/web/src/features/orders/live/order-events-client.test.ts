import type { OrderEvent } from '@backoffice/contract';
import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { connectOrderEvents, MAX_RECONNECT_MS } from './order-events-client';
import { fakeEventServer, orderEvent } from './test-stream';

const changed = { kind: 'changed', id: 7, code: 'K7M-4QP', status: 7, previousStatus: 1 } as const;

describe('connectOrderEvents', () => {
  it('sends the bearer token and hands over each order event, ignoring comments and other events', async () => {
    const server = fakeEventServer();
    const events: OrderEvent[] = [];
    const stop = connectOrderEvents({ token: 'abc', onEvent: (e) => events.push(e) });
    await waitFor(() => expect(server.latest()).toBeDefined());
    expect(server.latest()?.headers.Authorization).toBe('Bearer abc');
    server.latest()?.send(`retry: 3000\n: ok\n\n: ping\n\nevent: other\ndata: {}\n\n${orderEvent(changed)}`);
    server.latest()?.send('event: order\ndata: {"kind":"created","id":8,');
    server.latest()?.send('"code":"AAA-111","status":1,"previousStatus":null}\n\n');
    await waitFor(() => expect(events).toHaveLength(2));
    expect(events).toEqual([changed, { kind: 'created', id: 8, code: 'AAA-111', status: 1, previousStatus: null }]);
    stop();
  });

  it('reconnects after the server ends the stream, telling that it reconnected', async () => {
    const server = fakeEventServer();
    const opens: boolean[] = [];
    const stop = connectOrderEvents({ token: 'abc', onEvent: () => {}, onOpen: (again) => opens.push(again) });
    await waitFor(() => expect(server.streams).toHaveLength(1));
    server.latest()?.send('retry: 500\n\n');
    server.latest()?.end();
    await waitFor(() => expect(server.streams).toHaveLength(2), { timeout: 3000 });
    expect(opens).toEqual([false, true]);
    stop();
  });

  it('stops for good on 401 (the session is over): one request, no retry', async () => {
    vi.useFakeTimers();
    try {
      const server = fakeEventServer(401);
      const stop = connectOrderEvents({ token: 'old', onEvent: () => {} });
      await vi.waitFor(() => expect(server.fetchMock).toHaveBeenCalledTimes(1));
      // Past the longest reconnect wait (MAX_RECONNECT_MS plus its quarter of jitter): a retry would be here.
      await vi.advanceTimersByTimeAsync(MAX_RECONNECT_MS * 1.25 + 1);
      expect(server.fetchMock).toHaveBeenCalledTimes(1);
      stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
