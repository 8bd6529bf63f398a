import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, expectOrderAddsUp, signIn, type TestApp } from '../../test/helpers';
import { APRIL, type Business, buildBusiness } from './test-hand-made-business';

/**
 * The exact figures of every report and chart for the small hand-made business of April 2026 (São Paulo time,
 * UTC−03:00) that ./test-hand-made-business builds, on a fresh database (createTestApp). Runs the same on PGlite
 * and on PostgreSQL (DATABASE_URL).
 */
describe('reports API: the figures of a hand-made business', () => {
  let t: TestApp;
  let b: Business;
  let manager: string;
  let stocker: string;
  let courier: string;
  const get = (token: string, url: string) =>
    t.app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(token) });
  const data = async (url: string, token = manager) => {
    const res = await get(token, url);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json().data;
  };
  const period = (p: { s: string; e: string } = APRIL) => `start/${p.s}/end/${p.e}`;

  beforeAll(async () => {
    t = await createTestApp();
    b = await buildBusiness(t.db);
    manager = await signIn(t.app, DEMO.manager);
    stocker = await signIn(t.app, DEMO.stocker);
    courier = await signIn(t.app, DEMO.courier);
  });
  afterAll(() => t.close());

  it('dashboard cards: active products with stock, customers awaiting approval', async () => {
    // Capa (10), Cabo (3), Galaxy (2); Fone has 0 and Pelicula is archived. Elisa and Fabio await.
    expect(await data('/dashboard')).toEqual({ availableProducts: 3, customersAwaitingApproval: 2 });
  });

  it('the five charts of the last 7 days count what happened since 00:00 six days ago, not eight days ago', async () => {
    expect(await data('/reports/customer/top-ten/signedin')).toEqual([
      { customerId: b.customers.davi, customerName: 'Davi Varejo', email: 'davi@cliente.com.br', count: 2 },
    ]);
    expect(await data('/reports/product/top-ten/viewed')).toEqual([
      { productId: b.products.capa, productName: 'Capa Azul', code: 'P1', count: 1 },
    ]);
    expect(await data('/reports/product/top-ten/searched-by-term')).toEqual([{ term: 'novidade', count: 1 }]);
    expect(await data('/reports/product/not-exists/top-ten/searched-by-term')).toEqual([{ term: 'zzz', count: 1 }]);
    expect(await data('/reports/top-ten/products/sold/desc')).toEqual([
      { productId: b.products.cabo, name: 'Cabo USB', code: 'P2', quantity: 1 },
    ]);
  });

  it('charts of April: ten rows at most, ties by name; the last second in, the next one out', async () => {
    // Alice 3 (the third at 23:59:59 of the 30th), Bruno 3, Carla 1; Davi's sign-ins are on 31/03 and 01/05.
    expect(await data(`/reports/customer/top-ten/signedin/${period()}`)).toEqual([
      { customerId: b.customers.alice, customerName: 'Alice Ouro', email: 'alice@cliente.com.br', count: 3 },
      { customerId: b.customers.bruno, customerName: 'Bruno Prata', email: 'bruno@cliente.com.br', count: 3 },
      { customerId: b.customers.carla, customerName: 'Carla Bronze', email: 'carla@cliente.com.br', count: 1 },
    ]);
    // Galaxy 4; Cabo 2 and Capa 2 (tie: "Cabo" before "Capa"); Fone's view is on 31/03.
    expect(await data(`/reports/product/viewed/${period()}`)).toEqual([
      { productId: b.products.galaxy, productName: 'Galaxy A15', code: 'P5', count: 4 },
      { productId: b.products.cabo, productName: 'Cabo USB', code: 'P2', count: 2 },
      { productId: b.products.capa, productName: 'Capa Azul', code: 'P1', count: 2 },
    ]);
    // capinha 3, galaxy 2, then the twelve "termo NN" once each: only 01 to 08 fit in the ten.
    expect(await data(`/reports/product/searched-by-term/${period()}`)).toEqual([
      { term: 'capinha', count: 3 },
      { term: 'galaxy', count: 2 },
      ...[1, 2, 3, 4, 5, 6, 7, 8].map((i) => ({ term: `termo 0${i}`, count: 1 })),
    ]);
    // iphone 99 twice; xyz once in April (the other is 01/05 00:00:00).
    expect(await data(`/reports/product/not-exists/searched-by-term/${period()}`)).toEqual([
      { term: 'iphone 99', count: 2 },
      { term: 'xyz', count: 1 },
    ]);
  });

  it('best- and worst-selling products count units of sales only (not cancelled nor refused)', async () => {
    // Cabo: O1 1 + O3 4 = 5. Capa: O1 2 + O2 1 + O9 1 = 4 (O5 cancelled, O4 in May). Galaxy: O2 1 + O8 1 = 2 (O6 refused).
    const cabo = { productId: b.products.cabo, name: 'Cabo USB', code: 'P2', quantity: 5 };
    const capa = { productId: b.products.capa, name: 'Capa Azul', code: 'P1', quantity: 4 };
    const galaxy = { productId: b.products.galaxy, name: 'Galaxy A15', code: 'P5', quantity: 2 };
    const desc = await get(manager, `/reports/products/sold/${period()}/desc`);
    expect(desc.json()).toEqual({ data: [cabo, capa, galaxy], total: 3 });
    expect((await get(manager, `/reports/products/sold/${period()}/asc`)).json()).toEqual({
      data: [galaxy, capa, cabo],
      total: 3,
    });
    // One page of one row, and a page past the end that still counts.
    expect((await get(manager, `/reports/products/sold/${period()}/desc?page=1&items=1`)).json()).toEqual({
      data: [capa],
      total: 3,
    });
    expect((await get(manager, `/reports/products/sold/${period()}/desc?page=5&items=1`)).json()).toEqual({
      data: [],
      total: 3,
    });
    // From 15/04 12:00:00 (O2 at that very second is in; partial day read raw, the rest by day):
    // Cabo O3 4; Capa O2 1 + O9 1 = 2; Galaxy O2 1 + O8 1 = 2 (tie: "Capa" before "Galaxy").
    const late = { s: '2026-04-15T12:00:00', e: '2026-04-30T23:59:59' };
    expect((await get(manager, `/reports/products/sold/${period(late)}/desc`)).json().data).toEqual([
      { ...cabo, quantity: 4 },
      { ...capa, quantity: 2 },
      { ...galaxy, quantity: 2 },
    ]);
    // Within one hour of one day: only O3 (23:59:59).
    const lastHour = { s: '2026-04-30T23:00:00', e: '2026-04-30T23:59:59' };
    expect((await get(manager, `/reports/products/sold/${period(lastHour)}/desc`)).json().data).toEqual([
      { ...cabo, quantity: 4 },
    ]);
  });

  it('customers who bought most and least: sum of their sales in the period', async () => {
    // Bruno O2 1 046,30 (O6 refused). Alice O1 39,50 + O8 890,00 = 929,50 (O5 cancelled). Carla O3 38,00 + O9 29,00 = 67,00.
    // Davi: O7 is in March, O4 in May.
    const bruno = {
      customerId: b.customers.bruno,
      name: 'Bruno Prata',
      email: 'bruno@cliente.com.br',
      level: 2,
      orders: 1,
      total: 1046.3,
    };
    const alice = {
      customerId: b.customers.alice,
      name: 'Alice Ouro',
      email: 'alice@cliente.com.br',
      level: 1,
      orders: 2,
      total: 929.5,
    };
    const carla = {
      customerId: b.customers.carla,
      name: 'Carla Bronze',
      email: 'carla@cliente.com.br',
      level: 3,
      orders: 2,
      total: 67,
    };
    expect((await get(manager, `/reports/customers/purchases/${period()}/desc`)).json()).toEqual({
      data: [bruno, alice, carla],
      total: 3,
    });
    expect((await get(manager, `/reports/customers/purchases/${period()}/asc?items=2`)).json()).toEqual({
      data: [carla, alice],
      total: 3,
    });
  });

  it('low stock: active products at or below their alert, lowest stock first', async () => {
    // Fone 0 ≤ 2, Cabo 3 ≤ 5; Capa 10 > 5, Galaxy 2 > 1, Pelicula archived.
    expect(await data('/reports/products/low/stock')).toEqual([
      { productId: b.products.fone, name: 'Fone Sem Fio', code: 'P3', stock: 0, stockAlert: 2 },
      { productId: b.products.cabo, name: 'Cabo USB', code: 'P2', stock: 3, stockAlert: 5 },
    ]);
  });

  it('orders by motoboy: his sales of the period with exchanges, returns, freight, warranty and differences', async () => {
    const report = await data(`/reports/order/${period()}/deliverer/${b.staff.diego}`);
    // O1: 29,50 items; exchange 1 × 12,00; return 1 × 5,50; freight 10,00; difference 39,50 − 5,50 = 34,00.
    // O2: 933,00; return 13,00 (registered in May, still this order's); freight 20,00; warranty 93,30; 1 046,30 − 13,00 = 1 033,30.
    // O8: 880,00 + 10,00 = 890,00. O9: 14,00 + 15,00 = 29,00. (O4 May, O5 cancelled, O7 March.)
    expect(report.orders).toEqual([
      {
        orderId: b.orders.O1?.id,
        code: 'T-O1',
        createdAt: '2026-04-01T03:00:00.000Z',
        shippedDate: '2026-04-01T13:40:00.000Z',
        customerName: 'Alice Ouro',
        paymentDescription: 'Dinheiro',
        subTotal: 29.5,
        totalExchange: 12,
        totalReturn: 5.5,
        totalDiscount: 10,
        totalWarranty: 0,
        discount: 0,
        difference: 34,
      },
      {
        orderId: b.orders.O2?.id,
        code: 'T-O2',
        createdAt: '2026-04-15T15:00:00.000Z',
        shippedDate: null,
        customerName: 'Bruno Prata',
        paymentDescription: 'Depósito',
        subTotal: 933,
        totalExchange: 0,
        totalReturn: 13,
        totalDiscount: 20,
        totalWarranty: 93.3,
        discount: 0,
        difference: 1033.3,
      },
      expect.objectContaining({ code: 'T-O8', subTotal: 880, totalDiscount: 10, difference: 890 }),
      expect.objectContaining({ code: 'T-O9', subTotal: 14, totalDiscount: 15, difference: 29 }),
    ]);
    // totalSales 39,50 + 1 046,30 + 890,00 + 29,00 = 2 004,80.
    // Cash (O1, O8, O9): freight 10 + 10 + 15 = 35,00; differences 34 + 890 + 29 = 953,00. Transfer (O2): 20,00; 93,30; 1 033,30.
    expect(report.summary).toEqual({
      orders: 4,
      totalSales: 2004.8,
      totalDiscountInBankTransfer: 20,
      totalDiscountInCash: 35,
      totalDiscountInPix: 0,
      totalWarrantyBankTransfer: 93.3,
      totalWarrantyInCash: 0,
      totalWarrantyPix: 0,
      totalBankTransferDifference: 1033.3,
      totalCashDifference: 953,
      totalPixDifference: 0,
      // No card order in this business (issue 38's optional card totals).
      totalDiscountInCard: 0,
      totalWarrantyCard: 0,
      totalCardDifference: 0,
      // Nor on credit (issue 40).
      totalDiscountInCredit: 0,
      totalWarrantyCredit: 0,
      totalCreditDifference: 0,
      totalDifference: 1986.3,
    });
    expect(report.total).toBe(4);
    // A page keeps the whole period's summary.
    const page = await data(`/reports/order/${period()}/deliverer/${b.staff.diego}?page=1&items=3`);
    expect(page.orders.map((o: { code: string }) => o.code)).toEqual(['T-O9']);
    expect(page.summary.totalSales).toBe(2004.8);
  });

  it('orders by attendant: all of April taken by Beatriz', async () => {
    const report = await data(`/reports/order/${period()}/attendant/${b.staff.beatriz}`);
    // O1, O2, O3, O8, O9 (O3 by Pix: 30,00 + 8,00 = 38,00).
    expect(report.orders.map((o: { code: string }) => o.code)).toEqual(['T-O1', 'T-O2', 'T-O8', 'T-O9', 'T-O3']);
    // 2 004,80 + 38,00 = 2 042,80; Pix freight 8,00, difference 38,00; total difference 1 986,30 + 38,00 = 2 024,30.
    expect(report.summary).toMatchObject({
      orders: 5,
      totalSales: 2042.8,
      totalDiscountInPix: 8,
      totalPixDifference: 38,
      totalDifference: 2024.3,
    });
    expect((await data(`/reports/order/${period()}/attendant/${b.staff.carlos}`)).summary.orders).toBe(0);
  });

  it('stock vs sales: stock valued at cost and at each level price, level 0 all of them', async () => {
    const all = await data('/reports/product/stock/sales');
    expect(all).toEqual(await data('/reports/product/stock/sales/level/0'));
    // Cabo 3 × 5,00 = 15,00 | 3 × 15,00 = 45,00 | gold 3 × 5,50 = 16,50 | silver 3 × 6,00 = 18,00 | bronze 3 × 7,50 = 22,50
    // Capa 10 × 10,00 = 100,00 | 250,00 | 120,00 | 130,00 | 140,00
    // Galaxy 2 × 800,00 = 1 600,00 | 2 400,00 | 1 760,00 | 1 840,00 | 1 920,00 (Fone: no stock; Pelicula archived)
    expect(all.products).toEqual([
      {
        productId: b.products.cabo,
        code: 'P2',
        name: 'Cabo USB',
        stock: 3,
        unitPurchasePrice: 5,
        totalPurchase: 15,
        unitSalesPrice: 15,
        totalSales: 45,
        unitSalesPriceGold: 5.5,
        totalSalesGold: 16.5,
        unitSalesPriceSilver: 6,
        totalSalesSilver: 18,
        unitSalesPriceBronze: 7.5,
        totalSalesBronze: 22.5,
      },
      expect.objectContaining({ code: 'P1', totalPurchase: 100, totalSales: 250, totalSalesGold: 120 }),
      expect.objectContaining({ code: 'P5', totalPurchase: 1600, totalSales: 2400, totalSalesBronze: 1920 }),
    ]);
    // 15 + 100 + 1 600 = 1 715; 45 + 250 + 2 400 = 2 695; gold 16,50 + 120 + 1 760 = 1 896,50;
    // silver 18 + 130 + 1 840 = 1 988; bronze 22,50 + 140 + 1 920 = 2 082,50.
    expect(all.summary).toEqual({
      products: 3,
      stock: 15,
      totalAmountPurchase: 1715,
      totalAmountSales: 2695,
      totalAmountSalesGold: 1896.5,
      totalAmountSalesSilver: 1988,
      totalAmountSalesBronze: 2082.5,
    });
    const silver = await data('/reports/product/stock/sales/level/2?items=1');
    expect(silver.products).toEqual([
      {
        productId: b.products.cabo,
        code: 'P2',
        name: 'Cabo USB',
        stock: 3,
        unitPurchasePrice: 5,
        totalPurchase: 15,
        unitSalesPriceSilver: 6,
        totalSalesSilver: 18,
      },
    ]);
    expect(silver.summary).toEqual({ products: 3, stock: 15, totalAmountPurchase: 1715, totalAmountSalesSilver: 1988 });
    expect(silver.total).toBe(3);
  });

  it('exchanges and returns by attendant (registered) and by motoboy (collected), on the adjustment date', async () => {
    const o = b.orders;
    // Beatriz registered the exchanges of 05/04 and of 30/04 23:59:59; the return of 01/05 is out.
    expect(await data(`/reports/order/exchange/${period()}/employee/${b.staff.beatriz}`)).toEqual([
      {
        orderId: o.O1?.id,
        orderCode: 'T-O1',
        customerName: 'Alice Ouro',
        exchangeOrderId: null,
        exchangeOrderCode: null,
        exchangeProductName: 'Capa Azul',
        exchangeQuantity: 1,
        exchangePrice: 12,
        comments: 'Defeito',
        createdAt: '2026-04-05T13:00:00.000Z',
      },
      expect.objectContaining({
        orderCode: 'T-O7',
        customerName: 'Davi Varejo',
        exchangeProductName: 'Cabo USB',
        exchangeQuantity: 2,
        exchangePrice: 15,
      }),
    ]);
    // Eduardo (a motoboy) collected the exchange of O7; Diego none.
    expect(
      (await data(`/reports/order/exchange/${period()}/employee/${b.staff.eduardo}`)).map(
        (r: { orderCode: string }) => r.orderCode,
      ),
    ).toEqual(['T-O7']);
    expect(await data(`/reports/order/exchange/${period()}/employee/${b.staff.diego}`)).toEqual([]);
    const collected = {
      orderId: o.O1?.id,
      orderCode: 'T-O1',
      customerName: 'Alice Ouro',
      returnOrderId: o.O8?.id,
      returnOrderCode: 'T-O8',
      returnProductName: 'Cabo USB',
      returnQuantity: 1,
      returnPrice: 5.5,
      comments: 'Não quis',
      createdAt: '2026-04-22T19:00:00.000Z',
    };
    expect(await data(`/reports/order/return/${period()}/employee/${b.staff.beatriz}`)).toEqual([collected]);
    expect(await data(`/reports/order/return/${period()}/employee/${b.staff.diego}`)).toEqual([collected]);
  });

  it('order details of an exchange and of a return', async () => {
    const base = {
      orderId: b.orders.O1?.id,
      code: 'T-O1',
      customerName: 'Alice Ouro',
      items: [
        { productName: 'snapshot', quantity: 2, unitPrice: 12 },
        { productName: 'snapshot', quantity: 1, unitPrice: 5.5 },
      ],
      totalItems: 29.5,
      shippingCost: 10,
      fastDeliveryTax: 0,
      warranty: 0,
      discount: 0,
      orderTotal: 39.5,
    };
    expect(await data(`/reports/order/exchange/${b.orders.O1?.id}`)).toEqual({
      ...base,
      adjustments: [{ productName: 'Capa Azul', quantity: 1, unitPrice: 12, createdAt: '2026-04-05T13:00:00.000Z' }],
      totalExchange: 12,
      total: 39.5,
    });
    // 39,50 − 5,50 returned = 34,00.
    expect(await data(`/reports/order/return/${b.orders.O1?.id}`)).toEqual({
      ...base,
      adjustments: [{ productName: 'Cabo USB', quantity: 1, unitPrice: 5.5, createdAt: '2026-04-22T19:00:00.000Z' }],
      totalReturn: 5.5,
      total: 34,
    });
  });

  it('the report order dialog gets every part of the total (issue 15: the fast-delivery tax and the warranty were nowhere)', async () => {
    // O2: items 13,00 + 920,00 = 933,00; no freight; fast tax 20,00; warranty 93,30; total 1 046,30.
    // Returned in May: 1 × 13,00, so it brought in 1 033,30.
    const detail = await data(`/reports/order/return/${b.orders.O2?.id}`);
    expect(detail).toMatchObject({
      totalItems: 933,
      shippingCost: 0,
      fastDeliveryTax: 20,
      warranty: 93.3,
      discount: 0,
      orderTotal: 1046.3,
      totalReturn: 13,
      total: 1033.3,
    });
    const { totalItems: items, shippingCost: shipping, fastDeliveryTax: fastDelivery, warranty, discount } = detail;
    expectOrderAddsUp({ items, shipping, fastDelivery, warranty, discount }, detail.orderTotal);
  });

  it('customers by motoboy, orders awaiting motoboy, brands and references, deposits, fast delivery', async () => {
    // Alice and Bruno are Diego's approved customers (Elisa still awaits approval).
    expect((await data(`/reports/deliverer-customers/${b.staff.diego}`)).map((c: { name: string }) => c.name)).toEqual([
      'Alice Ouro',
      'Bruno Prata',
    ]);
    // O8 waits since 22/04 14:00, O9 (fast) since 25/04 09:00.
    expect(await data(`/reports/awaiting-motoboy-orders/${b.staff.diego}`)).toEqual([
      {
        orderId: b.orders.O8?.id,
        code: 'T-O8',
        customerName: 'Alice Ouro',
        neighborhood: 'Tatuapé',
        status: 3,
        fastDelivery: false,
        total: 890,
        createdAt: '2026-04-22T13:00:00.000Z',
        updatedAt: '2026-04-22T17:00:00.000Z',
      },
      expect.objectContaining({ code: 'T-O9', status: 15, fastDelivery: true, total: 29 }),
    ]);
    expect(await data('/reports/products/samsung/galaxy%20a')).toEqual([
      {
        productId: b.products.galaxy,
        code: 'P5',
        productName: 'Galaxy A15',
        reference: 'Galaxy A',
        brand: 'Samsung',
        archived: false,
      },
      {
        productId: b.products.pelicula,
        code: 'P4',
        productName: 'Pelicula',
        reference: 'Galaxy A',
        brand: 'Samsung',
        archived: true,
      },
    ]);
    // O2 by transfer 1 046,30 and O3 by Pix 38,00 (O3 at 23:59:59 of the 30th); O5 cancelled, O6 refused.
    expect(await data(`/reports/order/transfer/${period()}`)).toEqual({
      orders: [
        {
          orderId: b.orders.O2?.id,
          code: 'T-O2',
          customerName: 'Bruno Prata',
          paymentDescription: 'Depósito',
          createdAt: '2026-04-15T15:00:00.000Z',
          total: 1046.3,
        },
        {
          orderId: b.orders.O3?.id,
          code: 'T-O3',
          customerName: 'Carla Bronze',
          paymentDescription: 'Pix',
          createdAt: '2026-05-01T02:59:59.000Z',
          total: 38,
        },
      ],
      summary: { orders: 2, totalBankTransfer: 1046.3, totalPix: 38, total: 1084.3 },
      total: 2,
    });
    // Fast-delivery sales: O2 (Bruno) and O9 (Carla); Alice's O5 was cancelled.
    expect(await data('/reports/customer/fast-delivery')).toEqual([
      {
        customerId: b.customers.bruno,
        name: 'Bruno Prata',
        email: 'bruno@cliente.com.br',
        neighborhood: 'Tatuapé',
        fastDeliveryTax: 20,
        orders: 1,
        lastOrderAt: '2026-04-15T15:00:00.000Z',
      },
      expect.objectContaining({ name: 'Carla Bronze', fastDeliveryTax: 15, orders: 1 }),
    ]);
    // Paged on the server (issue 59): the second of two, one a page, with the counts of all; past the end, none.
    const fast = async (query: string) => (await get(manager, `/reports/customer/fast-delivery?${query}`)).json();
    expect(await fast('page=1&items=1')).toEqual({
      data: [expect.objectContaining({ name: 'Carla Bronze', orders: 1 })],
      total: 2,
      orders: 2,
    });
    expect(await fast('page=5&items=1')).toEqual({ data: [], total: 2, orders: 2 });
  });

  it('a cancellation takes an order out of every sales figure at once (summaries kept by the database)', async () => {
    // Cancel O8 (Galaxy 1, Alice 890,00): Galaxy 2 → 1, Alice 929,50 → 39,50.
    await t.db
      .updateTable('orders')
      .set({ status: 7 })
      .where('id', '=', b.orders.O8?.id as number)
      .execute();
    try {
      const sold = (await get(manager, `/reports/products/sold/${period()}/desc`)).json().data;
      expect(sold.find((r: { code: string }) => r.code === 'P5').quantity).toBe(1);
      const bought = (await get(manager, `/reports/customers/purchases/${period()}/desc`)).json().data;
      expect(bought.find((r: { name: string }) => r.name === 'Alice Ouro')).toMatchObject({ orders: 1, total: 39.5 });
    } finally {
      await t.db
        .updateTable('orders')
        .set({ status: 3 })
        .where('id', '=', b.orders.O8?.id as number)
        .execute();
    }
  });

  it('refuses bad periods, levels, orders and ids with a Portuguese 400, and unknown ones with 404', async () => {
    const reversed = await get(
      manager,
      `/reports/products/sold/start/2026-04-30T00:00:00/end/2026-04-01T00:00:00/desc`,
    );
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({
      code: 'INVALID_PERIOD',
      errors: ['A data final deve ser igual ou posterior à data inicial.'],
    });
    const impossible = await get(manager, `/reports/order/transfer/start/2026-02-30T00:00:00/end/2026-03-01T00:00:00`);
    expect(impossible.json()).toMatchObject({ code: 'INVALID_PERIOD' });
    const level = await get(manager, '/reports/product/stock/sales/level/4');
    expect(level.statusCode).toBe(400);
    expect(level.json().errors[0]).toContain('Nível inválido');
    expect((await get(manager, `/reports/customers/purchases/${period()}/up`)).statusCode).toBe(400);
    expect((await get(manager, `/reports/products/sold/${period()}/desc?items=0`)).statusCode).toBe(400);
    const noEmployee = await get(manager, `/reports/order/${period()}/deliverer/999999`);
    expect(noEmployee.statusCode).toBe(404);
    expect(noEmployee.json()).toMatchObject({ code: 'NOT_FOUND', errors: ['Funcionário não encontrado.'] });
    expect((await get(manager, '/reports/order/return/999999')).json()).toMatchObject({
      errors: ['Pedido não encontrado.'],
    });
    // A brand called "sold" with a reference "start" is still a brand/reference query.
    expect((await get(manager, '/reports/products/sold/start')).statusCode).toBe(200);
  });

  it('permissions: the dashboard and charts for bo:manage:dashboard, the general reports for bo:manage:reports', async () => {
    // Estoque holds dashboard + products: cards and charts yes, general reports no.
    expect((await get(stocker, '/dashboard')).statusCode).toBe(200);
    expect((await get(stocker, `/reports/product/viewed/${period()}`)).statusCode).toBe(200);
    expect((await get(stocker, `/reports/products/sold/${period()}/desc?items=10`)).statusCode).toBe(200);
    for (const url of [
      '/reports/products/low/stock',
      `/reports/customers/purchases/${period()}/desc`,
      `/reports/order/transfer/${period()}`,
      '/reports/product/stock/sales',
    ]) {
      const res = await get(stocker, url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    // Entregas holds only orders: not even the dashboard.
    expect((await get(courier, '/dashboard')).statusCode).toBe(403);
    expect((await get(courier, '/reports/customer/top-ten/signedin')).statusCode).toBe(403);
  });
});
