import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { data } from './envelope';

describe('the { data } envelope of every JSON answer', () => {
  it('accepts the result under data and nothing else', () => {
    const envelope = data(z.object({ total: z.number() }));
    expect(envelope.parse({ data: { total: 12.5 } })).toEqual({ data: { total: 12.5 } });
    expect(envelope.safeParse({ total: 12.5 }).success).toBe(false);
    expect(envelope.safeParse({ data: { total: '12,50' } }).success).toBe(false);
  });
});
