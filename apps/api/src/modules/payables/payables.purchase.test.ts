import { businessDay, withCnpjCheckDigits } from '@backoffice/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../test/helpers';
import { findOrCreateSupplierFromIssuer } from '../suppliers/suppliers.service';
import { createPayables, recordSupplierCredit } from './payables.service';

/**
 * The functions the purchases module calls (issue 39 milestone 1): the supplier of a note's issuer, the bills of
 * its instalments and a supplier's credit, each in the caller's transaction. Figures by hand.
 */
let t: TestApp;
let stockerId: number;

beforeAll(async () => {
  t = await createTestApp();
  const stocker = await t.db
    .selectFrom('employees')
    .select('id')
    .where('email', '=', DEMO.stocker)
    .executeTakeFirstOrThrow();
  stockerId = stocker.id;
}, 120_000);
afterAll(() => t.close());

/** A valid CNPJ of its own per test (12-character base completed with its check digits). */
const cnpj = (base12: string) => withCnpjCheckDigits(base12);

const auditOf = (entity: string, id: number) =>
  t.db
    .selectFrom('audit_events')
    .select(['action', 'employee_id', 'changes'])
    .where('entity', '=', entity)
    .where('entity_id', '=', String(id))
    .orderBy('id')
    .execute();

describe('findOrCreateSupplierFromIssuer', () => {
  it("creates the supplier from the note's issuer (normalised document, address), audited; the same CNPJ again is matched", async () => {
    const document = cnpj('112223330001');
    const issuer = {
      document: `${document.slice(0, 2)}.${document.slice(2, 5)}.${document.slice(5, 8)}/${document.slice(8, 12)}-${document.slice(12)}`,
      name: 'Distribuidora Paulista de Celulares Ltda',
      tradeName: 'DPC Celulares',
      stateRegistration: '110042490114',
      phone: '(11) 3333-4444',
      email: 'Vendas@DPC.com.br',
      address: {
        street: 'Rua Vergueiro',
        number: '1000',
        district: 'Paraíso',
        city: 'São Paulo',
        state: 'sp',
        postalCode: '01504-000',
      },
    };
    const first = await t.db.transaction().execute((trx) => findOrCreateSupplierFromIssuer(trx, issuer, stockerId));
    expect(first).toMatchObject({ name: 'Distribuidora Paulista de Celulares Ltda', created: true });
    const row = await t.db.selectFrom('suppliers').selectAll().where('id', '=', first.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      document,
      trade_name: 'DPC Celulares',
      state_registration: '110042490114',
      phone: '1133334444',
      email: 'vendas@dpc.com.br',
      street: 'Rua Vergueiro',
      district: 'Paraíso',
      city: 'São Paulo',
      state: 'SP',
      postal_code: '01504000',
      created_by: stockerId,
    });
    const audit = await auditOf('supplier', first.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'created', employee_id: stockerId });

    // The same issuer, typed without punctuation and another name: matched, nothing written.
    const again = await t.db
      .transaction()
      .execute((trx) => findOrCreateSupplierFromIssuer(trx, { document, name: 'Outro nome' }, stockerId));
    expect(again).toEqual({ id: first.id, name: 'Distribuidora Paulista de Celulares Ltda', created: false });
    const count = await t.db
      .selectFrom('suppliers')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('document', '=', document)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
    expect(await auditOf('supplier', first.id)).toHaveLength(1);
  });

  it('matches an alphanumeric CNPJ typed in lower case', async () => {
    const document = cnpj('12ABC34501DE');
    const created = await t.db
      .transaction()
      .execute((trx) => findOrCreateSupplierFromIssuer(trx, { document, name: 'Importadora Alfa' }, stockerId));
    expect(created.created).toBe(true);
    const matched = await t.db
      .transaction()
      .execute((trx) =>
        findOrCreateSupplierFromIssuer(trx, { document: document.toLowerCase(), name: 'Importadora Alfa' }, stockerId),
      );
    expect(matched).toEqual({ id: created.id, name: 'Importadora Alfa', created: false });
  });

  it('refuses a document whose check digits are wrong, writing nothing', async () => {
    const before = await t.db
      .selectFrom('suppliers')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    await expect(
      t.db
        .transaction()
        .execute((trx) => findOrCreateSupplierFromIssuer(trx, { document: '11222333000199', name: 'X' }, stockerId)),
    ).rejects.toMatchObject({ statusCode: 400, message: 'CNPJ ou CPF inválido: confira os dígitos verificadores.' });
    const after = await t.db
      .selectFrom('suppliers')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('two imports of the same new issuer at once: one supplier', async () => {
    const document = cnpj('998887770001');
    const results = await Promise.all(
      [1, 2].map(() =>
        t.db
          .transaction()
          .execute((trx) => findOrCreateSupplierFromIssuer(trx, { document, name: 'Concorrente Ltda' }, stockerId)),
      ),
    );
    expect(results.map((r) => r.created).sort()).toEqual([false, true]);
    expect(results[0]?.id).toBe(results[1]?.id);
  });
});

describe('createPayables and recordSupplierCredit', () => {
  it("the worked example's two instalments: 2 bills of R$ 16.280,00 of the supplier and purchase, audited", async () => {
    const supplier = await t.db
      .transaction()
      .execute((trx) =>
        findOrCreateSupplierFromIssuer(trx, { document: cnpj('445556660001'), name: 'Fornecedor Exemplo' }, stockerId),
      );
    // The entry the bills come from (since migration 0067 a bill's purchase must exist).
    await t.db
      .insertInto('purchases')
      .values({
        id: 4242,
        access_key: `352611${'1'.repeat(12)}${'5'.repeat(26)}`,
        supplier_id: supplier.id,
        number: '1234',
        series: '1',
        issued_at: new Date('2026-11-20T13:15:00Z'),
        total_cents: 3_256_000,
        items_count: 2,
        signature_status: 'VALID',
        created_by: stockerId,
      })
      .execute();
    const ids = await t.db.transaction().execute((trx) =>
      createPayables(
        trx,
        {
          supplierId: supplier.id,
          purchaseId: 4242,
          category: 'COMPRA',
          description: 'NF-e 1234 Fornecedor Exemplo',
          instalments: [
            { documentNumber: '001', dueDate: '2026-12-10', amountCents: 1_628_000 },
            { documentNumber: '002', dueDate: '2027-01-09', amountCents: 1_628_000 },
          ],
        },
        stockerId,
      ),
    );
    expect(ids).toHaveLength(2);
    const rows = await t.db
      .selectFrom('payables')
      .select(['supplier_id', 'purchase_id', 'category', 'document_number', 'amount_cents', 'paid_cents', 'created_by'])
      .select(sql<string>`to_char(due_date, 'YYYY-MM-DD')`.as('due'))
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => ({ ...r, amount_cents: Number(r.amount_cents), paid_cents: Number(r.paid_cents) }))).toEqual(
      [
        {
          supplier_id: supplier.id,
          purchase_id: 4242,
          category: 'COMPRA',
          document_number: '001',
          amount_cents: 1_628_000,
          paid_cents: 0,
          created_by: stockerId,
          due: '2026-12-10',
        },
        {
          supplier_id: supplier.id,
          purchase_id: 4242,
          category: 'COMPRA',
          document_number: '002',
          amount_cents: 1_628_000,
          paid_cents: 0,
          created_by: stockerId,
          due: '2027-01-09',
        },
      ],
    );
    expect((await auditOf('payable', ids[0] as number))[0]).toMatchObject({
      action: 'created',
      employee_id: stockerId,
    });
  });

  it('refuses the whole set when one instalment is wrong (a day that does not exist, zero, a fraction of a cent)', async () => {
    const count = async () =>
      Number(
        (
          await t.db
            .selectFrom('payables')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const attempt = (
      instalments: { documentNumber: string | null; dueDate: string; amountCents: number }[],
      category = 'COMPRA',
    ) =>
      t.db
        .transaction()
        .execute((trx) =>
          createPayables(
            trx,
            { supplierId: null, purchaseId: null, category, description: 'Aluguel', instalments },
            stockerId,
          ),
        );
    await expect(
      attempt([
        { documentNumber: '1', dueDate: '2026-12-10', amountCents: 100 },
        { documentNumber: '2', dueDate: '2026-02-30', amountCents: 100 },
      ]),
    ).rejects.toMatchObject({ statusCode: 400, message: 'Informe o vencimento (data válida).' });
    await expect(attempt([{ documentNumber: null, dueDate: '2026-12-10', amountCents: 0 }])).rejects.toMatchObject({
      statusCode: 400,
    });
    await expect(attempt([{ documentNumber: null, dueDate: '2026-12-10', amountCents: 10.5 }])).rejects.toMatchObject({
      statusCode: 400,
    });
    await expect(
      attempt([{ documentNumber: null, dueDate: '2026-12-10', amountCents: 100 }], 'LAZER'),
    ).rejects.toMatchObject({
      message: 'Categoria inválida.',
    });
    await expect(attempt([])).rejects.toMatchObject({ message: 'Informe ao menos uma parcela.' });
    await expect(
      t.db.transaction().execute((trx) =>
        createPayables(
          trx,
          {
            supplierId: 2_000_000,
            purchaseId: null,
            category: 'COMPRA',
            description: 'x',
            instalments: [{ documentNumber: null, dueDate: '2026-12-10', amountCents: 1 }],
          },
          stockerId,
        ),
      ),
    ).rejects.toMatchObject({ statusCode: 404, message: 'Fornecedor não encontrado.' });
    expect(await count()).toBe(before);
  });

  it("a supplier's credit of R$ 3.215,80 is a negative bill due today, category DEVOLUCAO, audited", async () => {
    const supplier = await t.db
      .transaction()
      .execute((trx) =>
        findOrCreateSupplierFromIssuer(trx, { document: cnpj('556667770001'), name: 'Fornecedor Crédito' }, stockerId),
      );
    const id = await t.db.transaction().execute((trx) =>
      recordSupplierCredit(
        trx,
        {
          supplierId: supplier.id,
          amountCents: 321_580,
          description: 'Devolução iPhone IMEI 356938035643809',
          reference: 'NF-e 35261234',
        },
        stockerId,
      ),
    );
    const row = await t.db
      .selectFrom('payables')
      .select(['supplier_id', 'category', 'amount_cents', 'document_number', 'description'])
      .select(sql<string>`to_char(due_date, 'YYYY-MM-DD')`.as('due'))
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect({ ...row, amount_cents: Number(row.amount_cents) }).toEqual({
      supplier_id: supplier.id,
      category: 'DEVOLUCAO',
      amount_cents: -321_580,
      document_number: 'NF-e 35261234',
      description: 'Devolução iPhone IMEI 356938035643809',
      due: businessDay(new Date()),
    });
    expect((await auditOf('payable', id))[0]).toMatchObject({ action: 'credit', employee_id: stockerId });
    await expect(
      t.db
        .transaction()
        .execute((trx) =>
          recordSupplierCredit(
            trx,
            { supplierId: supplier.id, amountCents: -5, description: 'x', reference: null },
            stockerId,
          ),
        ),
    ).rejects.toMatchObject({ statusCode: 400 });
  });
});
