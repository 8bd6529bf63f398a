import { randomUUID } from 'node:crypto';
import { type CardSettings, type DeliverySchedule, formatDocument, nextDeliveryDeparture } from '@backoffice/contract';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, expect } from 'vitest';
import { type ApiClient, apiAs, DEMO, openDesk, unique } from './harness';

/**
 * What a journey acts on is its own, so journeys run in any order (`E2E_SHUFFLE=<seed>`) and never meet:
 * - products and orders it creates here, through the API, as the shop would;
 * - the demo's customers are shared out by id: a journey works only on the customers of its share. The
 *   customers the counter journey registers by hand ('Cadastrar cliente', issue 38) are its own, by their
 *   e-mail's domain (`COUNTER_JOURNEY_DOMAIN`), and in no share.
 */
/** The e-mail domain of the customers the counter journey registers (counter.spec.ts). */
export const COUNTER_JOURNEY_DOMAIN = 'balcao.jornada.example.com';

/**
 * The shares, one residue of the customer id each: selling holds two (it looks for gold customers with a
 * shipping cost and a warranty percentage, and needs two of them).
 */
const SHARES = [
  'payments',
  'field',
  'live',
  'orders',
  'dispatch',
  'connectionLoss',
  'selling',
  'customers',
  'products',
  'selling',
] as const;
export type Journey = (typeof SHARES)[number];

/** Whether a demo customer is in `journey`'s share (ids shared out one by one: no two journeys share one). */
export const ownedBy =
  (journey: Journey) =>
  (customer: { id: number; email: string }): boolean =>
    SHARES[customer.id % SHARES.length] === journey && !customer.email.endsWith(`@${COUNTER_JOURNEY_DOMAIN}`);

export interface JourneyCustomer {
  id: number;
  name: string;
  email: string;
  isBlocked: boolean;
  level: number;
  shippingCost: number;
  warrantyPercentage: number;
  totalPurchase: number;
  /** The courier associated with the customer: his orders go to that courier. */
  deliverer: { id: number; name: string } | null;
  /** A customer without it has no fast delivery. */
  fastDeliveryTax: number;
}

/** A customer whose orders Diego (`diego`, his employee id) may take: not blocked, no courier of his own or Diego. */
export const forDiego =
  (diego: number) =>
  (customer: JourneyCustomer): boolean =>
    !customer.isBlocked && (customer.deliverer === null || customer.deliverer.id === diego);

/**
 * The journey's customers, newest first, that match `where` (by default: not blocked); `nth` skips that many. Only
 * e-mails without '%' or '_' (the sales search reads them as patterns).
 */
export async function journeyCustomer(
  api: ApiClient,
  journey: Journey,
  {
    nth = 0,
    where = (c: JourneyCustomer) => !c.isBlocked,
  }: { nth?: number; where?: (c: JourneyCustomer) => boolean } = {},
): Promise<JourneyCustomer> {
  let skip = nth;
  for (let page = 0; page < 50; page++) {
    const { customers } = await api.get<{ customers: JourneyCustomer[] }>(
      `/customers?page=${page}&items=100&sort=id:desc`,
    );
    for (const customer of customers.filter(ownedBy(journey))) {
      if (!where(customer) || /[%_]/.test(customer.email)) continue;
      if (skip === 0) return customer;
      skip--;
    }
    if (customers.length < 100) break;
  }
  throw new Error(`no customer of the ${journey} journey fits`);
}

export interface JourneyProduct {
  id: number;
  code: string;
  name: string;
  sellPrice: number;
  stock: number;
}

/** What a journey product is made of (POST /products), beside its brand 'Jornadas' and its tag. */
interface ProductFields {
  name: string;
  cost: number;
  sellPrice: number;
  /** The gold and silver levels' % off (bronze: none). */
  levelsOff?: number;
  stock: number;
  /** IMEIs of a phone that controls them ('Controla IMEI'): its stock is their count. */
  imeis?: string[];
  /** Its NCM, for a fiscal journey (origin 0, national). */
  ncm?: string;
}

/**
 * A new product of the journey's own, of the brand 'Jornadas' (made the first time), the name made unique.
 * `api` holds the products permission (the administrator).
 */
export async function journeyProduct(api: ApiClient, fields: ProductFields): Promise<JourneyProduct> {
  const brand = await api.call('POST', '/products/brand', { name: 'Jornadas' });
  if (brand.status !== 201 && brand.status !== 409) throw new Error(`brand Jornadas: ${brand.status}`);
  const off = fields.levelsOff ?? 0;
  const created = await api.send<{ data: JourneyProduct }>('POST', '/products', {
    name: unique(fields.name),
    brand: 'Jornadas',
    cost: fields.cost,
    sellPrice: fields.sellPrice,
    discount: { silverPercentage: off, goldPercentage: off, bronzePercentage: 0 },
    stock: fields.imeis ? fields.imeis.length : fields.stock,
    tags: ['jornada'],
    ...(fields.imeis ? { serialized: true, units: fields.imeis.map((imei) => ({ imei })) } : {}),
    ...(fields.ncm ? { ncm: fields.ncm, origin: 0 } : {}),
  });
  return created.data;
}

/** A new product of the journey's own, in stock (R$ 59,90; cost R$ 20,00; gold and silver 10% off). */
export function newProduct(api: ApiClient, label: string, stock = 30): Promise<JourneyProduct> {
  return journeyProduct(api, { name: `Cabo Jornada ${label}`, cost: 20, sellPrice: 59.9, levelsOff: 10, stock });
}

/**
 * A new phone of the journey's own that controls IMEI ('Controla IMEI'), its units entered by these IMEIs
 * (R$ 1.999,90; cost R$ 1.500,00).
 */
export function newPhone(api: ApiClient, label: string, imeis: string[]): Promise<JourneyProduct> {
  return journeyProduct(api, { name: `Celular Jornada ${label}`, cost: 1500, sellPrice: 1999.9, stock: 0, imeis });
}

/**
 * Fills 'Cadastrar cliente' (Sem nível: the list price; freight R$ 12,50; an address in São Paulo) with the
 * person's name, CPF and e-mail, and returns the dialog, not yet sent.
 */
export async function fillRegistration(
  page: Page,
  person: { name: string; email: string; cpf: string; stateRegistration?: string },
) {
  const dialog = page.getByRole('dialog', { name: 'Cadastrar cliente' });
  await dialog.waitFor();
  await dialog.getByLabel('Nome').fill(person.name);
  await dialog.getByLabel('CPF ou CNPJ').fill(formatDocument(person.cpf));
  // 'Inscrição estadual' is optional (issue 41): filled only when given.
  if (person.stateRegistration) await dialog.getByLabel('Inscrição estadual').fill(person.stateRegistration);
  await dialog.getByLabel('Telefone com DDD').fill('(11) 98765-4321');
  await dialog.getByLabel('E-mail').fill(person.email);
  await dialog.getByLabel('CEP').fill('01001-000');
  await dialog.getByLabel('Rua').fill('Praça da Sé');
  await dialog.getByLabel('Número').fill('100');
  await dialog.getByLabel('Bairro').fill('Sé');
  await dialog.getByLabel('Cidade').fill('São Paulo');
  await dialog.getByLabel('UF').fill('SP');
  await dialog.getByLabel('Frete').fill('12,50');
  return dialog;
}

/**
 * A departure on which a journey other than dispatch.spec.ts may put an order on Diego's run: the first one at
 * least three days from now. The dispatch journey counts Diego's run of the next departure as its own ('1
 * pedido', then '2 pedidos'); 'the departure after the next', taken by a journey that ran before a departure
 * time, was the next one for the dispatch journey after it (same worker, same server): its column then read
 * '2 pedidos' after its first order. Three days are more than the longest gap between two departures of the
 * week (the default one's, Saturday 12:00 to Monday 10:40, is under two days), and more than a run of the journeys.
 */
export function departureAwayFromDispatch(departures: DeliverySchedule): Date {
  return nextDeliveryDeparture(new Date(Date.now() + 3 * 86_400_000), departures);
}

/** Empties the customer's cart on the server (an earlier run may have left lines). */
export async function emptyCart(api: ApiClient, customerId: number): Promise<void> {
  const pre = await api.get<{ cart: { items: Array<{ productId: number }> } }>(`/orders/pre/checkout/${customerId}`);
  for (const line of pre.cart.items) {
    await api.send('PATCH', `/orders/cart/change/${customerId}`, { productId: line.productId, newQuantity: 0 });
  }
}

export interface PlacedOrder {
  orderId: number;
  code: string;
  statusKey: number;
  total: number;
}

/** A picture with content (a proof or a packaging photo is never one flat colour): stripes from `seed`. */
export async function photo(seed: number): Promise<string> {
  const width = 120;
  const height = 90;
  const pixels = Buffer.alloc(width * height * 3);
  for (let x = 0; x < width; x++) {
    for (let y = 0; y < height; y++) {
      const at = (y * width + x) * 3;
      pixels[at] = (x * seed * 37) % 256;
      pixels[at + 1] = (y * seed * 11 + x) % 256;
      pixels[at + 2] = ((x >> 3) * 53 + seed) % 256;
    }
  }
  const jpeg = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg()
    .toBuffer();
  return jpeg.toString('base64');
}

/**
 * A sale (by `api`, the administrator) to the journey's customer of a product of its own: one unit, 'Motoboy' (typeOfDelivery 1) unless
 * told, in cash (Aguardando estoquista) or by transfer with its proof (Aguardando aprovação).
 */
export async function placeOrder(
  api: ApiClient,
  journey: Journey,
  {
    nth = 0,
    where,
    product,
    payment = 'cash',
    typeOfDelivery = 1,
    isFastDelivery = false,
  }: {
    nth?: number;
    where?: (c: JourneyCustomer) => boolean;
    product?: JourneyProduct;
    payment?: 'cash' | 'transfer' | 'paidPix';
    typeOfDelivery?: number;
    isFastDelivery?: boolean;
  } = {},
): Promise<PlacedOrder> {
  // A fast delivery needs a customer with a fast-delivery tax.
  const fits = (c: JourneyCustomer) => (where ? where(c) : !c.isBlocked) && (!isFastDelivery || c.fastDeliveryTax > 0);
  const customer = await journeyCustomer(api, journey, { nth, where: fits });
  const item = product ?? (await newProduct(api, journey));
  await emptyCart(api, customer.id);
  await api.send('POST', `/orders/cart/add/${customer.id}`, { productId: item.id, quantity: 1 });
  const body = { typeOfDelivery, withWarranty: false, isFastDelivery };
  if (payment === 'paidPix') return paidPix(api, customer.id, body);
  return payment === 'cash'
    ? api.send<PlacedOrder>('POST', `/orders/checkout/${customer.id}`, { ...body, idempotencyKey: randomUUID() })
    : api.send<PlacedOrder>('POST', `/orders/checkout/bank/transfer/${customer.id}`, {
        ...body,
        receipt: await photo(customer.id),
      });
}

/**
 * An order paid by its own Pix, as the desk confirms it (`api`: the administrator): with 'Pix automático' off
 * the proof is attached and approved; on, the bank's confirmation is recorded ('confirm-payment'). It lands in
 * 'Aguardando estoquista', paid.
 */
async function paidPix(
  api: ApiClient,
  customerId: number,
  body: { typeOfDelivery: number; withWarranty: boolean; isFastDelivery: boolean },
): Promise<PlacedOrder> {
  const order = await api.send<PlacedOrder>('POST', `/orders/checkout/pix/${customerId}`, {
    ...body,
    idempotencyKey: randomUUID(),
  });
  if (order.statusKey === 9) {
    await api.send('PATCH', '/workflow/order/confirm-payment', { orderId: order.orderId });
  } else {
    await api.send('PATCH', '/workflow/order/receipt', {
      orderId: order.orderId,
      image: `data:image/jpeg;base64,${await photo(order.orderId + 3)}`,
    });
    await api.send('PATCH', '/workflow/order/approve', { orderId: order.orderId });
  }
  return { ...order, statusKey: 1 };
}

/**
 * Takes a cash order placed for 'Motoboy' to 'Aguardando motoboy' (packed) through the stocker's moves;
 * `stocker` is a client signed in as a stocker; a phone's units are named by IMEI.
 */
export async function packOrder(
  stocker: ApiClient,
  orderId: number,
  units?: Array<{ productId: number; imei: string }>,
): Promise<void> {
  await stocker.send('PATCH', '/workflow/order/prepare', { orderId });
  await stocker.send('PATCH', '/workflow/order/pack', {
    orderId,
    images: [`data:image/jpeg;base64,${await photo(orderId)}`],
    ...(units ? { units } : {}),
  });
}

/**
 * Gives a packed order (Aguardando motoboy or Entrega imediata) its courier, as an attendant does (`api` holds orders); an order
 * may have one already, from its customer's associated courier.
 */
export async function assignCourier(api: ApiClient, orderId: number, courierId: number): Promise<void> {
  const { data } = await api.get<{ data: { delivererId: number | null; statusKey: number } }>(
    `/orders/by-id/${orderId}`,
  );
  if (data.delivererId === courierId) return;
  // An immediate delivery (Entrega imediata, 15) has its own call.
  const path = data.statusKey === 15 ? 'change/fast-deliverer/order' : 'change/order';
  await api.send('PUT', `/orders/${path}/${orderId}/deliverer/${courierId}`, {});
}

/**
 * The courier's moves on a packed order (made his first by `api`, an attendant's or the administrator's):
 * collected, then delivered with the customer's signature (Entregue).
 */
export async function deliverOrder(
  api: ApiClient,
  courier: ApiClient & { id: number },
  orderId: number,
): Promise<void> {
  await assignCourier(api, orderId, courier.id);
  await courier.send('PATCH', '/workflow/order/withdraw', { orderId });
  await courier.send('PATCH', '/workflow/order/deliver', {
    orderId,
    signature: `data:image/jpeg;base64,${await photo(orderId + 7)}`,
  });
}

/** A customer as the API's customer lists answer it (the fields the selling journeys read). */
export interface ApiCustomer {
  id: number;
  name: string;
  email: string;
  level: number;
  shippingCost: number;
  warrantyPercentage: number;
  isBlocked: boolean;
}

/** A product as GET /api/products answers it (the fields the selling journeys read). */
export interface ApiProduct {
  id: number;
  code: string;
  name: string;
  stock: number;
  goldPrice: number;
  archived: boolean;
}

/** The shop's card fees as they are now (what a journey that changes them saves back after). */
export const cardFeesNow = async (admin: ApiClient) =>
  (await admin.get<{ data: CardSettings }>('/settings/card-fees')).data;

/** Saves the shop's card fees through the administrator's API. */
export const saveCardFees = (admin: ApiClient, fees: CardSettings) => admin.send('PUT', '/settings/card-fees', fees);

/**
 * The desk (openDesk as `email`) for the tests of the describe it is called in, with the shop's card fees as they
 * were before them (`feesBefore`), saved back after them for the other journeys. Read it inside a test.
 */
export function useDeskKeepingCardFees(email: string) {
  const desk = {} as Awaited<ReturnType<typeof openDesk>> & { feesBefore: CardSettings };
  beforeAll(async () => {
    Object.assign(desk, await openDesk(email));
    desk.feesBefore = await cardFeesNow(desk.admin);
  });
  afterAll(async () => {
    await saveCardFees(desk.admin, desk.feesBefore);
    await desk.s.close();
  });
  return desk;
}

/** Saves the card fees `before` but a credit in 3× at `percent` % (up to 12×), as 'Configurações → Cartões' would. */
export function saveCredit3xFee(admin: ApiClient, before: CardSettings, percent: number) {
  const creditFees = [...before.creditFees];
  creditFees[2] = percent;
  return saveCardFees(admin, { ...before, creditFees, maxInstalments: 12 });
}

/**
 * The bank's webhook over HTTP, as it is called from outside: a Pix of `valor` reais for `txid`, with an E2E id of
 * its own (`tag` keeps the journeys' apart), received as one new Pix.
 */
export async function bankPaysPix(
  baseURL: string,
  admin: ApiClient,
  pix: { txid: string; valor: string; tag: string },
) {
  const secret = (await admin.get<{ data: { secret: string } }>('/payments/pix/webhook')).data.secret;
  const endToEndId =
    `E60746948${new Date().toISOString().replace(/\D/g, '').slice(0, 12)}${pix.tag}${Date.now() % 100_000_000}`
      .padEnd(32, '0')
      .slice(0, 32)
      .toUpperCase();
  const answer = await fetch(`${baseURL}/api/payments/pix/webhook/${secret}/pix`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      pix: [{ endToEndId, txid: pix.txid, valor: pix.valor, horario: new Date().toISOString() }],
    }),
  });
  expect(await answer.json()).toEqual({ received: 1, repeated: 0, ignored: 0, refunded: 0 });
}

/**
 * The order packed by the stocker and put by the administrator on Diego's run of a departure days ahead (not the
 * next one: departureAwayFromDispatch); answers the run and Diego's API client.
 */
export async function packedOnDiegosRun(baseURL: string, admin: ApiClient, orderId: number) {
  const stocker = await apiAs(baseURL, DEMO.stocker);
  const courier = await apiAs(baseURL, DEMO.courier);
  await packOrder(stocker, orderId);
  const { departures } = (await admin.get<{ data: { departures: string[][] } }>('/settings/departures')).data;
  const run = (
    await admin.send<{ data: { id: number } }>('POST', '/dispatch/runs', {
      departureAt: departureAwayFromDispatch(departures).toISOString(),
      delivererId: courier.id,
      orderIds: [orderId],
    })
  ).data;
  return { run, courier };
}

/** A drawer of the journey's own, named `name` (made unique) by the administrator, opened by `operator` with no float. */
export async function openJourneyDrawer(admin: ApiClient, operator: ApiClient, name: string): Promise<number> {
  const made = await admin.send<{ data: { id: number } }>('POST', '/cash-registers', { name: unique(name) });
  await operator.send('POST', `/cash-registers/${made.data.id}/open`, { float: 0 });
  return made.data.id;
}

/** At a journey's end, whatever it reached: its drawer closed by `operator`, counting what it expects, if still open. */
export async function closeJourneyDrawer(operator: ApiClient | undefined, registerId: number): Promise<void> {
  const overview = await operator
    ?.get<{ data: { registers: { id: number; openSession: { totals: { expected: number } } | null }[] } }>(
      '/cash-registers',
    )
    .catch(() => undefined);
  const open = overview?.data.registers.find((register) => register.id === registerId)?.openSession;
  if (open)
    await operator
      ?.send('POST', `/cash-registers/${registerId}/close`, { counted: open.totals.expected })
      .catch(() => undefined);
}
