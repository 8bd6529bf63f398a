import { describe, expect, it } from 'vitest';
import {
  ALL_STATES,
  cancellableUntil,
  cancellationWindow,
  cancellationWindowOfKey,
  NFCE_WINDOW_STATES,
} from './cancellation-windows';

/** Issue 56 §3: the cancellation windows by model and state, from one table with its sources. */
describe('cancellation windows', () => {
  // cUF 35 (SP), year/month 2611, CNPJ 11222333000181, model at 20–21, series 001, number 000000001…
  const nfeKey = '35261111222333000181550010000000011000000016';
  const nfceKey = `${nfeKey.slice(0, 20)}65${nfeKey.slice(22)}`;

  it('NF-e: 24 hours in every state; NFC-e: 30 minutes in every state, as published', () => {
    expect(cancellationWindow(55, 'SP')).toMatchObject({ minutes: 1_440, label: '24 horas' });
    expect(cancellationWindow(55, 'AM')).toMatchObject({ minutes: 1_440, label: '24 horas' });
    expect(cancellationWindow(65, 'SP')).toMatchObject({ minutes: 30, label: '30 minutos' });
    expect(cancellationWindow(65, 'RJ').source).toMatch(/Ajuste SINIEF 07\/18/);
    expect(cancellationWindow(55, 'RJ').source).toMatch(/Ajuste SINIEF 07\/05/);
  });

  it('every state of the contract has its NFC-e line', () => {
    expect([...NFCE_WINDOW_STATES].sort()).toEqual([...ALL_STATES].sort());
    expect(ALL_STATES).toHaveLength(27);
  });

  it('reads the model and the state from the key: an NF-e authorised 27/11 14:32 (−03:00) until 28/11 14:32; an NFC-e at 14:02 until 14:32', () => {
    expect(cancellationWindowOfKey(nfeKey).minutes).toBe(1_440);
    expect(cancellationWindowOfKey(nfceKey).minutes).toBe(30);
    expect(cancellableUntil(nfeKey, new Date('2026-11-27T14:32:00-03:00')).toISOString()).toBe(
      '2026-11-28T17:32:00.000Z',
    );
    expect(cancellableUntil(nfceKey, new Date('2026-11-28T14:02:00-03:00')).toISOString()).toBe(
      '2026-11-28T17:32:00.000Z',
    );
  });
});
