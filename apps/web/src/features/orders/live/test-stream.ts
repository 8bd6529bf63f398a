import { vi } from 'vitest';

/** A fake GET /api/orders/events: each fetch opens a stream the test writes to. */
export function fakeEventServer(status = 200) {
  const encoder = new TextEncoder();
  const streams: {
    send(text: string): void;
    end(): void;
    /** The connection breaks (a lost network): the reader's read rejects. */
    error(reason: unknown): void;
    headers: Record<string, string>;
  }[] = [];
  const fetchMock = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    if (status !== 200) return new Response(JSON.stringify({ errors: ['x'] }), { status });
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        controller = c;
      },
    });
    init?.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
    streams.push({
      send: (text) => controller.enqueue(encoder.encode(text)),
      end: () => controller.close(),
      error: (reason) => controller.error(reason),
      headers: (init?.headers ?? {}) as Record<string, string>,
    });
    return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, streams, latest: () => streams.at(-1) };
}

export const orderEvent = (event: object) => `event: order\ndata: ${JSON.stringify(event)}\n\n`;
/** The bell may have changed (`event: notification`, no details). */
export const notificationEvent = 'event: notification\ndata: {}\n\n';

/** A stand-in for the Web Audio API that counts the tones started. */
export function fakeAudio() {
  const started: number[] = [];
  class FakeAudioContext {
    state = 'running';
    currentTime = 0;
    destination = {};
    resume = vi.fn(async () => {});
    createOscillator() {
      const oscillator = {
        type: 'sine',
        frequency: { value: 0 },
        connect: vi.fn(),
        start: vi.fn(() => started.push(oscillator.frequency.value)),
        stop: vi.fn(),
      };
      return oscillator;
    }
    createGain() {
      return { gain: { setValueAtTime: vi.fn(), exponentialRampToValueAtTime: vi.fn() }, connect: vi.fn() };
    }
  }
  vi.stubGlobal('AudioContext', FakeAudioContext);
  return { started };
}
