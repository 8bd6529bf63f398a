import { businessDay, COMPANY_ID, luhnCheckDigit, shiftDay } from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { issuerBody, putIssuer } from '../fiscal/test-fiscal';
import { createCustomer } from '../selling/test-selling';

describe('the public repair status page (issue 54: no shop name nor contact)', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, DEMO.admin);
  });
  afterAll(() => t.close());

  it("answers the shop's name and address from 'Configurações' and its phone from the fiscal profile", async () => {
    const settings = await t.app.inject({
      method: 'PATCH',
      url: '/api/companies/settings',
      headers: bearer(admin),
      payload: {
        companyId: COMPANY_ID,
        enablePixAuto: false,
        name: 'Celular Center',
        address: 'Rua das Flores, 10 - Centro\nSão Paulo - SP',
      },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const issuer = await putIssuer(t, admin, issuerBody({ phone: '(11) 98765-4321' }));
    expect(issuer.statusCode, issuer.body).toBe(200);

    const customer = await createCustomer(t.db);
    const body = `35${String(Date.now() % 1_000_000_000_000).padStart(12, '0')}`;
    const opened = await t.app.inject({
      method: 'POST',
      url: '/api/repairs',
      headers: bearer(admin),
      payload: {
        customerId: customer.id,
        imei: `${body}${luhnCheckDigit(body)}`,
        model: 'Galaxy A54',
        problem: 'Não liga',
        estimatedDate: shiftDay(businessDay(new Date()), 3),
      },
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const token = (opened.json().data.statusUrl as string).split('/').at(-1) as string;

    const page = await t.app.inject({ method: 'GET', url: `/api/repairs/status/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.json().data.shop).toEqual({
      name: 'Celular Center',
      phone: '11987654321',
      address: 'Rua das Flores, 10 - Centro\nSão Paulo - SP',
    });
  });
});
