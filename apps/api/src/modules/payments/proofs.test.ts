import { randomUUID } from 'node:crypto';
import { apiErrorSchema, ORDER_STATUS, orderImageSchema } from '@backoffice/contract';
import sharp, { type Sharp } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { hashBands } from '../orders/orders.service';
import { createCustomer, createProduct } from '../selling/test-selling';

let t: TestApp;
let attendant: string;
let admin: string;

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, token = attendant) =>
  t.app.inject({ method, url: `/api${url}`, ...(payload ? { payload } : {}), headers: bearer(token) });

/** A picture with content (a proof is never one flat colour): noise drawn from `seed`, 64×48 pixels. */
function pixels(seed: number): Buffer {
  const data = Buffer.alloc(64 * 48 * 3);
  let state = seed;
  for (let i = 0; i < data.length; i++) {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    data[i] = state >> 23;
  }
  return data;
}
const raw = (seed: number) => sharp(pixels(seed), { raw: { width: 64, height: 48, channels: 3 } });
const photo = async (seed: number) => (await raw(seed).jpeg({ quality: 90 }).toBuffer()).toString('base64');
/** The same picture as a customer sends it again: larger, and compressed harder. */
const resent = async (seed: number) =>
  (await raw(seed).resize(128, 96).jpeg({ quality: 40 }).toBuffer()).toString('base64');

/** A transfer sale with its proof: the order waits in Aguardando aprovação. */
async function transferOrder(receipt: string): Promise<{ id: number; code: string }> {
  const customer = await createCustomer(t.db);
  const product = await createProduct(t.db, {
    name: `Fone ${randomUUID()}`,
    costCents: 5_000,
    sellCents: 8_000,
    stock: 3,
  });
  expect(
    (await call('POST', `/orders/cart/add/${customer.id}`, { productId: product.id, quantity: 1 })).statusCode,
  ).toBe(200);
  const res = await call('POST', `/orders/checkout/bank/transfer/${customer.id}`, {
    typeOfDelivery: 2,
    withWarranty: false,
    isFastDelivery: false,
    idempotencyKey: randomUUID(),
    receipt,
  });
  expect(res.statusCode).toBe(200);
  const body = res.json() as { orderId: number; code: string; statusKey: number };
  expect(body.statusKey).toBe(ORDER_STATUS.AGUARDANDO_APROVACAO);
  return { id: body.orderId, code: body.code };
}

const statusOf = async (id: number) =>
  (await t.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

beforeAll(async () => {
  t = await createTestApp();
  attendant = await signIn(t.app, DEMO.attendant);
  admin = await signIn(t.app, DEMO.admin);
}, 120_000);
afterAll(() => t.close());

describe('approving a proof with its E2E id', () => {
  // 'E', ISPB 60746948 (Bradesco), 2026-11-22 14:05 UTC, 11 letters and digits: 32 characters.
  const bradesco = 'E60746948202611221405AbCdEf12345';

  it('keeps the E2E id with the order and refuses it for another order (409 PROOF_REUSED)', async () => {
    const first = await transferOrder(await photo(1));
    const second = await transferOrder(await photo(2));
    const approved = await call('PATCH', '/workflow/order/approve', { orderId: first.id, endToEndId: bradesco });
    expect(approved.statusCode).toBe(200);
    const stored = await t.db
      .selectFrom('orders')
      .select('proof_end_to_end_id')
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    // Kept as every E2E id is: upper case.
    expect(stored.proof_end_to_end_id).toBe('E60746948202611221405ABCDEF12345');

    const reused = await call('PATCH', '/workflow/order/approve', { orderId: second.id, endToEndId: bradesco });
    expect(reused.statusCode).toBe(409);
    const body = apiErrorSchema.parse(reused.json());
    expect(body.code).toBe('PROOF_REUSED');
    expect(body.errors).toEqual([`Este comprovante já foi usado no pedido ${first.code}.`]);
    expect(await statusOf(second.id)).toBe(ORDER_STATUS.AGUARDANDO_APROVACAO);
    // Without the id (the attendant could not read it) the approval goes on as before.
    expect((await call('PATCH', '/workflow/order/approve', { orderId: second.id })).statusCode).toBe(200);
  });

  it('refuses an E2E id that a Pix of the webhook paid another order with', async () => {
    const paidByPix = await transferOrder(await photo(3));
    const other = await transferOrder(await photo(4));
    const e2e = 'E18236120202611221010XyZ98765432';
    const secret = (
      (await call('GET', '/payments/pix/webhook', undefined, admin)).json() as { data: { secret: string } }
    ).data.secret;
    await t.db.updateTable('company_settings').set({ pix_auto: true }).execute();
    const webhook = await t.app.inject({
      method: 'POST',
      url: `/api/payments/pix/webhook/${secret}/pix`,
      payload: {
        pix: [
          { endToEndId: e2e, txid: paidByPix.code.replace('-', ''), valor: '80.00', horario: '2026-11-22T10:10:00Z' },
        ],
      },
    });
    expect(webhook.json()).toEqual({ received: 1, repeated: 0, ignored: 0, refunded: 0 });
    expect(await statusOf(paidByPix.id)).toBe(ORDER_STATUS.AGUARDANDO_ESTOQUISTA);

    const reused = await call('PATCH', '/workflow/order/approve', { orderId: other.id, endToEndId: e2e });
    expect(apiErrorSchema.parse(reused.json()).errors).toEqual([
      `Este comprovante já foi usado no pedido ${paidByPix.code}.`,
    ]);
  });

  it('refuses a malformed E2E id with 400 and changes nothing', async () => {
    const order = await transferOrder(await photo(5));
    for (const bad of [
      'E6074694820261122140AbCdEf12345', // 31 characters
      'E60746948202602301405AbCdEf12345', // 30 February
      'X60746948202611221405AbCdEf12345', // not an E
      'E6074694A202611221405AbCdEf12345', // a letter in the ISPB
    ]) {
      const res = await call('PATCH', '/workflow/order/approve', { orderId: order.id, endToEndId: bad });
      expect(res.statusCode, bad).toBe(400);
      expect(apiErrorSchema.parse(res.json()).errors[0]).toBe(
        'ID da transação (E2E) inválido: são 32 caracteres: E, o ISPB do banco (8 dígitos), a data e hora (aaaammddhhmm) e 11 letras ou dígitos.',
      );
    }
    expect(await statusOf(order.id)).toBe(ORDER_STATUS.AGUARDANDO_APROVACAO);
  });
});

describe('an E2E id whose last 11 characters come in another case (issue 34 §3)', () => {
  const secretOf = async () =>
    ((await call('GET', '/payments/pix/webhook', undefined, admin)).json() as { data: { secret: string } }).data.secret;
  const deliver = async (pix: object[]) =>
    (
      await t.app.inject({ method: 'POST', url: `/api/payments/pix/webhook/${await secretOf()}/pix`, payload: { pix } })
    ).json();

  it('is the same proof for a second approval', async () => {
    const first = await transferOrder(await photo(21));
    const second = await transferOrder(await photo(22));
    const id = 'E60746948202611221405QwErTy12345';
    expect((await call('PATCH', '/workflow/order/approve', { orderId: first.id, endToEndId: id })).statusCode).toBe(
      200,
    );
    const lower = await call('PATCH', '/workflow/order/approve', {
      orderId: second.id,
      endToEndId: 'E60746948202611221405qwerty12345',
    });
    expect(lower.statusCode).toBe(409);
    expect(apiErrorSchema.parse(lower.json()).errors).toEqual([
      `Este comprovante já foi usado no pedido ${first.code}.`,
    ]);
    expect(await statusOf(second.id)).toBe(ORDER_STATUS.AGUARDANDO_APROVACAO);
  });

  it('is the Pix the webhook matched to another order, the same Pix delivered again, and the Pix an attendant matches by hand', async () => {
    await t.db.updateTable('company_settings').set({ pix_auto: true }).execute();
    const paidByPix = await transferOrder(await photo(23));
    const other = await transferOrder(await photo(24));
    const txid = paidByPix.code.replace('-', '');
    const pix = {
      endToEndId: 'E18236120202611221010AbCdE000111',
      txid,
      valor: '80.00',
      horario: '2026-11-22T10:10:00Z',
    };
    expect(await deliver([pix])).toEqual({ received: 1, repeated: 0, ignored: 0, refunded: 0 });
    expect(await statusOf(paidByPix.id)).toBe(ORDER_STATUS.AGUARDANDO_ESTOQUISTA);

    // The bank sends it again with its tail in lower case: the same Pix, stored once.
    expect(await deliver([{ ...pix, endToEndId: 'E18236120202611221010abcde000111' }])).toEqual({
      received: 0,
      repeated: 1,
      ignored: 0,
      refunded: 0,
    });
    // A proof typed with the tail in lower case names the Pix that paid the other order.
    const reused = await call('PATCH', '/workflow/order/approve', {
      orderId: other.id,
      endToEndId: 'E18236120202611221010abcde000111',
    });
    expect(reused.statusCode).toBe(409);
    expect(apiErrorSchema.parse(reused.json()).code).toBe('PROOF_REUSED');

    // A Pix that named no order, matched by hand through its id in lower case.
    const waiting = await transferOrder(await photo(25));
    const loose = { endToEndId: 'E18236120202611221011XyZ00022200', valor: '80.00', horario: '2026-11-22T10:11:00Z' };
    expect(await deliver([loose])).toEqual({ received: 1, repeated: 0, ignored: 0, refunded: 0 });
    const byHand = await call('PATCH', '/payments/pix/received/E18236120202611221011xyz00022200', {
      orderId: waiting.id,
    });
    expect(byHand.statusCode).toBe(204);
    expect(await statusOf(waiting.id)).toBe(ORDER_STATUS.AGUARDANDO_ESTOQUISTA);
    // ...and then that Pix cannot be a proof for another order either.
    const third = await transferOrder(await photo(26));
    const again = await call('PATCH', '/workflow/order/approve', {
      orderId: third.id,
      endToEndId: 'E18236120202611221011xYz00022200',
    });
    expect(apiErrorSchema.parse(again.json()).errors).toEqual([
      `Este comprovante já foi usado no pedido ${waiting.code}.`,
    ]);
  });
});

describe('the same proof picture for two orders', () => {
  it('flags the second order, even re-encoded at another size and quality; another picture is not flagged', async () => {
    const first = await transferOrder(await photo(10));
    const again = await transferOrder(await resent(10));
    const different = await transferOrder(await photo(11));

    const receiptOf = async (id: number) =>
      orderImageSchema.parse(((await call('GET', `/orders/receipt/${id}`)).json() as { data: unknown }).data);
    expect((await receiptOf(again.id)).sameAs).toEqual({ orderId: first.id, code: first.code });
    expect((await receiptOf(first.id)).sameAs).toEqual({ orderId: again.id, code: again.code });
    expect((await receiptOf(different.id)).sameAs).toBeNull();
  });
});

/**
 * A proof as a bank app draws one (360×640): a coloured header, lines of text as bars of `seed`'s lengths, a
 * round logo; `dark` draws the other layout of another app (dark page, light text centred, no header).
 */
function proofSvg(seed: number, dark = false): Buffer {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const parts = [`<rect width="360" height="640" fill="${dark ? '#111' : '#fff'}"/>`];
  if (!dark) parts.push(`<rect width="360" height="${70 + next() * 30}" fill="#820ad1"/>`);
  for (let y = dark ? 60 : 130; y < 600; ) {
    const height = 8 + next() * 14;
    const width = 60 + next() * 240;
    const x = dark ? (360 - width) / 2 : 20 + next() * 30;
    parts.push(`<rect x="${x}" y="${y}" width="${width}" height="${height}" fill="${dark ? '#eee' : '#222'}"/>`);
    y += height + 10 + next() * 30;
  }
  parts.push(`<circle cx="${60 + next() * 240}" cy="${200 + next() * 300}" r="${20 + next() * 30}" fill="#f5a623"/>`);
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="360" height="640">${parts.join('')}</svg>`);
}

describe('a proof sent again altered (issue 34 §3)', () => {
  it('flags for review the same proof resized, bordered, cropped 5 %, turned 3° or mirrored; an unrelated proof is not flagged', async () => {
    const png = await sharp(proofSvg(7)).png().toBuffer();
    const base64 = async (image: Sharp) => (await image.jpeg({ quality: 85 }).toBuffer()).toString('base64');
    const original = await transferOrder(await base64(sharp(png)));
    const family = [original.id];
    const altered: Record<string, Sharp> = {
      resized: sharp(png).resize(240),
      bordered: sharp(png).extend({ top: 40, bottom: 40, left: 40, right: 40, background: '#000' }),
      // 5 % of each side away: 18 of 360 and 32 of 640 pixels.
      cropped: sharp(png).extract({ left: 9, top: 16, width: 342, height: 608 }),
      turned: sharp(png).rotate(3, { background: '#fff' }),
      mirrored: sharp(png).flop(),
    };
    const receiptOf = async (id: number) =>
      orderImageSchema.parse(((await call('GET', `/orders/receipt/${id}`)).json() as { data: unknown }).data);
    for (const [how, image] of Object.entries(altered)) {
      const order = await transferOrder(await base64(image));
      const flagged = (await receiptOf(order.id)).sameAs;
      // Flagged with an order of the same proof (the newest one found: the original or an altered copy).
      expect(family, how).toContain(flagged?.orderId);
      if (how !== 'resized') expect(flagged?.near, how).toBe(true);
      family.push(order.id);
    }
    const unrelated = await transferOrder(await base64(sharp(proofSvg(7, true))));
    expect((await receiptOf(unrelated.id)).sameAs).toBeNull();
  });
});

describe('a proof cropped 5 % or turned 3° (issue 53, finding 7)', () => {
  const jpeg = async (image: Sharp) => (await image.jpeg({ quality: 85 }).toBuffer()).toString('base64');
  const receiptOf = async (id: number) =>
    orderImageSchema.parse(((await call('GET', `/orders/receipt/${id}`)).json() as { data: unknown }).data);

  it('flags each against its original alone: 5 % cut off the top and the left, or turned 3° on a black canvas', async () => {
    // A proof of its own per alteration, so that each is flagged with its original and not with another copy.
    const cropped = await sharp(proofSvg(9)).png().toBuffer();
    const first = await transferOrder(await jpeg(sharp(cropped)));
    // 5 % of each side, all of it on one end: 18 of 360 pixels from the left, 32 of 640 from the top.
    const cut = await transferOrder(await jpeg(sharp(cropped).extract({ left: 18, top: 32, width: 342, height: 608 })));
    expect((await receiptOf(cut.id)).sameAs).toEqual({ orderId: first.id, code: first.code, near: true });

    const turned = await sharp(proofSvg(21)).png().toBuffer();
    const second = await transferOrder(await jpeg(sharp(turned)));
    const tilted = await transferOrder(await jpeg(sharp(turned).rotate(3, { background: '#000' })));
    expect((await receiptOf(tilted.id)).sameAs).toEqual({ orderId: second.id, code: second.code, near: true });
    // The other way round: the straight proof sent after a turned one (-3°, white corners) is flagged with it.
    const leaning = await transferOrder(await jpeg(sharp(await sharp(proofSvg(33)).png().toBuffer()).rotate(-3)));
    const straight = await transferOrder(await jpeg(sharp(proofSvg(33))));
    expect((await receiptOf(straight.id)).sameAs).toEqual({ orderId: leaning.id, code: leaning.code, near: true });
  });

  it('does not flag two different proofs drawn by the same bank app (same header, other lines and logo)', async () => {
    // Seeds 8 and 208: the two proofs whose 64-bit near hashes were 13 bits apart, within the former 14.
    const one = await transferOrder(await jpeg(sharp(proofSvg(8))));
    const other = await transferOrder(await jpeg(sharp(proofSvg(208))));
    expect((await receiptOf(other.id)).sameAs).toBeNull();
    expect((await receiptOf(one.id)).sameAs).toBeNull();
  });
});

describe('the bands a proof is found by', () => {
  /** `hash` with the given bits (0 = leftmost of the 64) flipped. */
  const flip = (hash: string, bits: number[]) =>
    bits
      .reduce((value, bit) => value ^ (1n << BigInt(63 - bit)), BigInt(`0x${hash}`))
      .toString(16)
      .padStart(16, '0');
  const shared = (a: string, b: string) => (hashBands(a) ?? []).filter((band) => hashBands(b)?.includes(band));

  it('two hashes 6 bits apart share a band wherever the bits fall; 7 bits, one in each band, share none', () => {
    const hash = 'ffc0000000000001';
    // The first bit of bands 0 to 5 (bits 0, 10, 19, 28, 37, 46): band 6 (bits 55 to 63) stays whole.
    expect(shared(hash, flip(hash, [0, 10, 19, 28, 37, 46]))).toEqual(['6:000000001']);
    // Six bits inside one band: the six other bands stay whole.
    expect(shared(hash, flip(hash, [1, 2, 3, 4, 5, 6]))).toHaveLength(6);
    expect(shared(hash, flip(hash, [0, 10, 19, 28, 37, 46, 55]))).toEqual([]);
  });
});
