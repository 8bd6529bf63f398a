import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../db/database';
import { AppError } from '../../lib/errors';
import { createTestApp, type TestApp } from '../../test/helpers';
import { stockRepository } from './stock.repository';
import { moveStock } from './stock.service';

let t: TestApp;
let brandId: number;
let nextCode = 1;

async function product(db: DB, name: string, stock: number): Promise<number> {
  const code = `EST-${nextCode++}`;
  const { id } = await db
    .insertInto('products')
    .values({
      code,
      name,
      brand_id: brandId,
      cost_cents: 1000,
      sell_price_cents: 2000,
      tags: [],
      search_text: name.toLowerCase(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (stock > 0) {
    await db
      .transaction()
      .execute((trx) => moveStock(trx, { kind: 'PURCHASE', employeeId: null }, [{ productId: id, quantityIn: stock }]));
  }
  return id;
}

const stockOf = async (id: number) =>
  (await t.db.selectFrom('products').select('stock').where('id', '=', id).executeTakeFirstOrThrow()).stock;
const ledgerRows = async (id: number) =>
  t.db.selectFrom('stock_movements').selectAll().where('product_id', '=', id).orderBy('id').execute();

/** A sale of `lines` in its own transaction; resolves to the error code when refused. */
function sell(lines: Array<{ productId: number; quantityOut: number }>, orderId: number | null = null) {
  return t.db
    .transaction()
    .execute((trx) => moveStock(trx, { kind: 'SALE', employeeId: null, orderId }, lines))
    .then(
      () => 'ok' as const,
      (error: unknown) => {
        if (error instanceof AppError) return error;
        throw error;
      },
    );
}

beforeAll(async () => {
  t = await createTestApp();
  brandId = (
    await t.db.insertInto('brands').values({ name: 'Marca Estoque' }).returning('id').executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => t.close());

describe('the stock module', () => {
  it('moves several products in one call, one ledger row each, stock equal to its ledger', async () => {
    const a = await product(t.db, 'Capa A', 10);
    const b = await product(t.db, 'Película B', 5);
    expect(
      await sell([
        { productId: a, quantityOut: 3 },
        { productId: b, quantityOut: 5 },
      ]),
    ).toBe('ok');
    expect(await stockOf(a)).toBe(7);
    expect(await stockOf(b)).toBe(0);
    const rowsA = await ledgerRows(a);
    expect(rowsA.map((r) => [r.kind, r.stock_before, r.quantity_in, r.quantity_out, r.stock_after])).toEqual([
      ['PURCHASE', 0, 10, 0, 10],
      ['SALE', 10, 0, 3, 7],
    ]);
    expect(await stockRepository.ledgerStock(t.db, a)).toBe(7);
    expect(await stockRepository.ledgerStock(t.db, b)).toBe(0);
  });

  it('refuses the whole move with STOCK_INSUFFICIENT naming the product, and changes nothing', async () => {
    const a = await product(t.db, 'Carregador Turbo', 4);
    const b = await product(t.db, 'Cabo USB-C', 1);
    const refused = await sell([
      { productId: a, quantityOut: 2 },
      { productId: b, quantityOut: 3 },
    ]);
    expect(refused).toBeInstanceOf(AppError);
    const error = refused as AppError;
    expect(error.statusCode).toBe(409);
    expect(error.code).toBe('STOCK_INSUFFICIENT');
    expect(error.message).toBe('Estoque insuficiente: Cabo USB-C (disponível 1, pedido 3).');
    expect(error.details).toEqual({
      products: [{ productId: b, code: expect.any(String), name: 'Cabo USB-C', available: 1, requested: 3 }],
    });
    // the line that had stock was not taken either
    expect(await stockOf(a)).toBe(4);
    expect(await stockOf(b)).toBe(1);
    expect(await ledgerRows(a)).toHaveLength(1);
  });

  it('adds up two lines of the same product before deciding', async () => {
    const a = await product(t.db, 'Fone Bluetooth', 3);
    const refused = (await sell([
      { productId: a, quantityOut: 2 },
      { productId: a, quantityOut: 2 },
    ])) as AppError;
    expect(refused.code).toBe('STOCK_INSUFFICIENT');
    expect(refused.details).toMatchObject({ products: [{ productId: a, available: 1, requested: 2 }] });
    expect(await stockOf(a)).toBe(3);
  });

  it('answers NOT_FOUND for a product that does not exist', async () => {
    const refused = (await sell([{ productId: 99_999_999, quantityOut: 1 }])) as AppError;
    expect(refused.code).toBe('NOT_FOUND');
    expect(refused.details).toEqual({ productIds: [99_999_999] });
  });

  it('sells exactly the stock when 50 sales of one unit race for 20 units', async () => {
    const a = await product(t.db, 'Últimas unidades', 20);
    const outcomes = await Promise.all(Array.from({ length: 50 }, () => sell([{ productId: a, quantityOut: 1 }])));
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(20);
    const refusals = outcomes.filter((o): o is AppError => o !== 'ok');
    expect(refusals).toHaveLength(30);
    for (const refusal of refusals) expect(refusal.code).toBe('STOCK_INSUFFICIENT');
    expect(await stockOf(a)).toBe(0);
    expect(await stockRepository.ledgerStock(t.db, a)).toBe(0);
  });

  it('two carts holding the same products in opposite orders never deadlock', async () => {
    const a = await product(t.db, 'Carrinho A', 100);
    const b = await product(t.db, 'Carrinho B', 100);
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        sell(
          i % 2 === 0
            ? [
                { productId: a, quantityOut: 1 },
                { productId: b, quantityOut: 2 },
              ]
            : [
                { productId: b, quantityOut: 2 },
                { productId: a, quantityOut: 1 },
              ],
        ),
      ),
    );
    expect(outcomes.every((o) => o === 'ok')).toBe(true);
    expect(await stockOf(a)).toBe(70);
    expect(await stockOf(b)).toBe(40);
    expect(await stockRepository.ledgerStock(t.db, a)).toBe(70);
    expect(await stockRepository.ledgerStock(t.db, b)).toBe(40);
  });
});
