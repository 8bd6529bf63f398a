/** One Server-Sent Event: its name (`message` when the stream gives none) and data. */
export interface SseMessage {
  event: string;
  data: string;
}

/**
 * A Server-Sent Events parser after the WHATWG rules, fed with text as it arrives (chunks cut anywhere):
 * `event:` and `data:` fields, lines joined by `\n`, dispatch on a blank line, comments (`:`) ignored,
 * `retry:` reported. CR LF, CR and LF all end a line.
 */
export function createSseParser(handlers: {
  onMessage: (message: SseMessage) => void;
  onRetry?: (ms: number) => void;
}) {
  let buffer = '';
  let event = '';
  let data: string[] = [];

  const line = (text: string) => {
    if (text === '') {
      if (data.length > 0) handlers.onMessage({ event: event || 'message', data: data.join('\n') });
      event = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'retry' && /^\d+$/.test(value)) handlers.onRetry?.(Number(value));
  };

  return {
    push(chunk: string) {
      buffer += chunk;
      for (;;) {
        const end = buffer.search(/\r\n|\r|\n/);
        if (end === -1) return;
        // A CR at the very end may be the first half of CR LF: wait for the next chunk.
        if (buffer[end] === '\r' && end === buffer.length - 1) return;
        const size = buffer.startsWith('\r\n', end) ? 2 : 1;
        line(buffer.slice(0, end));
        buffer = buffer.slice(end + size);
      }
    },
  };
}
