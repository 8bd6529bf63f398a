import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  dayPeriodOf,
  formatCep,
  formatDate,
  formatDateTime,
  formatDocument,
  formatMoney,
  formatPhone,
  toApiTimestamp,
} from './format';

describe('format', () => {
  it('formats dates and date-times the Brazilian way, on the business’s clock whatever the browser’s (UTC here)', () => {
    // 05/01/2026 09:07:03 in São Paulo.
    const date = new Date('2026-01-05T12:07:03Z');
    expect(formatDate(date)).toBe('05/01/2026');
    expect(formatDateTime(date)).toBe('05/01/2026 09:07:03');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });

  it('formats money as R$ with two decimals', () => {
    expect(formatMoney(1234.5)).toBe('R$ 1.234,50');
    expect(formatMoney('0')).toBe('R$ 0,00');
    expect(formatMoney(undefined)).toBe('');
    expect(formatMoney(159.3)).toBe('R$ 159,30');
    expect(formatMoney(1_234_567.891)).toBe('R$ 1.234.567,89');
    expect(formatMoney(-20_409.16)).toBe('-R$ 20.409,16');
    expect(formatMoney(999.995)).toBe('R$ 1.000,00');
    expect(formatMoney(0.125)).toBe('R$ 0,13');
    expect(formatMoney(-0.001)).toBe('R$ 0,00');
    expect(formatMoney('abc')).toBe('');
    expect(formatMoney(Number.POSITIVE_INFINITY)).toBe('');
  });

  it('writes money as the browser’s Brazilian currency format does, rounding included', () => {
    const intl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
    const values = [0, 0.005, 0.015, 1.005, 2.675, 10, 99.99, 100, 1000, 12_345.675, 999_999.999, 1e12 + 0.5];
    for (let cents = -150_000; cents <= 150_000; cents += 7) values.push(cents / 100, cents / 100 + 0.005);
    for (const value of values) {
      // Intl writes a minus for an amount that rounds to zero from below; formatMoney does not.
      if (Math.abs(value) < 0.005) continue;
      expect(formatMoney(value), String(value)).toBe(intl.format(value).replace(/\s/g, ' '));
    }
  });

  it('gives the API timestamp without milliseconds', () => {
    // 21/11/2026 23:59:58.999 in São Paulo.
    expect(toApiTimestamp(new Date('2026-11-22T02:59:58.999Z'))).toBe('2026-11-21T23:59:58');
  });

  it('asks for whole picked days, first 00:00:00 to last 23:59:59, by the contract’s period rule', () => {
    expect(dayPeriodOf(dayjs('2026-04-01T15:00:00'), dayjs('2026-04-30T08:00:00'))).toEqual({
      start: '2026-04-01T00:00:00',
      end: '2026-04-30T23:59:59',
    });
  });
});

describe('phones, CEPs and documents (issue 15: raw digits on screen)', () => {
  it('formats a mobile, a landline, one with the country code, a CEP and a CPF; leaves what it cannot read', () => {
    expect(formatPhone('11987654321')).toBe('(11) 98765-4321');
    expect(formatPhone('1134567890')).toBe('(11) 3456-7890');
    expect(formatPhone('+55 11 98765-4321')).toBe('(11) 98765-4321');
    expect(formatPhone('123')).toBe('123');
    expect(formatPhone(null)).toBe('');
    expect(formatCep('01234567')).toBe('01234-567');
    expect(formatCep('01234-567')).toBe('01234-567');
    expect(formatCep('0123')).toBe('0123');
    expect(formatDocument('52998224725')).toBe('529.982.247-25');
  });
});
