import { businessDay, luhnCheckDigit, shiftDay } from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { pdfText } from '../../test/pdf-text';
import { createCustomer } from '../selling/test-selling';

describe("a service order's receipt (issue 54)", () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, DEMO.admin);
  });
  afterAll(() => t.close());

  it("prints 'Não testado' for a checklist item left unticked, never 'Com defeito', and 'OK' for one ticked", async () => {
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
        checklist: [
          { item: 'Tela', ok: true },
          { item: 'Câmera', ok: false },
        ],
        estimatedDate: shiftDay(businessDay(new Date()), 3),
      },
    });
    expect(opened.statusCode).toBe(201);
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/repairs/${opened.json().data.id}/receipt.pdf`,
      headers: bearer(admin),
    });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Estado na entrada');
    expect(text).toMatch(/Tela\nOK/);
    expect(text).toMatch(/Câmera\nNão testado/);
    expect(text).not.toContain('Com defeito');
  });
});
