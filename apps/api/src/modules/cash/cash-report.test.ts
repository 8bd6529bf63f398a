import { COMPANY_ID, cashRegisterSchema, ORDER_STATUS } from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type DemoRole, signInAll, type TestApp, tokenCaller } from '../../test/helpers';
import { pdfText } from '../../test/pdf-text';
import { createOrder, createOrderWorld, type OrderWorld } from '../orders/test-orders';

/**
 * The closing report's header and totals by method (issue 54 §9), figures worked out by hand. The world's
 * products cost R$ 19,90 and R$ 50,00; the orders here are pickups (no freight).
 */
let t: TestApp;
let world: OrderWorld;
const tokens = {} as Record<DemoRole, string>;
const call = tokenCaller(() => t.app);

beforeAll(async () => {
  t = await createTestApp();
  world = await createOrderWorld(t.db);
  Object.assign(tokens, await signInAll(t.app));
}, 120_000);
afterAll(() => t.close());

/** A counter order (pickup) of the world's products waiting for the stock keeper, paid by parts. */
const counterOrder = (quantities: number[]) =>
  createOrder(t.db, world, { status: ORDER_STATUS.AGUARDANDO_ESTOQUISTA as never, quantities, deliveryType: 2 });

const card = { kind: 'CREDIT', brand: 'Visa', instalments: 1, nsu: '004512', authorizationCode: 'a1b2c3' };

describe("the drawer's closing report", () => {
  it("heads with the shop ('Configurações') and totals what its operator received by method", async () => {
    const settings = await call('PATCH', '/companies/settings', tokens.admin, {
      companyId: COMPANY_ID,
      enablePixAuto: false,
      name: 'Celular Center',
      address: 'Rua das Flores, 10 - Centro',
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const created = await call('POST', '/cash-registers', tokens.admin, { name: 'Caixa do relatório' });
    expect(created.statusCode).toBe(201);
    const register = cashRegisterSchema.parse((created.json() as { data: unknown }).data);
    expect(
      (await call('POST', `/cash-registers/${register.id}/open`, tokens.attendant, { float: 100 })).statusCode,
    ).toBe(201);

    // 7 × 50,00 = 350,00 in cash; 2 × 50,00 + 19,90 = 119,90 by card, both recorded by the drawer's operator.
    const cash = await counterOrder([0, 7]);
    const paidCash = await call('POST', `/orders/${cash.id}/payments`, tokens.attendant, {
      method: 'CASH',
      amount: 350,
    });
    expect(paidCash.statusCode, paidCash.body).toBe(200);
    const byCard = await counterOrder([1, 2]);
    const paidCard = await call('POST', `/orders/${byCard.id}/payments`, tokens.attendant, {
      method: 'CARD',
      amount: 119.9,
      card,
    });
    expect(paidCard.statusCode, paidCard.body).toBe(200);
    // A card part the manager records is his, not this drawer's: 1 × 50,00 left out.
    const other = await counterOrder([0, 1]);
    const paidOther = await call('POST', `/orders/${other.id}/payments`, tokens.manager, {
      method: 'CARD',
      amount: 50,
      card,
    });
    expect(paidOther.statusCode, paidOther.body).toBe(200);

    // Expected 100,00 + 350,00 = 450,00, counted as much.
    const closed = await call('POST', `/cash-registers/${register.id}/close`, tokens.attendant, { counted: 450 });
    expect(closed.statusCode, closed.body).toBe(200);
    const sessionId = ((closed.json() as { data: { id: number } }).data as { id: number }).id;

    const pdf = await call('GET', `/cash-registers/sessions/${sessionId}/report.pdf`, tokens.attendant);
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text.indexOf('Celular Center')).toBeGreaterThanOrEqual(0);
    expect(text.indexOf('Celular Center')).toBeLessThan(text.indexOf('Fechamento de caixa · Caixa do relatório'));
    expect(text).toContain('Rua das Flores, 10 - Centro');
    const section = text.slice(text.indexOf('Recebido por forma de pagamento'), text.indexOf('Lançamentos'));
    expect(section).toMatch(/Dinheiro\nR\$ 350,00/);
    expect(section).toMatch(/Pix\nR\$ 0,00/);
    expect(section).toMatch(/Cartão\nR\$ 119,90/);
    expect(section).toMatch(/Aparelho usado\nR\$ 0,00/);
    expect(section).toMatch(/Total recebido\nR\$ 469,90/);
  });
});
