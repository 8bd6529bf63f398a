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
  it('formats dates and date-times the Brazilian way', () => {
    const date = new Date(2026, 0, 5, 9, 7, 3);
    expect(formatDate(date)).toBe('05/01/2026');
    expect(formatDateTime(date)).toBe('05/01/2026 09:07:03');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });

  it('formats money as R$ with two decimals', () => {
    expect(formatMoney(1234.5)).toBe('R$ 1.234,50');
    expect(formatMoney('0')).toBe('R$ 0,00');
    expect(formatMoney(undefined)).toBe('');
  });

  it('gives the API timestamp without milliseconds', () => {
    expect(toApiTimestamp(new Date(2026, 10, 21, 23, 59, 58, 999))).toBe('2026-11-21T23:59:58');
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
