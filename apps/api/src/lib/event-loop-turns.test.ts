import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventLoopTurns } from './event-loop-turns';

describe('eventLoopTurns', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('lets a timer run once the slice is spent, and not before', async () => {
    let clock = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => clock);
    const turn = eventLoopTurns(20);
    let fired = 0;
    const timer = setImmediate(() => fired++);
    clock = 19;
    await turn();
    expect(fired).toBe(0);
    clock = 20;
    await turn();
    expect(fired).toBe(1);
    clearImmediate(timer);
  });

  it('starts a new slice after each turn', async () => {
    let clock = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => clock);
    const turn = eventLoopTurns(20);
    clock = 25;
    await turn();
    let fired = 0;
    setImmediate(() => fired++);
    clock = 40;
    await turn();
    expect(fired).toBe(0);
    clock = 45;
    await turn();
    expect(fired).toBe(1);
  });
});
