import { businessDay, luhnCheckDigit, shiftDay } from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { createCustomer } from '../selling/test-selling';
import { openDevicePassword, sealClearDevicePasswords } from './device-password';

/** A valid IMEI of the test's own (Luhn check digit). */
function imeiOf(n: number): string {
  const body = `36${String(n).padStart(12, '0')}`;
  return `${body}${luhnCheckDigit(body)}`;
}

describe("a repair's device password sealed at rest (issue 53, finding 10)", () => {
  let t: TestApp;
  let admin: string;
  let serial = Date.now() % 1_000_000;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, DEMO.admin);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(admin), ...(payload ? { payload } : {}) });

  async function openRepair(devicePassword: string) {
    const customer = await createCustomer(t.db, { name: 'Sigilo Senha' });
    const res = await call('POST', '/repairs', {
      customerId: customer.id,
      imei: imeiOf(serial++),
      model: 'Moto G54',
      devicePassword,
      problem: 'Não carrega',
      checklist: [],
      photos: [],
      estimatedDate: shiftDay(businessDay(new Date()), 2),
    });
    expect(res.statusCode).toBe(201);
    return res.json().data as { id: number };
  }

  const stored = (id: number) =>
    t.db
      .selectFrom('repairs')
      .select(['device_password', 'device_password_sealed'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('is stored sealed (not in clear, opened by the server secret), told only as hasDevicePassword, erased when the device leaves', async () => {
    const password = 'padrão Z 852369';
    const opened = await openRepair(password);

    const row = await stored(opened.id);
    expect(row.device_password).toBeNull();
    expect(row.device_password_sealed).not.toBeNull();
    const sealed = Buffer.from(row.device_password_sealed as Buffer);
    expect(sealed.includes(Buffer.from(password, 'utf8'))).toBe(false);
    expect(sealed.includes(Buffer.from('852369', 'utf8'))).toBe(false);
    // 12 bytes of IV + 16 of tag + the 16 bytes of 'padrão Z 852369' in UTF-8 (ã takes 2) = 44.
    expect(sealed.length).toBe(44);
    expect(openDevicePassword(t.app.deps.config.jwtSecret, sealed)).toBe(password);
    expect(() => openDevicePassword('another server secret', sealed)).toThrow();

    const detail = await call('GET', `/repairs/${opened.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data).toMatchObject({ id: opened.id, hasDevicePassword: true });
    expect(detail.body).not.toContain('852369');

    const returned = await call('POST', `/repairs/${opened.id}/return-device`, { note: 'Cliente desistiu' });
    expect(returned.statusCode).toBe(200);
    expect(returned.json().data).toMatchObject({ status: 'RETURNED', hasDevicePassword: false });
    expect(await stored(opened.id)).toEqual({ device_password: null, device_password_sealed: null });
  });

  it('a password kept in clear before migration 0087 is sealed at the start, once', async () => {
    const opened = await openRepair('0000');
    await t.db
      .updateTable('repairs')
      .set({ device_password: '4321', device_password_sealed: null })
      .where('id', '=', opened.id)
      .execute();

    expect(await sealClearDevicePasswords(t.db, t.app.deps.config.jwtSecret)).toBe(1);
    const row = await stored(opened.id);
    expect(row.device_password).toBeNull();
    expect(openDevicePassword(t.app.deps.config.jwtSecret, Buffer.from(row.device_password_sealed as Buffer))).toBe(
      '4321',
    );
    expect(await sealClearDevicePasswords(t.db, t.app.deps.config.jwtSecret)).toBe(0);
    const detail = await call('GET', `/repairs/${opened.id}`);
    expect(detail.json().data).toMatchObject({ hasDevicePassword: true });
  });
});
