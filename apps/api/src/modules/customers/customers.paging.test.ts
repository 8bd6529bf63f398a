import { customerSearchText } from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerStatus } from '../../db/schema';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';

interface Row {
  name: string;
  status?: CustomerStatus;
  phone?: string;
  document?: string;
  shippingCents?: number;
  createdAt?: string;
  note?: string;
  stateRegistration?: string;
}

/**
 * 25 approved customers "Cliente 01" … "Cliente 25" (by name, 10 a page: pages 0, 1 and 2 of 5), plus
 * "Zélia Conceição" (approved, last by name, on page 2), one waiting and one blocked customer.
 */
const ROWS: Row[] = [
  ...Array.from({ length: 25 }, (_, i) => ({ name: `Cliente ${String(i + 1).padStart(2, '0')}` })),
  {
    name: 'Zélia Conceição',
    phone: '11987654321',
    document: '52998224725',
    shippingCents: 123456,
    stateRegistration: '110042490114',
  },
  { name: 'Walter Esperando', status: 'AWAITING', createdAt: '2026-03-05T02:00:00Z' },
  { name: 'Bruno Bloqueado', status: 'BLOCKED', note: 'Cheques; sem "fundo"', stateRegistration: 'ISENTO' },
];

describe('customers: paged lists and CSV export', () => {
  let t: TestApp;
  let attendant: string;
  let stocker: string;

  beforeAll(async () => {
    t = await createTestApp();
    [attendant, stocker] = await Promise.all([signIn(t.app, DEMO.attendant), signIn(t.app, DEMO.stocker)]);
    let n = 0;
    for (const row of ROWS) {
      n++;
      const c = {
        name: row.name,
        email: `cliente${n}@exemplo.com.br`,
        document: row.document ?? String(10_000_000_000 + n),
        phone: row.phone ?? `219${String(n).padStart(8, '0')}`,
      };
      await t.db
        .insertInto('customers')
        .values({
          ...c,
          status: row.status ?? 'APPROVED',
          approved_at: row.status ? null : new Date(),
          level: 1,
          shipping_cost_cents: row.shippingCents ?? 1000,
          warranty_percentage: 5,
          status_note: row.note ?? null,
          state_registration: row.stateRegistration ?? null,
          city: 'Niterói',
          state: 'RJ',
          created_at: row.createdAt ?? new Date('2026-01-10T15:00:00Z'),
          search_text: customerSearchText(c),
        })
        .execute();
    }
  });
  afterAll(() => t.close());

  const get = (url: string, token = attendant) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const names = (body: { customers: { name: string }[] }) => body.customers.map((c) => c.name);

  it('answers one page with the total of the list when asked for page and items', async () => {
    const first = await get('/api/customers?page=0&items=10');
    expect(first.statusCode).toBe(200);
    expect(first.json().total).toBe(26);
    expect(names(first.json())).toEqual(
      Array.from({ length: 10 }, (_, i) => `Cliente ${String(i + 1).padStart(2, '0')}`),
    );
    const last = await get('/api/customers?page=2&items=10');
    expect(names(last.json())).toEqual([
      'Cliente 21',
      'Cliente 22',
      'Cliente 23',
      'Cliente 24',
      'Cliente 25',
      'Zélia Conceição',
    ]);
    expect(last.json().total).toBe(26);
    const beyond = await get('/api/customers?page=9&items=10');
    expect(beyond.json()).toEqual({ customers: [], total: 26 });
  });

  it('keeps the whole list {customers} (no total) without paging parameters, as section 7 reads it', async () => {
    const all = await get('/api/customers');
    expect(all.json().customers).toHaveLength(26);
    expect(all.json().total).toBeUndefined();
    const blocked = await get('/api/customers/blocked?page=0&items=5');
    expect(blocked.json()).toMatchObject({ total: 1, customers: [{ name: 'Bruno Bloqueado' }] });
  });

  it('finds a customer of a later page by name without accents or case, e-mail, document or phone', async () => {
    for (const search of ['CONCEICAO', 'zélia', 'cliente26@exemplo', '529.982.247-25', '(11) 98765-4321']) {
      const res = await get(`/api/customers?page=0&items=10&search=${encodeURIComponent(search)}`);
      expect(res.json(), search).toMatchObject({ total: 1, customers: [{ name: 'Zélia Conceição' }] });
    }
    const none = await get('/api/customers?page=0&items=10&search=walter');
    expect(none.json()).toEqual({ customers: [], total: 0 });
    const waiting = await get('/api/administrator/customers/unnaproved?search=walter');
    expect(waiting.json()).toMatchObject({ total: 1, customers: [{ name: 'Walter Esperando' }] });
  });

  it('counts every match of a search or filter on each of its pages, and past its end', async () => {
    // Every e-mail is clienteN@exemplo.com.br: the 26 approved customers match 'cliente'.
    const second = await get('/api/customers?page=1&items=10&search=cliente');
    expect(second.json().total).toBe(26);
    expect(names(second.json())).toEqual(
      Array.from({ length: 10 }, (_, i) => `Cliente ${String(i + 11).padStart(2, '0')}`),
    );
    // 'Zélia Conceição' does not start with 'Cliente': 25, the last page holds 21 to 25, newest name first.
    const filter = encodeURIComponent('name:startsWith:cliente');
    const last = await get(`/api/customers?page=2&items=10&filter=${filter}&sort=name:desc`);
    expect(last.json()).toMatchObject({ total: 25 });
    expect(names(last.json())).toEqual(['Cliente 05', 'Cliente 04', 'Cliente 03', 'Cliente 02', 'Cliente 01']);
    expect((await get(`/api/customers?page=3&items=10&filter=${filter}`)).json()).toEqual({ customers: [], total: 25 });
    expect((await get('/api/customers?page=5&items=10&search=cliente')).json()).toEqual({ customers: [], total: 26 });
  });

  it('sorts by a whitelisted field in either direction, ties broken by id', async () => {
    const desc = await get('/api/customers?page=0&items=3&sort=name:desc');
    expect(names(desc.json())).toEqual(['Zélia Conceição', 'Cliente 25', 'Cliente 24']);
    const byShipping = await get('/api/customers?page=0&items=1&sort=shippingCost:desc');
    expect(names(byShipping.json())).toEqual(['Zélia Conceição']);
  });

  it("filters by one field as the grid's filter panel asks, case-insensitive, and counts what is left", async () => {
    const byName = await get(`/api/customers?page=0&items=10&filter=${encodeURIComponent('name:startsWith:Zélia')}`);
    expect(byName.json()).toMatchObject({ total: 1, customers: [{ name: 'Zélia Conceição' }] });
    const upper = await get(`/api/customers?page=0&items=10&filter=${encodeURIComponent('name:startsWith:CLIENTE 2')}`);
    expect(upper.json().total).toBe(6);
    const ends = await get('/api/customers?page=0&items=10&filter=name:endsWith:5');
    expect(names(ends.json())).toEqual(['Cliente 05', 'Cliente 15', 'Cliente 25']);
    const city = await get(`/api/customers?page=0&items=1&filter=${encodeURIComponent('city:equals:NITERóI')}`);
    expect(city.json().total).toBe(26);
    const noted = await get('/api/customers/blocked?page=0&items=10&filter=statusNote:isNotEmpty');
    expect(noted.json().total).toBe(1);
    const none = await get('/api/customers/blocked?page=0&items=10&filter=statusNote:isEmpty');
    expect(none.json().total).toBe(0);
    // an empty value filters nothing, as in the grid
    expect((await get('/api/customers?page=0&items=1&filter=email:contains:')).json().total).toBe(26);
    const csv = await get('/api/customers/export.csv?list=active&filter=name:endsWith:5');
    expect(csv.body.trimEnd().split('\r\n')).toHaveLength(1 + 3);
    const bad = await get('/api/customers?filter=password:equals:x');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toContain('Filtro inválido');
  });

  it('refuses a bad page, page size or sort with a Portuguese 400', async () => {
    const cases: Array<[string, string]> = [
      ['page=-1', 'Página inválida: informe um número inteiro a partir de 0.'],
      ['page=abc', 'Página inválida: informe um número inteiro a partir de 0.'],
      ['items=0', 'Itens por página inválidos: informe de 1 a 100.'],
      ['items=101', 'Itens por página inválidos: informe de 1 a 100.'],
      ['sort=password:asc', 'Ordenação inválida'],
      ['sort=name', 'Ordenação inválida'],
    ];
    for (const [query, message] of cases) {
      const res = await get(`/api/customers?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors[0], query).toContain(message);
    }
  });

  it('streams relatorio.csv of every matching customer: BOM, ";", the card headers, money 1234,56 Excel can sum', async () => {
    const res = await get('/api/customers/export.csv?list=active');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="relatorio.csv"');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Nome;E-mail;Telefone;Documento;Inscrição estadual;Nível;Motoboy;Frete;Garantia;Total de compras',
    );
    expect(lines).toHaveLength(1 + 26);
    expect(lines[1]).toBe('Cliente 01;cliente1@exemplo.com.br;(21) 90000-0001;100.000.000-01;;Ouro;;10,00;5%;0,00');
    expect(lines[26]).toBe(
      'Zélia Conceição;cliente26@exemplo.com.br;(11) 98765-4321;529.982.247-25;110042490114;Ouro;;1234,56;5%;0,00',
    );

    // the e-mails cliente2@, cliente20@ … cliente26@ (Zélia's)
    const searched = await get('/api/customers/export.csv?list=active&search=CLIENTE2&sort=name:desc');
    const rows = searched.body.slice(1).trimEnd().split('\r\n').slice(1);
    expect(rows.map((line) => line.split(';')[0])).toEqual([
      'Zélia Conceição',
      'Cliente 25',
      'Cliente 24',
      'Cliente 23',
      'Cliente 22',
      'Cliente 21',
      'Cliente 20',
      'Cliente 02',
    ]);
  });

  it('exports the waiting and blocked lists with their own columns, dates DD/MM/YYYY in Brasília, quoted cells', async () => {
    const waiting = await get('/api/customers/export.csv?list=awaiting');
    const [head, row] = waiting.body.slice(1).trimEnd().split('\r\n');
    expect(head).toBe('Nome;E-mail;Telefone;Documento;Inscrição estadual;Cidade;Motoboy;Cadastrado em');
    // 2026-03-05 02:00 UTC is 4 March, 23:00 in Brasília
    expect(row).toBe(
      'Walter Esperando;cliente27@exemplo.com.br;(21) 90000-0027;100.000.000-27;;Niterói/RJ;;04/03/2026',
    );
    const blocked = await get('/api/customers/export.csv?list=blocked');
    expect(blocked.body.slice(1).trimEnd().split('\r\n')).toEqual([
      'Nome;E-mail;Telefone;Documento;Inscrição estadual;Nível;Motivo;Total de compras',
      'Bruno Bloqueado;cliente28@exemplo.com.br;(21) 90000-0028;100.000.000-28;ISENTO;Ouro;"Cheques; sem ""fundo""";0,00',
    ]);
  });

  it('refuses an unknown list, and the export to whoever cannot manage customers', async () => {
    const bad = await get('/api/customers/export.csv?list=all');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toBe('Lista inválida: use active, blocked, reproved, awaiting.');
    expect((await get('/api/customers/export.csv?list=active', stocker)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/customers/export.csv?list=active' })).statusCode).toBe(401);
  });
});
