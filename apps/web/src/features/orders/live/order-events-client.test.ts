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

  it('skips a message that is not an order event (not JSON, a wrong field) and hands over only the known fields', async () => {
    const server = fakeEventServer();
    const events: OrderEvent[] = [];
    const stop = connectOrderEvents({ token: 'abc', onEvent: (e) => events.push(e) });
    await waitFor(() => expect(server.latest()).toBeDefined());
    server.latest()?.send('event: order\ndata: not json\n\n');
    server.latest()?.send(orderEvent({ ...changed, id: '7' }));
    server.latest()?.send(orderEvent({ kind: 'deleted', id: 7 }));
    server.latest()?.send(orderEvent({ ...changed, total: 10 }));
    server.latest()?.send(orderEvent({ kind: 'many', count: 3 }));
    await waitFor(() => expect(events).toHaveLength(2));
    expect(events).toStrictEqual([changed, { kind: 'many', count: 3 }]);
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
      const sessionOver = vi.fn();
      const stop = connectOrderEvents({ token: 'old', onEvent: () => {}, onSessionOver: sessionOver });
      await vi.waitFor(() => expect(server.fetchMock).toHaveBeenCalledTimes(1));
      // Past the longest reconnect wait (MAX_RECONNECT_MS plus its quarter of jitter): a retry would be here.
      await vi.advanceTimersByTimeAsync(MAX_RECONNECT_MS * 1.25 + 1);
      expect(server.fetchMock).toHaveBeenCalledTimes(1);
      // The session ended elsewhere (sign-out, block, password): the app signs out, as for any 401.
      expect(sessionOver).toHaveBeenCalledOnce();
      stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a 403 (the permission is gone) stops too, without ending the session', async () => {
    const server = fakeEventServer(403);
    const sessionOver = vi.fn();
    const stop = connectOrderEvents({ token: 'abc', onEvent: () => {}, onSessionOver: sessionOver });
    await waitFor(() => expect(server.fetchMock).toHaveBeenCalledTimes(1));
    expect(sessionOver).not.toHaveBeenCalled();
    stop();
  });

  it('a lost connection is not a sign-out: the dropped stream and the refused reconnection are retried until it opens', async () => {
    const server = fakeEventServer();
    const sessionOver = vi.fn();
    const opens: boolean[] = [];
    let offline = false;
    const online = server.fetchMock.getMockImplementation();
    server.fetchMock.mockImplementation(async (url, init) => {
      if (offline) throw new TypeError('Failed to fetch');
      return (online as NonNullable<typeof online>)(url, init);
    });
    const stop = connectOrderEvents({
      token: 'abc',
      onEvent: () => {},
      onOpen: (again) => opens.push(again),
      onSessionOver: sessionOver,
    });
    await waitFor(() => expect(server.streams).toHaveLength(1));
    server.latest()?.send('retry: 500\n\n');
    // The network goes: the open stream breaks, and the next attempt finds no network.
    offline = true;
    const failedBefore = server.fetchMock.mock.calls.length;
    server.latest()?.error(new TypeError('network error'));
    await waitFor(() => expect(server.fetchMock.mock.calls.length).toBeGreaterThan(failedBefore), { timeout: 3000 });
    // The network is back: the next attempt opens the stream again.
    offline = false;
    await waitFor(() => expect(server.streams).toHaveLength(2), { timeout: 5000 });
    expect(opens).toEqual([false, true]);
    expect(sessionOver).not.toHaveBeenCalled();
    stop();
  });
});
