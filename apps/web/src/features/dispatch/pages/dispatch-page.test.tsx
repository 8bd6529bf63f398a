import { DEFAULT_DELIVERY_DEPARTURES, type DepartureSummary, type DispatchOrder } from '@backoffice/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderPage, signInAs } from '../../../test/render';
import DispatchPage from './dispatch-page';

afterEach(() => vi.unstubAllGlobals());

const order = (orderId: number, code: string, extra: Partial<DispatchOrder> = {}): DispatchOrder => ({
  orderId,
  code,
  customer: `Cliente ${orderId}`,
  phone: '11988887777',
  neighborhood: 'Centro',
  address: 'Rua A, 10 - Centro - São Paulo/SP',
  itemsCount: 2,
  payment: 'Dinheiro',
  cashToCollect: 34.9,
  changeFor: null,
  status: 3,
  fastDelivery: false,
  packedAt: '2026-11-23T12:00:00.000Z',
  late: false,
  ...extra,
});
// Monday 23/11/2026: 10:40 and 14:10 in São Paulo (13:40 and 17:10 UTC).
const FIRST = '2026-11-23T13:40:00.000Z';
const BOARD: DepartureSummary[] = [
  { departureAt: null, ordersCount: 0, lateCount: 0, cashToCollect: 0, runs: [] },
  // Two orders of R$ 34,90 in cash: R$ 69,80 to collect.
  { departureAt: FIRST, ordersCount: 2, lateCount: 1, cashToCollect: 69.8, runs: [] },
  {
    departureAt: '2026-11-23T17:10:00.000Z',
    ordersCount: 0,
    lateCount: 0,
    cashToCollect: 0,
    runs: [
      {
        id: 9,
        departureAt: '2026-11-23T17:10:00.000Z',
        deliverer: { id: 40, name: 'Diego Motoboy' },
        ordersCount: 1,
        codes: ['CCC-333'],
        cashToCollect: 34.9,
        settledAt: null,
      },
    ],
  },
];
const FIRST_ORDERS = { items: [order(1, 'AAA-111', { late: true }), order(2, 'BBB-222')], page: 0, total: 2 };
const ordersAsked = (calls: { url: string }[]) =>
  calls
    .filter((c) => c.url.startsWith('/api/dispatch/board/orders'))
    .map((c) => Object.fromEntries(new URL(c.url, 'http://x').searchParams));

describe('Expedição', () => {
  it("at night opens on the next day with a departure, not on today's departures that have left (issue 35)", async () => {
    // Friday 27/11/2026 at 22:00 in São Paulo (01:00 UTC on Saturday): the next departure is Saturday's 12:00.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T01:00:00.000Z'));
    try {
      signInAs(['bo:manage:orders'], 'Beatriz Atendente', 1);
      const calls = mockFetch({
        // Section 9's week: Monday to Friday 10:40 and 14:10, Saturday 12:00.
        'GET /api/settings/departures': { body: { data: { departures: DEFAULT_DELIVERY_DEPARTURES } } },
        'GET /api/dispatch/board/summary': {
          body: {
            data: [
              { departureAt: null, ordersCount: 0, lateCount: 0, cashToCollect: 0, runs: [] },
              { departureAt: '2026-11-28T15:00:00.000Z', ordersCount: 1, lateCount: 0, cashToCollect: 34.9, runs: [] },
            ],
          },
        },
        'GET /api/dispatch/board/orders': { body: { items: [order(5, 'EEE-555')], page: 0, total: 1 } },
      });
      renderPage(<DispatchPage />, { path: '/admin/dispatch' });
      expect(
        await screen.findByText('As saídas de hoje já passaram: mostrando as do próximo dia com saída, 28/11/2026.'),
      ).toBeTruthy();
      // Its orders are asked once the figures are in: two answers, one after the other.
      expect(await screen.findByText('EEE-555', {}, { timeout: 10_000 })).toBeTruthy();
      const asked = calls.filter((c) => c.url.startsWith('/api/dispatch/board/summary')).map((c) => c.url);
      expect(asked).toEqual(['/api/dispatch/board/summary?date=2026-11-28']);
    } finally {
      vi.useRealTimers();
    }
  });

  it("puts the marked orders in a courier's run, and settles a run with the cash the courier brought", async () => {
    signInAs(['bo:manage:orders'], 'Beatriz Atendente', 1);
    const calls = mockFetch({
      'GET /api/dispatch/board/summary': { body: { data: BOARD } },
      'GET /api/dispatch/board/orders': { body: FIRST_ORDERS },
      'GET /api/employees/deliverers': { body: { deliverers: [{ id: 40, name: 'Diego Motoboy' }] } },
      'POST /api/dispatch/runs': (call) => ({
        body: {
          data: {
            id: 10,
            deliverer: { id: 40, name: 'Diego Motoboy' },
            orders: [order(1, 'AAA-111')],
            cashToCollect: 34.9,
            settledAt: null,
            departureAt: (call.body as { departureAt: string }).departureAt,
          },
        },
      }),
      'POST /api/dispatch/runs/9/settlement': (call) =>
        (call.body as { note?: string }).note
          ? {
              body: {
                data: {
                  runId: 9,
                  expectedCash: 34.9,
                  declaredCash: 24.9,
                  difference: -10,
                  note: 'Faltou troco',
                  settledAt: '2026-11-23T20:00:00.000Z',
                  settledBy: { id: 20, name: 'Beatriz Atendente' },
                  delivered: 1,
                  broughtBack: 0,
                },
              },
            }
          : {
              status: 400,
              body: { errors: ['Explique a diferença entre o dinheiro esperado e o entregue.'], code: 'BAD_REQUEST' },
            },
    });
    const user = userEvent.setup();
    renderPage(<DispatchPage />);
    const first = await screen.findByRole('region', { name: 'Saída das 10:40' });
    expect(within(first).getByText('2 pedidos aguardando · 1 atrasado · R$ 69,80 a receber')).toBeTruthy();
    // The first departure with orders is open: its orders are asked for, the others' are not.
    expect(await within(first).findByText('Atrasado', {}, { timeout: 10_000 })).toBeTruthy();
    expect(ordersAsked(calls)).toEqual([{ departure: FIRST, page: '0', items: '50' }]);
    await user.click(within(first).getByRole('checkbox', { name: 'Selecionar o pedido AAA-111' }));
    await user.click(within(first).getByLabelText('Motoboy'));
    await user.click(await screen.findByRole('option', { name: 'Diego Motoboy' }));
    await user.click(within(first).getByRole('button', { name: 'Montar rota' }));
    expect(await screen.findByText('1 pedido na rota de Diego Motoboy.')).toBeTruthy();
    const posted = calls.find((call) => call.method === 'POST' && call.url.endsWith('/dispatch/runs'));
    expect(posted?.body).toEqual({ departureAt: '2026-11-23T13:40:00.000Z', delivererId: 40, orderIds: [1] });

    const second = screen.getByRole('region', { name: 'Saída das 14:10' });
    expect(within(second).getByText('1 pedido · R$ 34,90 a receber')).toBeTruthy();
    await user.click(within(second).getByRole('button', { name: 'Acertar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Acerto do motoboy: Diego Motoboy' });
    await user.type(within(dialog).getByLabelText('Dinheiro entregue'), '24,90');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar acerto' }));
    expect(
      await within(dialog).findByText('Explique a diferença entre o dinheiro esperado e o entregue.'),
    ).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Observação (obrigatória se houver diferença)'), 'Faltou troco');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar acerto' }));
    expect(await within(dialog).findByText('Esperado R$ 34,90 · Entregue R$ 24,90 · Diferença -R$ 10,00')).toBeTruthy();
    const settled = calls.filter((call) => call.url.endsWith('/settlement'));
    expect(settled.at(-1)?.body).toEqual({ declaredCash: 24.9, note: 'Faltou troco' });
    await waitFor(() =>
      expect(calls.filter((call) => call.url.includes('/dispatch/board/summary')).length).toBeGreaterThan(1),
    );
  });
});

describe("Expedição at a shop's size (issue 36)", () => {
  it("shows each departure's figures, lists the chosen departure's orders a page at a time, and keeps the marked ones across pages", async () => {
    signInAs(['bo:manage:orders'], 'Beatriz Atendente', 1);
    const SECOND = '2026-11-23T17:10:00.000Z';
    // 120 orders wait for the 14:10, 45 of them late; 50 a page: pages 0, 1 and 2 (20 on the last).
    const second = { ...BOARD[1], departureAt: SECOND, ordersCount: 120, lateCount: 45, cashToCollect: 4188 };
    const board = [BOARD[0], BOARD[1], second];
    const calls = mockFetch({
      'GET /api/dispatch/board/summary': { body: { data: board } },
      'GET /api/dispatch/board/orders': (call) => {
        const query = new URL(call.url, 'http://x').searchParams;
        if (query.get('departure') === FIRST) return { body: FIRST_ORDERS };
        const page = Number(query.get('page'));
        const items = Array.from({ length: page === 2 ? 20 : 50 }, (_, i) => {
          const n = page * 50 + i + 1;
          return order(100 + n, `S${String(n).padStart(2, '0')}-${String(n).padStart(3, '0')}`);
        });
        return { body: { items, page, total: 120 } };
      },
      'GET /api/employees/deliverers': { body: { deliverers: [{ id: 40, name: 'Diego Motoboy' }] } },
      'POST /api/dispatch/runs': (call) => ({
        body: {
          data: {
            id: 11,
            deliverer: { id: 40, name: 'Diego Motoboy' },
            orders: [],
            cashToCollect: 0,
            settledAt: null,
            departureAt: (call.body as { departureAt: string }).departureAt,
          },
        },
      }),
    });
    const user = userEvent.setup();
    renderPage(<DispatchPage />);
    const afternoon = await screen.findByRole('region', { name: 'Saída das 14:10' });
    expect(within(afternoon).getByText('120 pedidos aguardando · 45 atrasados · R$ 4.188,00 a receber')).toBeTruthy();
    expect(within(afternoon).queryByRole('checkbox')).toBeNull();
    await user.click(within(afternoon).getByRole('button', { name: 'Ver pedidos' }));
    await within(afternoon).findByRole('checkbox', { name: 'Selecionar o pedido S01-001' }, { timeout: 10_000 });
    // Only the chosen departure lists its orders: the 10:40's closed again.
    const morning = screen.getByRole('region', { name: 'Saída das 10:40' });
    expect(within(morning).queryByRole('checkbox')).toBeNull();
    expect(within(morning).getByRole('button', { name: 'Ver pedidos' })).toBeTruthy();

    await user.click(within(afternoon).getByRole('checkbox', { name: 'Selecionar o pedido S01-001' }));
    await user.click(within(afternoon).getByRole('button', { name: /próxima página/i }));
    await user.click(
      await within(afternoon).findByRole('checkbox', { name: 'Selecionar o pedido S51-051' }, { timeout: 10_000 }),
    );
    expect(within(afternoon).getByText('2 pedidos marcados.')).toBeTruthy();
    expect(ordersAsked(calls).filter((q) => q.departure === SECOND)).toEqual([
      { departure: SECOND, page: '0', items: '50' },
      { departure: SECOND, page: '1', items: '50' },
    ]);
    await user.click(within(afternoon).getByLabelText('Motoboy'));
    await user.click(await screen.findByRole('option', { name: 'Diego Motoboy' }));
    await user.click(within(afternoon).getByRole('button', { name: 'Montar rota' }));
    expect(await screen.findByText('2 pedidos na rota de Diego Motoboy.')).toBeTruthy();
    const posted = calls.find((call) => call.method === 'POST' && call.url.endsWith('/dispatch/runs'));
    expect(posted?.body).toEqual({ departureAt: SECOND, delivererId: 40, orderIds: [101, 151] });
  });
});

describe('Acertos', () => {
  it("lists the period's settlements with their totals, and asks again for one courier", async () => {
    signInAs(['bo:manage:orders'], 'Beatriz Atendente', 1);
    const settlement = (runId: number, expected: number, declared: number, note: string | null) => ({
      runId,
      expectedCash: expected,
      declaredCash: declared,
      difference: Math.round((declared - expected) * 100) / 100,
      note,
      settledAt: '2026-11-23T20:00:00.000Z',
      settledBy: { id: 20, name: 'Beatriz Atendente' },
      delivered: 4,
      broughtBack: 1,
      deliverer: { id: 40, name: 'Diego Motoboy' },
      departureAt: '2026-11-23T13:40:00.000Z',
    });
    const calls = mockFetch({
      'GET /api/dispatch/board/summary': { body: { data: BOARD } },
      'GET /api/dispatch/board/orders': { body: FIRST_ORDERS },
      'GET /api/employees/deliverers': { body: { deliverers: [{ id: 40, name: 'Diego Motoboy' }] } },
      'GET /api/dispatch/settlements': {
        body: {
          data: [settlement(1, 99.9, 89.9, 'Troco a mais'), settlement(2, 150, 150, null)],
          total: 2,
          // The period's totals, as the server sums them: 99,90 + 150,00; 89,90 + 150,00.
          totals: { expectedCash: 249.9, declaredCash: 239.9, difference: -10 },
        },
      },
    });
    const user = userEvent.setup();
    renderPage(<DispatchPage />);
    const report = await screen.findByRole('region', { name: 'Acertos' });
    // Expected 99,90 + 150,00 = 249,90; brought 89,90 + 150,00 = 239,90; R$ 10,00 short.
    expect(
      await within(report).findByText('Total: esperado R$ 249,90 · entregue R$ 239,90 · diferença -R$ 10,00'),
    ).toBeTruthy();
    expect(within(report).getByText('Troco a mais')).toBeTruthy();
    await user.click(within(report).getByLabelText('Motoboy'));
    await user.click(await screen.findByRole('option', { name: 'Diego Motoboy' }));
    await waitFor(() => expect(calls.some((call) => call.url.includes('delivererId=40'))).toBe(true));
    // 'Hoje' asks for today alone (São Paulo's day: the period's two ends are the same date).
    await user.click(within(report).getByRole('button', { name: 'Hoje' }));
    await waitFor(() => {
      const last = new URL(calls.filter((c) => c.url.includes('/dispatch/settlements')).at(-1)?.url ?? '', 'http://x');
      expect(last.searchParams.get('start')).not.toBeNull();
      expect(last.searchParams.get('start')).toBe(last.searchParams.get('end'));
    });
  });
});
