import { ENTRY_BILLING_TEXTS as T } from '@backoffice/contract';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/helpers';
import { buildTestNfe, type TestNfeSpec } from './nfe/test-nfe';
import { entryCounts, openNfeShop, sendNfe } from './test-purchases';

/**
 * How a supplier's note is paid (issue 57 §2 and §6, decision 0088): the duplicatas against vNF and the issue date,
 * the clerk's choice of what a difference means, and 'Gerar contas a pagar' / 'Uma conta com vencimento em' /
 * 'Pago no ato' / 'Sem pagamento'. Through the API on a fresh database each time; figures by hand.
 */
describe("the note's payment", () => {
  let t: TestApp;
  let stocker: string;
  let caseProduct: { id: number; code: string };
  const reason = 'Fornecedor mandou o XML sem a assinatura; conferido com o DANFE';

  beforeEach(async () => {
    ({ t, stocker, caseProduct } = await openNfeShop([]));
  });
  afterEach(() => t.close());

  /** An unsigned note of `qty` cases at `unitValue` (issued 20/11/2026), its pag's tPag rewritten when told. */
  function note(spec: Partial<TestNfeSpec> & { qty: number; unitValue: string }, tPag?: string) {
    const { xml } = buildTestNfe({
      number: 5801,
      sign: false,
      bare: true,
      items: [{ code: 'CAPA-LOTE', name: 'Capa transparente iPhone 15', qty: spec.qty, unitValue: spec.unitValue }],
      ...spec,
    });
    return tPag ? xml.replace(/<tPag>\d\d<\/tPag>/, `<tPag>${tPag}</tPag>`) : xml;
  }
  const decide = (more: Record<string, unknown> = {}) => ({
    // The case's R$ 7,50 is far from these notes' costs: acknowledged ('Custo conferido', decision 0090).
    items: [{ line: 1, productId: caseProduct.id, acceptCost: true }],
    unsignedReason: reason,
    ...more,
  });
  const bills = () =>
    t.db
      .selectFrom('payables')
      .select(['document_number', 'amount_cents', 'paid_cents'])
      .select(sql<string>`to_char(due_date, 'YYYY-MM-DD')`.as('due'))
      .orderBy('id')
      .execute()
      .then((rows) =>
        rows.map((r) => ({ ...r, amount_cents: Number(r.amount_cents), paid_cents: Number(r.paid_cents) })),
      );

  /**
   * The note: vNF R$ 238.643,07 (3 × R$ 79.547,69), 12 duplicatas summing R$ 409.034,22 (11 × R$ 34.086,18 =
   * R$ 374.947,98, the 12th R$ 34.086,24), 001 and 002 due before the issue date (20/11/2026). Difference:
   * R$ 409.034,22 − R$ 238.643,07 = R$ 170.391,15.
   */
  const twelve = () => {
    const dues = ['2026-11-05', '2026-11-15'];
    for (let month = 0; month < 10; month++) {
      const at = new Date(Date.UTC(2026, 11 + month, 20));
      dues.push(at.toISOString().slice(0, 10));
    }
    return note({
      qty: 3,
      unitValue: '79547.69',
      instalments: dues.map((dueDate, i) => ({
        number: String(i + 1).padStart(3, '0'),
        dueDate,
        amount: i === 11 ? '34086.24' : '34086.18',
      })),
    });
  };

  it('asks what duplicatas R$ 170.391,15 over the note mean, and two due before the issue date', async () => {
    const xml = twelve();
    const preview = await sendNfe(t, stocker, xml, { dryRun: true, decisions: decide() });
    expect(preview.statusCode, preview.body).toBe(200);
    const differs =
      'As duplicatas somam R$ 409.034,22 e a nota R$ 238.643,07 (diferença de R$ 170.391,15): escolha o que a diferença significa.';
    const early = 'As duplicatas 001, 002 vencem antes da emissão da nota (20/11/2026): escolha o que isso significa.';
    expect(T.differenceChoiceRequired(40_903_422, 23_864_307)).toBe(differs);
    expect(preview.json().data).toMatchObject({
      total: 238643.07,
      billing: {
        instalmentsTotal: 409034.22,
        difference: 170391.15,
        earlyInstalments: ['001', '002'],
        choiceNeeded: true,
        instalmentsChoice: null,
        mode: 'INSTALMENTS',
      },
      problems: [differs, early],
      ready: false,
    });
    const refused = await sendNfe(t, stocker, xml, { dryRun: false, decisions: decide() });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([differs, early]);
    // 'Parte paga antecipadamente' says the duplicatas are less than the note: not this one
    const advance = await sendNfe(t, stocker, xml, {
      dryRun: true,
      decisions: decide({ instalmentsChoice: 'PAID_IN_ADVANCE' }),
    });
    expect(advance.json().data.problems).toEqual([T.advanceNotBelow]);
    expect(await entryCounts(t)).toMatchObject({ purchases: 0, payables: 0 });
  });

  it("'Erro de digitação do fornecedor': the bills follow vNF, split as the duplicatas, none due before the issue", async () => {
    const res = await sendNfe(t, stocker, twelve(), {
      dryRun: false,
      decisions: decide({ instalmentsChoice: 'SUPPLIER_TYPO' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    // each of 001–011: R$ 34.086,18 × 238.643,07 ÷ 409.034,22 = R$ 19.886,91 (cents dropped); 012 the rest:
    // R$ 238.643,07 − 11 × R$ 19.886,91 (R$ 218.756,01) = R$ 19.887,06
    const made = await bills();
    expect(made).toHaveLength(12);
    expect(made.slice(0, 11).every((b) => Number(b.amount_cents) === 1_988_691)).toBe(true);
    expect(Number(made[11]?.amount_cents)).toBe(1_988_706);
    expect(made.reduce((sum, b) => sum + Number(b.amount_cents), 0)).toBe(23_864_307);
    expect(made.slice(0, 3).map((b) => b.due)).toEqual(['2026-11-20', '2026-11-20', '2026-12-20']);
    const details = await t.app.inject({
      method: 'GET',
      url: `/api/purchases/${res.json().data.id}`,
      headers: { authorization: `Bearer ${stocker}` },
    });
    expect(details.json().data.billing).toEqual({
      mode: 'INSTALMENTS',
      dueDate: null,
      method: null,
      instalmentsTotal: 409034.22,
      instalmentsChoice: 'SUPPLIER_TYPO',
      advancePaid: 0,
    });
  });

  it("'Seguir as duplicatas': twelve bills as written, R$ 409.034,22, the choice kept", async () => {
    const res = await sendNfe(t, stocker, twelve(), {
      dryRun: false,
      decisions: decide({ instalmentsChoice: 'FOLLOW_INSTALMENTS' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const made = await bills();
    expect(made.reduce((sum, b) => sum + Number(b.amount_cents), 0)).toBe(40_903_422);
    expect(made[0]).toMatchObject({ document_number: '001', due: '2026-11-05' });
    expect(res.json().data.billing).toMatchObject({ instalmentsChoice: 'FOLLOW_INSTALMENTS' });
  });

  it("'Parte paga antecipadamente': duplicatas of R$ 2.000,00 on a R$ 3.000,00 note keep R$ 1.000,00 as paid", async () => {
    const xml = note({
      qty: 100,
      unitValue: '30.00',
      instalments: [{ number: '001', dueDate: '2026-12-20', amount: '2000.00' }],
    });
    const res = await sendNfe(t, stocker, xml, {
      dryRun: false,
      decisions: decide({ instalmentsChoice: 'PAID_IN_ADVANCE' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await bills()).toEqual([
      { document_number: '001', amount_cents: 200_000, paid_cents: 0, due: '2026-12-20' },
    ]);
    expect(res.json().data.billing).toMatchObject({ instalmentsChoice: 'PAID_IN_ADVANCE', advancePaid: 1000 });
  });

  it("a cash note (tPag 01) without duplicatas is 'Pago no ato': its R$ 3.267,60 bill is paid, none open", async () => {
    // the MEI note: 120 cases at R$ 27,23 = R$ 3.267,60, pag tPag 01 (dinheiro), no cobr
    const xml = note({ qty: 120, unitValue: '27.23' }, '01');
    const preview = await sendNfe(t, stocker, xml, { dryRun: true, decisions: decide() });
    expect(preview.json().data.billing).toMatchObject({
      mode: 'PAID',
      method: 'DINHEIRO',
      noteMethods: ['01'],
      bills: [{ amount: 3267.6, dueDate: '2026-11-20' }],
      paid: true,
    });
    const res = await sendNfe(t, stocker, xml, { dryRun: false, decisions: decide() });
    expect(res.statusCode, res.body).toBe(200);
    expect(await bills()).toEqual([
      { document_number: '5801', amount_cents: 326_760, paid_cents: 326_760, due: '2026-11-20' },
    ]);
    const payments = await t.db.selectFrom('payable_payments').select(['method', 'amount_cents']).execute();
    expect(payments.map((p) => [p.method, Number(p.amount_cents)])).toEqual([['DINHEIRO', 326_760]]);
  });

  it("'Sem pagamento' (tPag 90) makes no bill unless 'Uma conta com vencimento em' is chosen", async () => {
    const xml = note({ qty: 10, unitValue: '12.50' }, '90');
    const none = await sendNfe(t, stocker, xml, { dryRun: true, decisions: decide() });
    expect(none.json().data.billing).toMatchObject({ mode: 'NONE', bills: [] });
    const missingDate = await sendNfe(t, stocker, xml, {
      dryRun: true,
      decisions: decide({ payment: { mode: 'ONE_BILL' } }),
    });
    expect(missingDate.json().data.problems).toEqual([T.dueDateRequired]);
    const res = await sendNfe(t, stocker, xml, {
      dryRun: false,
      decisions: decide({ payment: { mode: 'ONE_BILL', dueDate: '2026-12-15' } }),
    });
    expect(res.statusCode, res.body).toBe(200);
    // 10 × R$ 12,50 = R$ 125,00, due on the day chosen
    expect(await bills()).toEqual([
      { document_number: '5801', amount_cents: 12_500, paid_cents: 0, due: '2026-12-15' },
    ]);
    // The entry's details say the day chosen as the API writes dates, on both engines.
    const details = await t.app.inject({
      method: 'GET',
      url: `/api/purchases/${res.json().data.id}`,
      headers: { authorization: `Bearer ${stocker}` },
    });
    expect(details.json().data.billing).toMatchObject({ mode: 'ONE_BILL', dueDate: '2026-12-15' });
  });
});
