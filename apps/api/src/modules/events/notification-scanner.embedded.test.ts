import { describe, expect, it } from 'vitest';
import { NotificationScanner } from '../../db/pglite-worker';

/** A backend message: type byte, Int32 length (itself included), body. */
function message(type: string, body: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header.write(type, 0, 'latin1');
  header.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([header, body]);
}
const notification = (channel: string, payload: string) => {
  const pid = Buffer.alloc(4);
  pid.writeInt32BE(42);
  return message('A', Buffer.concat([pid, Buffer.from(`${channel}\0${payload}\0`, 'utf8')]));
};

describe('NotificationScanner (PGlite worker)', () => {
  // What a commit answers: CommandComplete, two notifications (one with accents), ReadyForQuery.
  const answer = Buffer.concat([
    message('C', Buffer.from('COMMIT\0')),
    notification('order_events', '{"kind":"created","id":1}'),
    notification('order_events', '{"code":"AÇÃO-1"}'),
    message('Z', Buffer.from('I')),
  ]);
  const expected = [
    ['order_events', '{"kind":"created","id":1}'],
    ['order_events', '{"code":"AÇÃO-1"}'],
  ];

  it('finds the notifications of an answer in one piece', () => {
    const found: string[][] = [];
    new NotificationScanner((channel, payload) => found.push([channel, payload])).push(answer);
    expect(found).toEqual(expected);
  });

  it('finds the same ones however the answer is cut (every cut point, and byte by byte)', () => {
    for (let cut = 1; cut < answer.length; cut++) {
      const found: string[][] = [];
      const scanner = new NotificationScanner((channel, payload) => found.push([channel, payload]));
      scanner.push(answer.subarray(0, cut));
      scanner.push(answer.subarray(cut));
      expect(found, `cut at ${cut}`).toEqual(expected);
    }
    const found: string[][] = [];
    const scanner = new NotificationScanner((channel, payload) => found.push([channel, payload]));
    for (const byte of answer) scanner.push(Buffer.from([byte]));
    expect(found).toEqual(expected);
  });

  it('starts afresh after a reset (an answer broken off mid-message)', () => {
    const found: string[][] = [];
    const scanner = new NotificationScanner((channel, payload) => found.push([channel, payload]));
    scanner.push(answer.subarray(0, 20));
    scanner.reset();
    scanner.push(answer);
    expect(found).toEqual(expected);
  });
});
