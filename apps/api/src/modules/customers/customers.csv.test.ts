import { customerSearchText } from '@backoffice/contract';
import { CSV_INJECTION_PAYLOADS, parseCsv } from '@backoffice/contract/csv-injection-payloads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';

/**
 * Customers sign themselves up, so their names (and the reason an attendant types when blocking one) are
 * text from outside: each OWASP payload is an active customer's name and a blocked customer's reason.
 */
describe('customers/export.csv', () => {
  let t: TestApp;
  let attendant: string;

  beforeAll(async () => {
    t = await createTestApp();
    attendant = await signIn(t.app, DEMO.attendant);
    let n = 0;
    for (const payload of CSV_INJECTION_PAYLOADS)
      for (const status of ['APPROVED', 'BLOCKED'] as const) {
        n++;
        const c = {
          name: status === 'APPROVED' ? payload : `Bloqueado ${n}`,
          email: `cliente${n}@exemplo.com.br`,
          document: String(10_000_000_000 + n),
          phone: `219${String(n).padStart(8, '0')}`,
        };
        await t.db
          .insertInto('customers')
          .values({
            ...c,
            status,
            approved_at: new Date(),
            level: 1,
            shipping_cost_cents: 123456,
            warranty_percentage: 5,
            status_note: status === 'BLOCKED' ? payload : null,
            city: 'Niterói',
            state: 'RJ',
            search_text: customerSearchText(c),
          })
          .execute();
      }
  });
  afterAll(() => t.close());

  const exported = async (list: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/customers/export.csv?list=${list}`,
      headers: bearer(attendant),
    });
    expect(res.statusCode).toBe(200);
    return parseCsv(res.body);
  };

  it('a customer named like a formula comes out inert in customers/export.csv (every OWASP payload)', async () => {
    const [head, ...rows] = await exported('active');
    expect(head?.[0]).toBe('Nome');
    expect(rows.map((row) => row[0]).sort()).toEqual(CSV_INJECTION_PAYLOADS.map((payload) => `'${payload}`).sort());
    // the other cells are untouched (no 'Inscrição estadual'), the freight a number Excel sums
    for (const row of rows) expect(row.slice(4)).toEqual(['', 'Ouro', '', '1234,56', '5%', '0,00']);
  });

  it("a block reason written like a formula comes out inert in the blocked list's export", async () => {
    const [head, ...rows] = await exported('blocked');
    expect(head).toEqual([
      'Nome',
      'E-mail',
      'Telefone',
      'Documento',
      'Inscrição estadual',
      'Nível',
      'Motivo',
      'Total de compras',
    ]);
    expect(rows.map((row) => row[6]).sort()).toEqual(CSV_INJECTION_PAYLOADS.map((payload) => `'${payload}`).sort());
  });
});
