import { businessTimeZone, DEFAULT_BUSINESS_TIME_ZONE, setBusinessTimeZone } from '@backoffice/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format';
import { applyStoredTimeZone, clearSession, saveSession } from './session-store';

const token = (claims: object) => `h.${btoa(JSON.stringify(claims))}.s`;

afterEach(() => {
  clearSession();
  setBusinessTimeZone(DEFAULT_BUSINESS_TIME_ZONE);
});

describe('the web on the business’s clock (the browser here is in UTC)', () => {
  // 2026-11-25T03:30Z: 25/11 00:30 in São Paulo, 24/11 23:30 in Manaus, 25/11 03:30 in the browser.
  const at = '2026-11-25T03:30:00.000Z';

  it('shows São Paulo time until the server tells another zone', () => {
    expect(formatDateTime(at)).toBe('25/11/2026 00:30:00');
  });

  it('takes the zone of the sign-in’s answer, keeps it for the next visit, and shows every date in it', () => {
    saveSession({
      accessToken: token({ sub: '1', unique_name: 'Ana' }),
      expires: Date.now() + 60_000,
      permissions: [],
      timeZone: 'America/Manaus',
    });
    expect(formatDateTime(at)).toBe('24/11/2026 23:30:00');
    expect(formatDate(at)).toBe('24/11/2026');
    // A calendar day stays the day it is.
    expect(formatDate('2026-11-25')).toBe('25/11/2026');
    setBusinessTimeZone(DEFAULT_BUSINESS_TIME_ZONE);
    applyStoredTimeZone();
    expect(businessTimeZone()).toBe('America/Manaus');
  });

  it('ignores a zone it does not know', () => {
    saveSession({
      accessToken: token({ sub: '1' }),
      expires: Date.now() + 60_000,
      permissions: [],
      timeZone: 'Lua/Base',
    });
    expect(businessTimeZone()).toBe('America/Sao_Paulo');
  });
});
