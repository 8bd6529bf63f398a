import { apiErrorSchema, PERMISSIONS, PURCHASE_ENTRY_TEXTS, PURCHASE_TEXTS } from '@backoffice/contract';
import { describe, expect, it } from 'vitest';
import { bearer, DEMO, signIn } from '../../test/helpers';
import { buildTestNfe, TEST_NFE_RECIPIENT_CNPJ, workedExampleNfeSpec } from './nfe/test-nfe';
import { entryCounts, imeis, productNow, sendNfe, setShopCnpj, useFreshNfeShop } from './test-purchases';

/**
 * 'Entrada por XML' (issue 39 §2, decision 0049): the note's signature and recipient, a retried or doubled confirm,
 * the 'Compras' permission; through the API on a fresh database each time (createTestApp in ./test-purchases'
 * openNfeShop). The worked example's figures: purchases.test.ts.
 */
describe('entry by the supplier NF-e XML', () => {
  const { shop, worked, arriving, decisions } = useFreshNfeShop();

  it('asks the reason of an unsigned note and audits it', async () => {
    const unsigned = buildTestNfe(workedExampleNfeSpec({ number: 4600, sign: false, bare: true }));
    const preview = await sendNfe(shop.t, shop.stocker, unsigned.xml, { dryRun: true, decisions: decisions() });
    expect(preview.json().data).toMatchObject({
      signature: { status: 'ABSENT' },
      warnings: [
        { code: 'UNSIGNED', message: PURCHASE_ENTRY_TEXTS.unsignedWarning, needsConfirmation: true, confirmed: false },
      ],
      problems: [PURCHASE_ENTRY_TEXTS.unsignedReasonRequired],
      ready: false,
    });
    const refused = await sendNfe(shop.t, shop.stocker, unsigned.xml, { dryRun: false, decisions: decisions() });
    expect(apiErrorSchema.parse(refused.json()).errors).toEqual([PURCHASE_ENTRY_TEXTS.unsignedReasonRequired]);
    const reason = 'Fornecedor mandou o XML sem a assinatura; conferido com o DANFE';
    const res = await sendNfe(shop.t, shop.stocker, unsigned.xml, {
      dryRun: false,
      decisions: { ...decisions(), unsignedReason: reason },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ signatureStatus: 'ABSENT', unsignedReason: reason });
    const audit = await shop.t.db
      .selectFrom('audit_events')
      .select(['action', 'changes'])
      .where('entity', '=', 'purchase')
      .executeTakeFirstOrThrow();
    expect(audit.action).toBe('nfe-entry');
    expect(audit.changes).toMatchObject({ unsignedReason: reason, signature: 'ABSENT' });
  });

  it('refuses a note changed after it was signed, and a file over 2 MB before reading it', async () => {
    const tampered = worked.xml.replace('<vProd>32000.00</vProd>', '<vProd>31000.00</vProd>');
    const res = await sendNfe(shop.t, shop.stocker, tampered, { dryRun: true });
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.parse(res.json())).toMatchObject({
      code: 'NFE_INVALID',
      errors: [PURCHASE_TEXTS.nfe.signature],
    });
    const huge = Buffer.concat([Buffer.from(worked.xml), Buffer.alloc(2 * 1024 * 1024, 0x20)]);
    const big = await sendNfe(shop.t, shop.stocker, huge, { dryRun: true });
    expect(big.statusCode).toBe(413);
    expect(apiErrorSchema.parse(big.json()).errors).toEqual([PURCHASE_TEXTS.nfe.tooLarge]);
    expect(await entryCounts(shop.t)).toEqual({ purchases: 0, items: 0, payables: 0, suppliers: 0, codes: 0 });
  });

  it("warns when the recipient is not the shop's CNPJ and enters only once confirmed", async () => {
    // 11.444.777/0001-61: the shop; the note is addressed to 44.555.666/0001-81.
    await setShopCnpj(shop.t, '11.444.777/0001-61');
    const preview = await sendNfe(shop.t, shop.stocker, worked.xml, { dryRun: true, decisions: decisions() });
    const warning = PURCHASE_ENTRY_TEXTS.recipientWarning(TEST_NFE_RECIPIENT_CNPJ, '11444777000161');
    expect(preview.json().data).toMatchObject({
      warnings: [{ code: 'RECIPIENT', message: warning, needsConfirmation: true, confirmed: false }],
      problems: [PURCHASE_ENTRY_TEXTS.recipientNotConfirmed],
    });
    const refused = await sendNfe(shop.t, shop.stocker, worked.xml, { dryRun: false, decisions: decisions() });
    expect(refused.statusCode).toBe(400);
    expect((await entryCounts(shop.t)).purchases).toBe(0);
    const res = await sendNfe(shop.t, shop.stocker, worked.xml, {
      dryRun: false,
      decisions: { ...decisions(), confirmRecipient: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ recipientConfirmed: true, recipientDocument: TEST_NFE_RECIPIENT_CNPJ });
    // The shop's own CNPJ on the note: no warning.
    await setShopCnpj(shop.t, TEST_NFE_RECIPIENT_CNPJ);
    const own = buildTestNfe(workedExampleNfeSpec({ number: 4700 }));
    const ok = await sendNfe(shop.t, shop.stocker, own.xml, { dryRun: true, decisions: decisions(imeis(10, 301)) });
    expect(ok.json().data).toMatchObject({ warnings: [], ready: true });
  });

  it('answers a retried confirm with the same Idempotency-Key with the same entry, never a second', async () => {
    const key = 'entrada-4512-tentativa-1';
    const first = await sendNfe(shop.t, shop.stocker, worked.xml, { dryRun: false, decisions: decisions(), key });
    const again = await sendNfe(shop.t, shop.stocker, worked.xml, { dryRun: false, decisions: decisions(), key });
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data).toEqual(first.json().data);
    expect(await entryCounts(shop.t)).toEqual({ purchases: 1, items: 2, payables: 2, suppliers: 1, codes: 2 });
    expect(await productNow(shop.t, shop.iphone.id)).toEqual({ stock: 15, cost_cents: 317720 });
    // The key of another note is refused; the same note under another key is the 409 of an entered note.
    const other = buildTestNfe(workedExampleNfeSpec({ number: 4800 }));
    const reused = await sendNfe(shop.t, shop.stocker, other.xml, {
      dryRun: false,
      decisions: decisions(imeis(10, 401)),
      key,
    });
    expect(apiErrorSchema.parse(reused.json())).toMatchObject({
      code: 'CONFLICT',
      errors: [PURCHASE_ENTRY_TEXTS.keyOfAnotherNote],
    });
    const otherKey = await sendNfe(shop.t, shop.stocker, worked.xml, {
      dryRun: false,
      decisions: decisions(),
      key: 'outra-chave-0001',
    });
    expect(apiErrorSchema.parse(otherKey.json()).code).toBe('PURCHASE_ALREADY_ENTERED');
  });

  it('two confirms of one note at once make exactly one entry', async () => {
    const answers = await Promise.all([
      sendNfe(shop.t, shop.stocker, worked.xml, { dryRun: false, decisions: decisions(), key: 'corrida-a-0001' }),
      sendNfe(shop.t, shop.stocker, worked.xml, { dryRun: false, decisions: decisions(), key: 'corrida-b-0001' }),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const loser = answers.find((res) => res.statusCode === 409);
    expect(apiErrorSchema.parse(loser?.json()).code).toBe('PURCHASE_ALREADY_ENTERED');
    expect(await entryCounts(shop.t)).toEqual({ purchases: 1, items: 2, payables: 2, suppliers: 1, codes: 2 });
    expect(await productNow(shop.t, shop.iphone.id)).toEqual({ stock: 15, cost_cents: 317720 });
    expect(
      (await shop.t.db.selectFrom('product_units').select('id').where('imei', 'in', arriving).execute()).length,
    ).toBe(10);
  });

  it("finds the products to link an item to for a role holding only 'Compras', as the catalogue searches them", async () => {
    const url = '/api/purchases/products?search=IPHONE&limit=5';
    const get = (token: string, path = url) => shop.t.app.inject({ method: 'GET', url: path, headers: bearer(token) });
    // The attendant's role (Atendimento) has no 'Compras'.
    expect((await get(await signIn(shop.t.app, DEMO.attendant))).statusCode).toBe(403);
    const role = await shop.t.db
      .insertInto('roles')
      .values({ name: 'Só Compras', permissions: [PERMISSIONS.purchases] })
      .returning('id')
      .executeTakeFirstOrThrow();
    await shop.t.db.updateTable('employees').set({ role_id: role.id }).where('email', '=', DEMO.attendant).execute();
    const buyer = await signIn(shop.t.app, DEMO.attendant);
    // The catalogue's list stays closed to it; its search, through 'Compras', is open.
    expect((await get(buyer, '/api/products?search=iphone')).statusCode).toBe(403);
    const found = await get(buyer);
    expect(found.statusCode, found.body).toBe(200);
    // Both products hold "iphone" (any case), by name.
    expect(found.json().data).toEqual([
      {
        id: shop.caseProduct.id,
        code: shop.caseProduct.code,
        name: 'Capa transparente iPhone 15',
        serialized: false,
        barcode: null,
      },
      {
        id: shop.iphone.id,
        code: shop.iphone.code,
        name: 'iPhone 15 128GB Preto',
        serialized: true,
        barcode: '0195949036002',
      },
    ]);
    // Every word must match: only the case holds "capa" and "15".
    const capa = await get(buyer, '/api/purchases/products?search=capa%2015');
    expect(capa.json().data.map((p: { id: number }) => p.id)).toEqual([shop.caseProduct.id]);
    const tooMany = await get(buyer, '/api/purchases/products?limit=51');
    expect(tooMany.statusCode).toBe(400);
  });

  it("is 'Compras': the attendant is refused", async () => {
    const attendant = await signIn(shop.t.app, DEMO.attendant);
    expect((await sendNfe(shop.t, attendant, worked.xml, { dryRun: true })).statusCode).toBe(403);
    expect(
      (await shop.t.app.inject({ method: 'GET', url: '/api/purchases', headers: bearer(attendant) })).statusCode,
    ).toBe(403);
  });
});
