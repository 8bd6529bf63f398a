import { randomUUID } from 'node:crypto';
import {
  ADJUSTMENT_KINDS,
  AUDIT_ENTITIES,
  AUDIT_ENTITY_NAMES,
  AUDIT_FIELDS,
  type AuditEntity,
  type AuditEntry,
  BANK_SETTING_TYPE_LABELS,
  CUSTOMER_STATUS_LABELS,
  DEFAULT_DELIVERY_DEPARTURES,
  nextDeliveryDeparture,
  PAYMENT_METHOD_LABELS,
  PIX_KEY_TYPE_LABELS,
  UNIT_STATUSES,
} from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '../../lib/mailer';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { uploadSheet, utf8 } from '../imports/test-uploads';
import { picture } from '../orders/test-orders';
import { buildTestNfe } from '../purchases/nfe/test-nfe';
import { sendNfe } from '../purchases/test-purchases';
import { createCustomer } from '../selling/test-selling';

/**
 * 'Histórico de alterações' in a person's words (issue 35 §5): every audited action of every entity a history
 * is shown for is done through the API on a fresh database, then every record's history is read as the screen
 * reads it (GET /audit), and no field, value or action may show a raw key (a stored field name), an enum
 * (UPPER_CASE or a stored key such as 'EXCHANGE', 'SUPPLIER_PURCHASE', 'Approved'), a UUID, JSON or an id in
 * place of a name ('produto nº 39').
 *
 * Valid IMEIs (Luhn check digit of the first 14), worked out by hand: body 6, 1, then zeros; from the right
 * the body's 13th digit is doubled, the 14th kept:
 * - 610000000000002: 6 + 2 = 8 → 2
 * - 620000000000000: 6 + 4 = 10 → 0
 * - 630000000000008: 6 + 6 = 12 → 8
 * - 640000000000006: 6 + 8 = 14 → 6
 * - 650000000000003: 6 + (10 → 1) = 7 → 3
 * - 710000000000001: 7 + 2 = 9 → 1
 * - 720000000000009: 7 + 4 = 11 → 9
 */
const IMEI = {
  a: '610000000000002',
  b: '620000000000000',
  c: '630000000000008',
  d: '640000000000006',
  e: '650000000000003',
  f: '710000000000001',
  g: '720000000000009',
};

/**
 * Abbreviations a person reads as they are (labels and values), not enums. UFs and units are two letters. ISENTO is
 * what an exempt company's 'Inscrição estadual' says, as the NF-e prints it.
 */
const ABBREVIATIONS = new Set([
  'NCM',
  'CEST',
  'CNPJ',
  'CPF',
  'CEP',
  'ICMS',
  'IMEI',
  'IMEIs',
  'LGPD',
  'UF',
  'SP',
  'UN',
  'ISENTO',
  // 'Entrada por XML', the screen's own name (the supplier's NF-e file).
  'XML',
]);
/** Stored keys of the enums the audit rows hold, where the key is not also its Portuguese label. */
const STORED_KEYS = new Set(
  [
    ...ADJUSTMENT_KINDS,
    ...UNIT_STATUSES,
    ...Object.entries(CUSTOMER_STATUS_LABELS),
    ...Object.entries(PAYMENT_METHOD_LABELS),
    ...Object.entries(BANK_SETTING_TYPE_LABELS),
    ...Object.entries(PIX_KEY_TYPE_LABELS),
  ]
    .map((entry) => (Array.isArray(entry) ? (entry[0] === entry[1] ? null : entry[0]) : entry))
    .filter((key): key is string => key !== null),
);

/** What a person must never read in a history: the reasons found in `text`, none when it reads right. */
function developerWords(text: string): string[] {
  const found: string[] = [];
  if (/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i.test(text)) found.push('a UUID');
  if (/[{}]|\[object|\bundefined\b|\bnull\b|\bNaN\b/.test(text)) found.push('JSON or a missing value');
  if (/\bnº \d/.test(text)) found.push('an id in place of a name');
  for (const word of text.split(/[^\p{L}\p{N}_]+/u).filter(Boolean)) {
    if (ABBREVIATIONS.has(word)) continue;
    if (/^\p{Ll}+\p{Lu}/u.test(word)) found.push(`camelCase '${word}'`);
    else if (/_/.test(word)) found.push(`a stored key '${word}'`);
    else if (/^\p{Lu}{3,}$/u.test(word)) found.push(`an UPPER_CASE enum '${word}'`);
    if (STORED_KEYS.has(word)) found.push(`an enum key '${word}'`);
  }
  return found;
}

/** Each readable entity's actions the walk must reach (what the writers of apps/api/src/modules record). */
const WALKED_ACTIONS: Record<AuditEntity, string[]> = {
  customer: [
    'approve',
    'edit',
    'block',
    'unblock',
    'reprove',
    'associate-deliverer',
    'delete',
    'import-create',
    'import-update',
    'register',
    'privacy-export',
    'anonymise',
  ],
  product: [
    'create',
    'update',
    'stock-entry',
    'nfe-entry',
    'inventory',
    'archive',
    'unarchive',
    'image',
    'import-create',
    'import-update',
  ],
  employee: ['create', 'update', 'block', 'unblock', 'set_password', 'change_password'],
  role: ['create', 'update'],
  'bank-setting': ['create', 'update', 'delete'],
  order: [
    'create',
    'approve',
    'startPreparation',
    'readyForPickup',
    'readyForCourier',
    'finalize',
    'cancel',
    'changeDeliverer',
    'changeDiscount',
    'editOrder',
    'assignToRun',
    'registerExchange',
    'registerReturn',
    'addPayment',
    'reversePayment',
  ],
};

/** Labelled fields today's writers no longer write (kept so that older rows still read in words). */
const OLD_ROWS_ONLY: Partial<Record<AuditEntity, string[]>> = { product: ['code'] };

/** Audited entities no screen shows a history of (no 'Histórico de alterações'): kept out of GET /audit. */
const NOT_SHOWN = new Set([
  'brand',
  'brand_reference',
  'company_settings',
  'courier_run',
  'order_late_limits',
  'whatsapp_template',
  // Written by the entry by XML the walk makes (its supplier, the note, its bill): read on their own screens.
  'supplier',
  'purchase',
  'payable',
]);

let t: TestApp;
let admin: string;
let attendant: string;
let stocker: string;
let photo: string;
const mails: MailMessage[] = [];
const staff: Record<string, number> = {};

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const call = (token: string, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });
/** A call that must succeed; its `data`. */
async function ok<T = Record<string, unknown>>(token: string, method: Method, url: string, payload?: object) {
  const res = await call(token, method, url, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return (res.body ? res.json().data : undefined) as T;
}

beforeAll(async () => {
  t = await createTestApp({ mailer: { send: async (message) => void mails.push(message) } });
  [admin, attendant, stocker] = await Promise.all([
    signIn(t.app, DEMO.admin),
    signIn(t.app, DEMO.attendant),
    signIn(t.app, DEMO.stocker),
  ]);
  photo = await picture('jpeg');
  for (const row of await t.db.selectFrom('employees').select(['id', 'email']).execute()) staff[row.email] = row.id;
  await ok(admin, 'POST', '/products/brand', { name: 'Marca Histórico' });
}, 120_000);
afterAll(() => t.close());

let n = 0;
/** A product through the API ('Cadastro'): a phone with its units, or an accessory with a stock. */
async function product(name: string, sellPrice: number, spec: { imeis?: string[]; stock?: number }) {
  return ok<{ id: number; code: string; name: string }>(admin, 'POST', '/products', {
    name,
    brand: 'Marca Histórico',
    cost: 5,
    sellPrice,
    discount: { silverPercentage: 0, goldPercentage: 0 },
    stock: spec.imeis ? spec.imeis.length : (spec.stock ?? 0),
    tags: [],
    ...(spec.imeis ? { serialized: true, units: spec.imeis.map((imei) => ({ imei })) } : {}),
    // A phone is a seminovo of grade A (issue 42 §1), so its history names both.
    ...(spec.imeis ? { used: true, grade: 'A' } : {}),
  });
}

/** A cash sale picked up at the store, prepared, packed (phones by IMEI) and finalized at the counter. */
async function pickupSale(lines: Array<{ productId: number; quantity: number; imeis?: string[] }>) {
  const customer = await createCustomer(t.db, { name: `Cliente Histórico ${++n}` });
  for (const line of lines) {
    await ok(attendant, 'POST', `/orders/cart/add/${customer.id}`, {
      productId: line.productId,
      quantity: line.quantity,
    });
  }
  const checkout = await call(attendant, 'POST', `/orders/checkout/${customer.id}`, {
    typeOfDelivery: 2,
    withWarranty: false,
    isFastDelivery: false,
    idempotencyKey: randomUUID(),
    // Issue 38: within the demo attendants' 5 %, so the order's history has its 'Desconto'.
    discounts: { order: { kind: 'percent', value: 1 } },
  });
  expect(checkout.statusCode, checkout.body).toBe(200);
  const order = checkout.json() as { orderId: number; code: string };
  // …and changed before separation (issue 38 §3): the history says the discount and total before and after.
  const discounted = await ok<{ total: number }>(attendant, 'POST', `/orders/${order.orderId}/discount`, {
    discounts: { order: { kind: 'percent', value: 2 } },
  });
  // …and edited (decision 0044): 'Troco para' R$ 50,00 above the total, the edit's own audit row.
  await ok(attendant, 'PATCH', `/orders/${order.orderId}`, { changeFor: discounted.total + 50 });
  await ok(stocker, 'PATCH', '/workflow/order/prepare', { orderId: order.orderId });
  const units = lines.flatMap((line) => (line.imeis ?? []).map((imei) => ({ productId: line.productId, imei })));
  await ok(stocker, 'PATCH', '/workflow/order/pack', {
    orderId: order.orderId,
    images: [photo],
    ...(units.length ? { units } : {}),
  });
  await ok(attendant, 'POST', '/workflow/order/finalize', { orderId: order.orderId });
  return order;
}

/** Every history of `entity` as the screen reads it: each record's entries (all on one page). */
async function historiesOf(entity: AuditEntity): Promise<Array<{ id: string; entries: AuditEntry[] }>> {
  const rows = await t.db
    .selectFrom('audit_events')
    .select('entity_id')
    .distinct()
    .where('entity', '=', AUDIT_ENTITIES[entity])
    .execute();
  const out = [];
  for (const { entity_id: id } of rows) {
    const res = await call(admin, 'GET', `/audit?entity=${entity}&id=${encodeURIComponent(id)}&items=100`);
    expect(res.statusCode, res.body).toBe(200);
    out.push({ id, entries: res.json().data as AuditEntry[] });
  }
  return out;
}

describe("'Histórico de alterações' in a person's words (issue 35 §5)", () => {
  it('walks every audited action of every entity with a history: no raw key, enum, UUID or id is shown', async () => {
    // ---------- customers ----------
    const waiting = await createCustomer(t.db, { name: 'Joana Prado', status: 'AWAITING' });
    await ok(admin, 'PATCH', '/administrator/customers/approve', {
      email: waiting.email,
      approve: true,
      level: 2,
      shippingCost: 12.5,
      warrantyPercentage: 5,
    });
    await ok(admin, 'PATCH', '/customers', {
      customerId: waiting.id,
      level: 1,
      shippingCost: 15,
      warrantyPercentage: 10,
      approve: true,
      fastDeliveryTax: 7.5,
      stateRegistration: '86.123.456',
    });
    await ok(admin, 'PUT', '/employees/deliverer/sign/customer', {
      customerId: waiting.id,
      delivererId: staff[DEMO.courier],
    });
    await ok(admin, 'PATCH', `/administrator/customer/${waiting.id}/status`, { status: 'Blocked', note: 'Cheque' });
    await ok(admin, 'PATCH', `/administrator/customer/${waiting.id}/status`, { status: 'Approved' });
    await ok(admin, 'PATCH', `/administrator/customer/${waiting.id}/status`, { status: 'Reproved', note: 'Dados' });
    await ok(admin, 'GET', `/customers/${waiting.id}/export`);
    await ok(admin, 'POST', `/customers/${waiting.id}/anonymise`);
    const removed = await createCustomer(t.db, { name: 'Rui Tavares', status: 'AWAITING' });
    await ok(admin, 'DELETE', `/customers/${removed.id}`);
    // Registered by staff (issue 38): approved at once, with a courier (111.444.777-35: its check digits in
    // customers.register.test.ts).
    await ok(admin, 'POST', '/customers', {
      name: 'Caio Balcão',
      email: 'caio.balcao@exemplo.com.br',
      phone: '(11) 98765-4321',
      document: '111.444.777-35',
      zipCode: '01001-000',
      street: 'Praça da Sé',
      number: '100',
      neighborhood: 'Sé',
      city: 'São Paulo',
      state: 'SP',
      level: 1,
      shippingCost: 12.5,
      warrantyPercentage: 10,
      delivererId: staff[DEMO.courier],
      stateRegistration: 'isento',
    });
    const customerSheet = (city: string) =>
      utf8(
        'Nome;E-mail;Telefone;CPF/CNPJ;Rua;Número;Complemento;Bairro;CEP;Cidade;UF;Nível;Frete;Garantia (%);Taxa de entrega rápida;Aprovado\r\n' +
          `Lia Campos;lia.campos@exemplo.com.br;(11) 98765-4321;529.982.247-25;Rua Augusta;100;Casa 2;Consolação;01305-000;${city};SP;Ouro;15,00;10;5,00;Sim\r\n`,
      );
    for (const city of ['São Paulo', 'Santos']) {
      const res = await uploadSheet(t, 'customers', customerSheet(city), 'dryRun=false', { token: admin });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.errors).toEqual([]);
    }

    // ---------- products ----------
    const phone = await product('Celular Alfa', 3000, { imeis: [IMEI.a, IMEI.b, IMEI.c] });
    const other = await product('Celular Beta', 3200, { imeis: [IMEI.d] });
    const cover = await product('Capa Azul', 49.9, { stock: 10 });
    await ok(admin, 'PUT', `/products/${cover.code}`, {
      name: 'Capa Azul Fosca',
      description: 'Capa de silicone',
      brand: 'Marca Histórico',
      reference: null,
      cost: 6,
      sellPrice: 59.9,
      discount: { silverPercentage: 5, goldPercentage: 10, bronzePercentage: 2 },
      stock: 12,
      stockAlert: 3,
      tags: ['capa'],
      barcode: '7891234567895',
      ncm: '3926.90.90',
      cest: '28.038.00',
      unit: 'UN',
      origin: 0,
      warrantyMonths: 6,
    });
    await ok(admin, 'PATCH', '/products/menu/purchase/batch', {
      products: [
        { productId: cover.id, cost: 6.5, stock: 5, source: 'SUPPLIER_PURCHASE' },
        { productId: other.id, cost: 2900, stock: 1, source: 'SUPPLIER_PURCHASE', units: [{ imei: IMEI.e }] },
      ],
    });
    // An entry by the supplier's NF-e XML: 4 covers matched by their GTIN (issue 54 §8), the recipient confirmed.
    const note = buildTestNfe({
      number: 7001,
      items: [{ code: 'CAPA-SIL', name: 'Capa de silicone', gtin: '7891234567895', qty: 4, unitValue: '7.00' }],
    });
    const entered = await sendNfe(t, admin, note.xml, {
      dryRun: false,
      decisions: { items: [{ line: 1 }], confirmRecipient: true },
    });
    expect(entered.statusCode, entered.body).toBe(200);
    await ok(admin, 'PATCH', `/products/inventory/${cover.code}`, { newStock: 16 });
    // The shelf count finds two of the three phones: the third is written off.
    await ok(admin, 'POST', `/products/${phone.code}/count-units?dryRun=false`, { imeis: [IMEI.a, IMEI.b] });
    await ok(admin, 'PATCH', `/products/image/${cover.code}`, { image: photo });
    await ok(admin, 'PATCH', `/products/archive?codes=${cover.code}`);
    await ok(admin, 'PATCH', `/products/unarchive/${cover.code}`);
    const productSheet = (price: string) =>
      utf8(
        'Código;Nome;Marca;Referência;Preço de compra;Preço de venda;% Prata;% Ouro;% Bronze;Estoque;Alerta de estoque;Tags;Descrição;Código de barras;NCM;CEST;Unidade;Origem\r\n' +
          `H-1;Película Fosca;Marca Histórico;Linha Fina;2,10;${price};20;15;25;8;2;película;Película de vidro;;3926.90.90;;UN;0\r\n`,
      );
    for (const price of ['14,90', '16,90']) {
      const res = await uploadSheet(t, 'products', productSheet(price), 'dryRun=false&createMissing=true', {
        token: admin,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.errors).toEqual([]);
    }

    // ---------- employees and roles ----------
    const role = await ok<{ id: number }>(admin, 'POST', '/roles', {
      name: 'Conferência',
      permissions: ['bo:manage:products'],
    });
    await ok(admin, 'PATCH', `/roles/${role.id}`, {
      name: 'Conferência de estoque',
      permissions: ['bo:manage:products', 'bo:manage:reports'],
    });
    const employee = await ok<{ id: number; email: string }>(admin, 'POST', '/accounts/employee/stocker/signup', {
      name: 'Otávio Lima',
      func: 3,
      document: '286.255.878-87',
      email: 'otavio.lima@exemplo.com.br',
      phone: '(11) 91234-5678',
      roleId: role.id,
    });
    const code = mails.find((mail) => mail.to === employee.email)?.code as string;
    const activated = await t.app.inject({
      method: 'PATCH',
      url: '/api/accounts/users/activate',
      payload: { email: employee.email, code, newPassword: 'Estoque#2024forte' },
    });
    expect(activated.statusCode, activated.body).toBe(200);
    const own = await signIn(t.app, employee.email, 'Estoque#2024forte');
    await ok(own, 'PATCH', '/accounts/me/password', {
      currentPassword: 'Estoque#2024forte',
      newPassword: 'Estoque#2025forte',
    });
    const edit = { name: 'Otávio Lima Souza', document: '28625587887', email: employee.email, roleId: role.id };
    await ok(admin, 'PUT', '/employees/stocker', { ...edit, phone: '11912345679' });
    await ok(admin, 'PUT', '/employees/stocker', { ...edit, phone: '11912345679', blocked: true });
    await ok(admin, 'PUT', '/employees/stocker', { ...edit, phone: '11912345679', blocked: false });

    // ---------- bank settings ----------
    const pix = await ok<{ id: number }>(admin, 'PUT', '/orders/bank-settings', {
      settings: { bankSettingsType: 'Pix', name: 'Pix CPF do sócio', pixType: 'CPF', pixKey: '529.982.247-25' },
    });
    await ok(admin, 'PUT', '/orders/bank-settings', {
      settings: { id: pix.id, bankSettingsType: 'Pix', name: 'Pix do sócio', pixType: 'CPF', pixKey: '529.982.247-25' },
    });
    const account = await ok<{ id: number }>(admin, 'PUT', '/orders/bank-settings', {
      settings: {
        bankSettingsType: 'Transfer',
        name: 'Conta PJ',
        bank: '341 - Itaú Unibanco',
        agency: '0912',
        account: '458732',
        cnpj: '11222333000181',
      },
    });
    await ok(admin, 'DELETE', `/orders/bank-settings/${account.id}`);

    // ---------- orders ----------
    // A transfer with its proof, approved with the proof's E2E id; then prepared, packed, and cancelled.
    const buyer = await createCustomer(t.db, { name: 'Caio Nunes' });
    await ok(attendant, 'POST', `/orders/cart/add/${buyer.id}`, { productId: cover.id, quantity: 2 });
    const transfer = await call(attendant, 'POST', `/orders/checkout/bank/transfer/${buyer.id}`, {
      typeOfDelivery: 2,
      withWarranty: false,
      isFastDelivery: false,
      idempotencyKey: randomUUID(),
      receipt: photo,
    });
    expect(transfer.statusCode, transfer.body).toBe(200);
    const paid = transfer.json() as { orderId: number };
    await ok(attendant, 'PATCH', '/workflow/order/approve', {
      orderId: paid.orderId,
      endToEndId: 'E60746948202611221405ABCDEF12345',
    });
    await ok(admin, 'PATCH', '/workflow/order/cancel', { orderId: paid.orderId, comment: 'Desistiu da compra' });
    // A card charged at the door (issue 38): its part recorded by the attendant, then reversed.
    await ok(attendant, 'POST', `/orders/cart/add/${buyer.id}`, { productId: cover.id, quantity: 1 });
    const byCard = await call(attendant, 'POST', `/orders/checkout/card/${buyer.id}`, {
      typeOfDelivery: 2,
      withWarranty: false,
      isFastDelivery: false,
    });
    expect(byCard.statusCode, byCard.body).toBe(200);
    const cardOrder = byCard.json() as { orderId: number; total: number };
    const part = await ok<{ id: number }>(attendant, 'POST', `/orders/${cardOrder.orderId}/payments`, {
      method: 'CARD',
      amount: cardOrder.total,
      card: { kind: 'DEBIT', brand: 'Elo', instalments: 1, nsu: '123456', authorizationCode: 'XY12' },
    });
    await ok(attendant, 'PATCH', `/orders/${cardOrder.orderId}/payments/${part.id}`, {
      status: 'REVERSED',
      reason: 'Contestação',
    });
    // A delivery by courier: packed, its courier changed, then taken by a run.
    const delivered = await createCustomer(t.db, { name: 'Bia Rocha', warrantyPercentage: 10, shippingCents: 1500 });
    await ok(attendant, 'POST', `/orders/cart/add/${delivered.id}`, { productId: cover.id, quantity: 1 });
    const byCourier = await call(attendant, 'POST', `/orders/checkout/${delivered.id}`, {
      typeOfDelivery: 1,
      withWarranty: true,
      isFastDelivery: false,
      idempotencyKey: randomUUID(),
    });
    expect(byCourier.statusCode, byCourier.body).toBe(200);
    const courierOrder = byCourier.json() as { orderId: number };
    await ok(stocker, 'PATCH', '/workflow/order/prepare', { orderId: courierOrder.orderId });
    await ok(stocker, 'PATCH', '/workflow/order/pack', { orderId: courierOrder.orderId, images: [photo] });
    await ok(admin, 'PUT', `/orders/change/order/${courierOrder.orderId}/deliverer/${staff[DEMO.courier]}`);
    await ok(admin, 'POST', '/dispatch/runs', {
      departureAt: nextDeliveryDeparture(new Date(), DEFAULT_DELIVERY_DEPARTURES).toISOString(),
      delivererId: staff[DEMO.courier2],
      orderIds: [courierOrder.orderId],
    });
    // The run's courier takes it and delivers it: the customer signs, the receiver's name and document.
    const courier2 = await signIn(t.app, DEMO.courier2);
    await ok(courier2, 'PATCH', '/workflow/order/withdraw', { orderId: courierOrder.orderId });
    await ok(courier2, 'PATCH', '/workflow/order/deliver', {
      orderId: courierOrder.orderId,
      signature: photo,
      occurredAt: new Date(Date.now() - 60_000).toISOString(),
      deviceNow: new Date().toISOString(),
      receiverName: 'Bia Rocha',
      receiverDocument: '529.982.247-25',
    });
    // Phones sold at the counter: one exchanged for another model, one returned.
    const sale = await pickupSale([
      { productId: phone.id, quantity: 2, imeis: [IMEI.a, IMEI.b] },
      { productId: cover.id, quantity: 1 },
    ]);
    await ok(attendant, 'POST', '/orders/adjustments', {
      orderId: sale.orderId,
      kind: 'EXCHANGE',
      items: [
        { productId: phone.id, quantity: 1, imei: IMEI.a, replacementProductId: other.id, replacementImei: IMEI.e },
      ],
    });
    await ok(attendant, 'POST', '/orders/adjustments', {
      orderId: sale.orderId,
      kind: 'RETURN',
      items: [
        { productId: phone.id, quantity: 1, imei: IMEI.b },
        { productId: cover.id, quantity: 1 },
      ],
      delivererId: staff[DEMO.courier],
    });

    // ---------- every history, as the screen reads it ----------
    const stored = await t.db.selectFrom('audit_events').select(['entity', 'action', 'changes']).execute();
    const unread = [...new Set(stored.map((row) => row.entity))].filter(
      (entity) => !Object.values<string>(AUDIT_ENTITIES).includes(entity) && !NOT_SHOWN.has(entity),
    );
    expect(unread, 'an audited entity neither shown in a history nor listed as not shown').toEqual([]);

    const problems: string[] = [];
    for (const entity of AUDIT_ENTITY_NAMES) {
      const rows = stored.filter((row) => row.entity === AUDIT_ENTITIES[entity]);
      // The walk reached every action and every labelled field of the entity.
      const actions = new Set(rows.map((row) => row.action));
      expect(
        WALKED_ACTIONS[entity].filter((action) => !actions.has(action)),
        `${entity}: actions not walked`,
      ).toEqual([]);
      const keys = new Set(
        rows.flatMap((row) => Object.keys(typeof row.changes === 'string' ? JSON.parse(row.changes) : row.changes)),
      );
      expect(
        Object.keys(AUDIT_FIELDS[entity]).filter((key) => !keys.has(key) && !OLD_ROWS_ONLY[entity]?.includes(key)),
        `${entity}: labelled fields no action wrote`,
      ).toEqual([]);

      const labels = new Set(Object.values(AUDIT_FIELDS[entity]).map((rule) => rule.label));
      for (const { id, entries } of await historiesOf(entity)) {
        for (const entry of entries) {
          const where = `${entity} ${id} '${entry.action}'`;
          for (const reason of developerWords(entry.action)) problems.push(`${where}: action shows ${reason}`);
          for (const change of entry.changes) {
            if (!labels.has(change.field)) problems.push(`${where}: raw field '${change.field}'`);
            for (const text of [change.field, change.from, change.to]) {
              for (const reason of developerWords(text)) problems.push(`${where}: '${text}' shows ${reason}`);
            }
          }
        }
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it('reads an exchange as the shop did it: the phones by name, the price paid and given, the difference, no UUID', async () => {
    // Issue 35: it read 'kind: — → EXCHANGE', 'registration: 3d626e0f-…', 'Itens: 1 × produto nº 39 a R$ 0,00'
    // and 'differenceCents'. A customer without a level pays the sale price: R$ 3.118,50 for the first phone,
    // R$ 3.200,00 for the one given instead: 3.200,00 − 3.118,50 = R$ 81,50 for the customer to pay.
    const sold = await product('Celular Gama 128 GB', 3118.5, { imeis: [IMEI.f] });
    const given = await product('Celular Delta 256 GB', 3200, { imeis: [IMEI.g] });
    const order = await pickupSale([{ productId: sold.id, quantity: 1, imeis: [IMEI.f] }]);
    await ok(attendant, 'POST', '/orders/adjustments', {
      orderId: order.orderId,
      kind: 'EXCHANGE',
      items: [
        { productId: sold.id, quantity: 1, imei: IMEI.f, replacementProductId: given.id, replacementImei: IMEI.g },
      ],
    });
    const res = await call(attendant, 'GET', `/audit?entity=order&id=${order.code}`);
    expect(res.statusCode, res.body).toBe(200);
    const [exchange] = res.json().data as AuditEntry[];
    expect(exchange?.action).toBe('Troca registrada');
    expect(exchange?.employee?.name).toBe('Beatriz Atendente');
    expect(exchange?.changes).toEqual([
      { field: 'Tipo', from: '—', to: 'Troca' },
      {
        field: 'Itens',
        from: '—',
        to: '1 × Celular Gama 128 GB (IMEI 710000000000001) a R$ 3.118,50, trocado por Celular Delta 256 GB (IMEI 720000000000009) a R$ 3.200,00',
      },
      { field: 'Diferença', from: '—', to: 'Valor a receber do cliente: R$ 81,50' },
    ]);
  });
});
