import { describe, expect, it } from 'vitest';
import { createSseParser, type SseMessage } from './sse';

function parse(chunks: string[]) {
  const messages: SseMessage[] = [];
  const retries: number[] = [];
  const parser = createSseParser({ onMessage: (m) => messages.push(m), onRetry: (ms) => retries.push(ms) });
  for (const chunk of chunks) parser.push(chunk);
  return { messages, retries };
}

describe('createSseParser', () => {
  it('reads the events of a stream cut anywhere, whatever the line ends, skipping comments', () => {
    const text =
      'retry: 3000\n: ok\n\nevent: order\ndata: {"a":1}\n\n: ping\r\n\r\nevent: order\r\ndata: x\r\ndata: y\r\n\r\n';
    const whole = parse([text]);
    expect(whole.retries).toEqual([3000]);
    expect(whole.messages).toEqual([
      { event: 'order', data: '{"a":1}' },
      { event: 'order', data: 'x\ny' },
    ]);
    // One character at a time (a CR LF split in two included): the same events.
    expect(parse([...text]).messages).toEqual(whole.messages);
  });

  it('names an event without `event:` "message", and waits for the blank line before dispatching', () => {
    const { messages } = parse(['data: 1\n', 'data:2']);
    expect(messages).toEqual([]);
    expect(parse(['data: 1\n', 'data:2\n\n']).messages).toEqual([{ event: 'message', data: '1\n2' }]);
  });
});
