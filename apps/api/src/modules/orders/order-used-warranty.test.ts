import { luhnCheckDigit, ORDER_STATUS } from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { createOrder, createOrderWorld, type OrderWorld } from './test-orders';

let t: TestApp;
let world: OrderWorld;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  world = await createOrderWorld(t.db);
  token = await signIn(t.app, DEMO.admin);
}, 120_000);
afterAll(() => t.close());

const detail = async (id: number) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/orders/by-id/${id}`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { hasWarranty: boolean; usedWarrantyDays?: number };
};

describe("an order's seminovo warranty (issue 54: a seminovo with 90 days said 'Possui Garantia? Não')", () => {
  it('answers the longest warranty of the seminovo units it sold (90 and 30 days: 90), none without one', async () => {
    const sold = await createOrder(t.db, world, { status: ORDER_STATUS.FINALIZADOS });
    await t.db.updateTable('orders').set({ with_warranty: false }).where('id', '=', sold.id).execute();
    const units = [90, 30].map((days, i) => {
      const body = `35${String((Date.now() + i) % 1_000_000_000_000).padStart(12, '0')}`;
      return {
        product_id: world.products[0] as number,
        imei: `${body}${luhnCheckDigit(body)}`,
        cost_cents: 50_000,
        status: 'SOLD' as const,
        order_id: sold.id,
        warranty_days: days,
      };
    });
    await t.db.insertInto('product_units').values(units).execute();
    expect(await detail(sold.id)).toMatchObject({ hasWarranty: false, usedWarrantyDays: 90 });

    const plain = await createOrder(t.db, world, { status: ORDER_STATUS.FINALIZADOS });
    expect(await detail(plain.id)).not.toHaveProperty('usedWarrantyDays');
  });
});
