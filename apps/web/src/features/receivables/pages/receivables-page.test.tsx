import { formatDay, RECEIVABLE_TEXTS, receivablePageSchema, shiftDay } from '@backoffice/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type MockCall, mockFetch, renderPage, signInAs } from '../../../test/render';
import { COMING, LATE, LATE_TOTAL, pageOf, payment, TODAY } from '../test-data';
import ReceivablesPage from './receivables-page';

const ATTENDANT = ['bo:manage:orders', 'bo:manage:internal_sales', 'bo:manage:customers'];
type User = ReturnType<typeof userEvent.setup>;
type Answer = { status?: number; body?: unknown };

/** 'Contas a receber' as the attendant, the list answering LATE and COMING; `pay` answers the payments. */
function openPage({
  url = '/admin/receivables',
  permissions = ATTENDANT,
  pay = (call: MockCall): Answer => ({ body: { data: paid(call) } }),
}: {
  url?: string;
  permissions?: string[];
  pay?: (call: MockCall) => Answer;
} = {}) {
  // The fixture is what the API sends.
  receivablePageSchema.parse(pageOf([LATE, COMING]).data);
  signInAs(permissions, 'Beatriz Atendente');
  // The instalment as the server keeps it: paid once a payment is answered.
  let instalment: unknown = { ...LATE, payments: [] };
  const calls = mockFetch({
    'GET /api/receivables': { body: pageOf([LATE, COMING]) },
    'GET /api/receivables/9': () => ({ body: { data: instalment } }),
    'GET /api/credit/settings': { body: { data: { blockOverdueDays: 5, fine: 2, monthlyInterest: 1 } } },
    'GET /api/customers': { body: { customers: [], total: 0 } },
    'POST /api/receivables/9/payments': (call) => {
      const answer = pay(call);
      if ((answer.status ?? 200) === 200) instalment = (answer.body as { data: unknown }).data;
      return answer;
    },
    'GET /api/receivables/9/payments/77/receipt.pdf': { body: {} },
    'GET /api/receivables/export.csv': { body: {} },
  });
  renderPage(<ReceivablesPage />, { path: '/admin/receivables', url });
  return { calls, user: userEvent.setup() };
}

/** What the server answers a payment of LATE that takes it all. */
function paid(call: MockCall) {
  const body = call.body as { amount: number; method: 'PIX'; paidOn: string };
  return {
    ...LATE,
    paid: 2000,
    open: 0,
    status: 'PAID',
    dueToday: { daysLate: 10, principal: 0, fine: 0, interest: 0, total: 0 },
    payments: [
      payment({ id: 77, amount: body.amount, principal: 2000, fine: 40, interest: 6.67, method: body.method }),
    ],
  };
}

const listCalls = (calls: MockCall[]) =>
  calls
    .filter((c) => c.method === 'GET' && c.url.startsWith('/api/receivables?'))
    .map((c) => new URL(c.url, 'http://x'));
const posts = (calls: MockCall[]) => calls.filter((c) => c.method === 'POST');

/** The hidden input of a MUI X date field (it takes a whole DD/MM/YYYY value, like autofill). */
function typeDate(scope: HTMLElement, label: string, value: string) {
  const group = within(scope).getByRole('group', { name: new RegExp(label) });
  const input = (group.closest('.MuiFormControl-root') as HTMLElement).querySelector('input') as HTMLInputElement;
  fireEvent.change(input, { target: { value } });
}

async function openReceive(user: User) {
  await user.click(await screen.findByRole('button', { name: 'Receber a parcela 1/3 de Maria Prazo' }));
  return screen.findByRole('dialog', { name: 'Receber a parcela 1/3 de Maria Prazo' });
}

async function choosePix(user: User, dialog: HTMLElement) {
  await user.click(within(dialog).getByRole('combobox', { name: /Forma de recebimento/ }));
  await user.click(await screen.findByRole('option', { name: 'Pix' }));
}

const amountOf = (dialog: HTMLElement) => (within(dialog).getByLabelText(/^Valor/) as HTMLInputElement).value;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Contas a receber', () => {
  it("opens on 'Em aberto' with the totals and the late row's words; each filter is asked of the server", async () => {
    const { calls, user } = openPage();
    expect(LATE_TOTAL).toBe(2046.67);
    expect(
      await screen.findByText('2 parcelas · valor R$ 4.000,00 · pago R$ 0,00 · em aberto R$ 4.000,00'),
    ).toBeTruthy();
    const first = listCalls(calls)[0];
    expect(first?.searchParams.get('status')).toBe('open');
    expect(first?.searchParams.get('page')).toBe('0');
    expect(first?.searchParams.get('pageSize')).toBe('25');
    expect(screen.getByRole('heading', { name: 'Contas a receber: Em aberto' })).toBeTruthy();

    // The late row: customer, order, 'Parcela 1/3', due day, what it asks today and why, 'Vencida'.
    const why = screen.getByText('10 dias de atraso: multa R$ 40,00 + juros R$ 6,67');
    // In the darker red (#c62828): its small text stays above 4.5:1 on a selected row's tint too (WCAG AA).
    expect(getComputedStyle(why).color).toBe('rgb(198, 40, 40)');
    const late = why.closest('[role="row"]');
    const cells = within(late as HTMLElement);
    expect(cells.getByText('Maria Prazo')).toBeTruthy();
    expect(cells.getByText('CRD-017')).toBeTruthy();
    expect(cells.getByText('Parcela 1/3')).toBeTruthy();
    expect(cells.getByText(formatDay(LATE.dueDate))).toBeTruthy();
    expect(cells.getByText('R$ 2.046,67')).toBeTruthy();
    expect(cells.getByText('Vencida')).toBeTruthy();
    // The coming one asks what is open, no words of delay.
    const coming = screen.getByText('Parcela 2/3').closest('[role="row"]') as HTMLElement;
    expect(within(coming).getByText('A vencer')).toBeTruthy();
    expect(within(coming).queryByText(/de atraso/)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Vencidas' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.searchParams.get('status')).toBe('overdue'));
    expect(screen.getByRole('heading', { name: 'Contas a receber: Vencidas' })).toBeTruthy();

    // A row's customer filters the list by him.
    await user.click(within(late as HTMLElement).getByTitle('Filtrar por Maria Prazo'));
    await waitFor(() => expect(listCalls(calls).at(-1)?.searchParams.get('customerId')).toBe('5'));
    expect(screen.queryByRole('dialog')).toBeNull();

    // The period of due days.
    typeDate(document.body, 'Vencimento de', formatDay(shiftDay(TODAY, -30)));
    typeDate(document.body, 'até', formatDay(TODAY));
    await waitFor(() => expect(listCalls(calls).at(-1)?.searchParams.get('to')).toBe(TODAY));
    const last = listCalls(calls).at(-1);
    expect(last?.searchParams.get('from')).toBe(shiftDay(TODAY, -30));
    expect(last?.searchParams.get('status')).toBe('overdue');
    expect(last?.searchParams.get('customerId')).toBe('5');
    expect(last?.searchParams.get('page')).toBe('0');
  });

  it('opens on the situation the address asks (the dashboard links ?status=dueToday)', async () => {
    const { calls } = openPage({ url: '/admin/receivables?status=dueToday' });
    expect(await screen.findByRole('heading', { name: 'Contas a receber: Receber hoje' })).toBeTruthy();
    expect(listCalls(calls)[0]?.searchParams.get('status')).toBe('dueToday');
    expect(screen.getByRole('button', { name: 'Receber hoje' }).getAttribute('aria-pressed')).toBe('true');
  });

  it("'Exportar CSV' downloads contas-a-receber.csv with the same filters", async () => {
    const save = vi.fn();
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:csv');
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      save(this.download);
    });
    const { calls, user } = openPage();
    await screen.findByText('Parcela 1/3');
    await user.click(screen.getByRole('button', { name: 'Vencidas' }));
    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() => expect(save).toHaveBeenCalledWith('contas-a-receber.csv'));
    const csv = calls.find((c) => c.url.startsWith('/api/receivables/export.csv'));
    expect(new URL(csv?.url ?? '', 'http://x').searchParams.get('status')).toBe('overdue');
  });

  it("'Receber' offers what the late one asks today, sends it with an Idempotency-Key, then shows it paid with its receipt", async () => {
    const { calls, user } = openPage();
    const dialog = await openReceive(user);
    expect(within(dialog).getByText('Em aberto: R$ 2.000,00')).toBeTruthy();
    expect(amountOf(dialog)).toBe('2.046,67');
    expect(within(dialog).getByText(`Pede em ${formatDay(TODAY)}: R$ 2.046,67`)).toBeTruthy();
    expect(within(dialog).getByText('10 dias de atraso: multa R$ 40,00 + juros R$ 6,67')).toBeTruthy();
    // The method is chosen, not assumed.
    await user.click(within(dialog).getByRole('button', { name: 'Registrar recebimento' }));
    expect(await within(dialog).findByText(RECEIVABLE_TEXTS.methodInvalid)).toBeTruthy();
    expect(posts(calls)).toHaveLength(0);

    await choosePix(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Registrar recebimento' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]?.body).toEqual({ paidOn: TODAY, method: 'PIX', amount: 2046.67 });
    expect(posts(calls)[0]?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);

    // The instalment, paid, with its payment and the payment's receipt.
    const details = await screen.findByRole('dialog', { name: 'Parcela 1/3 do pedido CRD-017' });
    expect(await within(details).findByText('Paga')).toBeTruthy();
    expect(within(details).getByText(`${formatDay(TODAY)} · Pix · Beatriz Atendente`)).toBeTruthy();
    expect(within(details).getByText('parcela R$ 2.000,00 · multa R$ 40,00 · juros R$ 6,67')).toBeTruthy();
    // An attendant (no 'Crédito e cobrança') does not undo.
    expect(within(details).queryByRole('button', { name: 'Desfazer' })).toBeNull();
    expect(within(details).queryByRole('button', { name: 'Receber' })).toBeNull();

    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:pdf');
    const save = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      save(this.download);
    });
    await user.click(within(details).getByRole('button', { name: 'Recibo' }));
    await waitFor(() => expect(save).toHaveBeenCalledWith('recibo-77.pdf'));
    expect(calls.some((c) => c.url === '/api/receivables/9/payments/77/receipt.pdf')).toBe(true);
  });

  it("says the server's refusal of the amount (409) in the dialog, offers what it asks, and retries with the same key", async () => {
    const overpaid = RECEIVABLE_TEXTS.overpaid('R$ 2.046,67');
    let refuse = true;
    const { calls, user } = openPage({
      pay: (call) =>
        refuse
          ? { status: 409, body: { errors: [overpaid], code: 'PAYMENT_OVERPAID', details: { due: 2046.67 } } }
          : { body: { data: paid(call) } },
    });
    const dialog = await openReceive(user);
    await choosePix(user, dialog);
    const amount = within(dialog).getByLabelText(/^Valor/);
    await user.clear(amount);
    await user.type(amount, '2.100,00');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar recebimento' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(overpaid);
    expect(posts(calls)[0]?.body).toMatchObject({ amount: 2100 });
    // What was typed stays; what the server asks is one click away.
    expect(amountOf(dialog)).toBe('2.100,00');
    await user.click(within(dialog).getByRole('button', { name: 'Receber R$ 2.046,67' }));
    expect(amountOf(dialog)).toBe('2.046,67');

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Registrar recebimento' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(2));
    expect(posts(calls)[1]?.body).toMatchObject({ amount: 2046.67 });
    expect(posts(calls)[1]?.headers['Idempotency-Key']).toBe(posts(calls)[0]?.headers['Idempotency-Key']);
    await screen.findByRole('dialog', { name: 'Parcela 1/3 do pedido CRD-017' });

    // Another opening is another attempt: another key.
    await user.click(screen.getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const again = await openReceive(user);
    await choosePix(user, again);
    await user.click(within(again).getByRole('button', { name: 'Registrar recebimento' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(3));
    expect(posts(calls)[2]?.headers['Idempotency-Key']).not.toBe(posts(calls)[0]?.headers['Idempotency-Key']);
  });

  it('another day asks what the contract says of that day: five days late, R$ 2.043,33', async () => {
    const { calls, user } = openPage();
    const dialog = await openReceive(user);
    await choosePix(user, dialog);
    const day = shiftDay(TODAY, -5);
    typeDate(dialog, 'Data do recebimento', formatDay(day));
    // R$ 2.000,00 + 2 % (R$ 40,00) + 5 days of 1 % a month (R$ 3,33).
    await waitFor(() => expect(amountOf(dialog)).toBe('2.043,33'));
    expect(within(dialog).getByText(`Pede em ${formatDay(day)}: R$ 2.043,33`)).toBeTruthy();
    expect(within(dialog).getByText('5 dias de atraso: multa R$ 40,00 + juros R$ 3,33')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Registrar recebimento' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]?.body).toEqual({ paidOn: day, method: 'PIX', amount: 2043.33 });
  });
});
