import { DATABASE_UNAVAILABLE_TEXT, ORDER_TEXTS, type TaskList, type TaskOrder } from '@backoffice/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as phoneStorage from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/contract';
import type { MockCall } from '../../../test/render';
import { renderPage, signInAs } from '../../../test/render';
import { FIELD_TEXTS } from '../texts';
import TasksPage from './tasks-page';

const BASE: TaskOrder = {
  orderId: 1,
  code: 'A1B-2C3',
  customer: 'Marina Souza',
  customerId: 9,
  status: 'Aguardando estoquista',
  statusKey: 1,
  updatedAt: '2026-11-20T13:05:00.000Z',
  createdAt: '2026-11-20T10:00:00.000Z',
  typeOfDelivery: 'Motoboy',
  deliveryType: 1,
  fastDelivery: false,
  deliverer: null,
  delivererId: null,
  stocker: null,
  stockerId: null,
  payment: 'Dinheiro',
  paymentMethod: 'CASH',
  total: 134.9,
  shippingCost: 15,
  neighborhood: 'Centro',
  comments: 'Portão azul',
  hasWarranty: false,
  actions: ['startPreparation'],
  items: [
    { productId: 7, name: 'Capa iPhone 15', quantity: 2, serialized: false },
    { productId: 8, name: 'Película 3D', quantity: 1, serialized: false },
  ],
  customerPhone: '11988887777',
  address: {
    street: 'Rua das Flores',
    number: '123',
    complement: 'Apto 4',
    neighborhood: 'Centro',
    city: 'São Paulo',
    state: 'SP',
    zipCode: '01234567',
  },
};
const WAITING = BASE;
const PREPARING: TaskOrder = {
  ...BASE,
  orderId: 2,
  code: 'D4E-5F6',
  status: 'Em preparação',
  statusKey: 2,
  stocker: 'Carlos Estoquista',
  stockerId: 3,
  fastDelivery: true,
  actions: ['readyForFastCourier'],
};
const PACKED: TaskOrder = {
  ...BASE,
  orderId: 3,
  code: 'G7H-8J9',
  status: 'Aguardando motoboy',
  statusKey: 3,
  actions: ['withdraw'],
};
const ON_THE_ROAD: TaskOrder = {
  ...BASE,
  orderId: 4,
  code: 'K1L-2M3',
  status: 'Em entrega',
  statusKey: 4,
  deliverer: 'Diego Motoboy',
  delivererId: 4,
  actions: ['deliver', 'customerAbsent'],
};

const summary = (order: TaskOrder, statusKey: number) => {
  const { actions: _a, items: _i, customerPhone: _p, address: _d, ...rest } = order;
  return { data: { ...rest, statusKey } };
};
const list = (kind: TaskList['kind'], kinds: TaskList['kinds'], orders: TaskOrder[]): TaskList => ({
  kind,
  kinds,
  orders,
  total: orders.length,
});
const card = (code: string) => screen.getByRole('article', { name: code });
const tasksCalls = (calls: MockCall[]) => calls.filter((c) => c.url.startsWith('/api/orders/tasks'));

describe('Minhas tarefas: a full page', () => {
  it('draws every card of the page, in the order the server gave, the first ones first (decision 0025)', async () => {
    signInAs(['bo:manage:products'], 'Carlos Estoquista');
    const codes = ['A1B-2C1', 'A1B-2C2', 'A1B-2C3', 'A1B-2C4', 'A1B-2C5', 'A1B-2C6', 'A1B-2C7'];
    const orders = codes.map((code, index) => ({ ...WAITING, orderId: 100 + index, code }));
    mockApi({ 'GET /api/orders/tasks': { body: list('packing', ['packing'], orders) } });
    renderPage(<TasksPage />);
    await screen.findByRole('article', { name: 'A1B-2C1' });
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(7));
    expect(screen.getAllByRole('article').map((article) => within(article).getByRole('heading').textContent)).toEqual(
      codes,
    );
    expect(screen.getByText('7 pedidos')).toBeTruthy();
  });
});

describe('Minhas tarefas: the stocker', () => {
  it('starts separating an order, sending what the screen saw; the list is read again', async () => {
    signInAs(['bo:manage:products'], 'Carlos Estoquista');
    const calls = mockApi({
      'GET /api/orders/tasks': { body: list('packing', ['packing'], [PREPARING, WAITING]) },
      'PATCH /api/workflow/order/prepare': { body: summary(WAITING, 2) },
    });
    renderPage(<TasksPage />);
    expect(await screen.findByRole('heading', { name: 'Minhas tarefas' })).toBeTruthy();
    const waiting = await screen.findByRole('article', { name: 'A1B-2C3' });
    expect(within(waiting).getByText('2 × Capa iPhone 15')).toBeTruthy();
    expect(within(waiting).getByText('1 × Película 3D')).toBeTruthy();
    // No tabs for someone who does one kind of task.
    expect(screen.queryByRole('tab')).toBeNull();
    expect(within(card('D4E-5F6')).getByText('Entrega imediata')).toBeTruthy();

    const before = tasksCalls(calls).length;
    await userEvent.click(within(waiting).getByRole('button', { name: 'Iniciar separação' }));
    expect(await screen.findByText('Pedido alterado com sucesso.')).toBeTruthy();
    const prepare = calls.find((c) => c.url === '/api/workflow/order/prepare');
    expect(prepare?.method).toBe('PATCH');
    expect(prepare?.body).toEqual({ orderId: 1, expectedStatus: 1, expectedUpdatedAt: '2026-11-20T13:05:00.000Z' });
    await waitFor(() => expect(tasksCalls(calls).length).toBeGreaterThan(before));
  });

  it('finishes packing only with a photo: previews, removes, and sends every photo left', async () => {
    signInAs(['bo:manage:products'], 'Carlos Estoquista');
    const calls = mockApi({
      'GET /api/orders/tasks': { body: list('packing', ['packing'], [PREPARING]) },
      'PATCH /api/workflow/order/pack': { body: summary(PREPARING, 15) },
    });
    renderPage(<TasksPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Finalizar embalagem' }));
    const dialog = await screen.findByRole('dialog', { name: 'Embalagem do pedido D4E-5F6' });
    expect(within(dialog).getByText('Depois: Pronto para entrega imediata')).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Concluir embalagem' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(ORDER_TEXTS.packagingPhotosRequired);
    expect(calls.some((c) => c.url.includes('/pack'))).toBe(false);

    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input.accept).toBe('image/*');
    expect(input.getAttribute('capture')).toBe('environment');
    expect(input.multiple).toBe(true);
    const photo = (name: string, byte: number) =>
      new File([new Uint8Array([0xff, 0xd8, byte])], name, { type: 'image/jpeg' });
    await userEvent.upload(input, [photo('a.jpg', 1), photo('b.jpg', 2)]);
    expect(await within(dialog).findByRole('img', { name: 'Foto 2 da embalagem' })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remover foto 1' }));
    expect(within(dialog).getAllByRole('img')).toHaveLength(1);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Concluir embalagem' }));
    expect(await screen.findByText('Pedido alterado com sucesso.')).toBeTruthy();
    const pack = calls.find((c) => c.url === '/api/workflow/order/pack');
    // The photo left is b.jpg (bytes ff d8 02), as a data URL.
    expect(pack?.body).toEqual({
      orderId: 2,
      images: ['data:image/jpeg;base64,/9gC'],
      expectedStatus: 2,
      expectedUpdatedAt: '2026-11-20T13:05:00.000Z',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('packs a phone by its IMEIs: one per unit, each checked as typed, sent with the photo', async () => {
    signInAs(['bo:manage:products'], 'Carlos Estoquista');
    const PHONES: TaskOrder = {
      ...PREPARING,
      items: [
        { productId: 31, name: 'Galaxy A55', quantity: 2, serialized: true },
        { productId: 8, name: 'Película 3D', quantity: 1, serialized: false },
      ],
    };
    const calls = mockApi({
      'GET /api/orders/tasks': { body: list('packing', ['packing'], [PHONES]) },
      'PATCH /api/workflow/order/pack': { body: summary(PHONES, 15) },
    });
    renderPage(<TasksPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Finalizar embalagem' }));
    const dialog = await screen.findByRole('dialog', { name: 'Embalagem do pedido D4E-5F6' });
    // Two fields for the two phones, none for the film.
    const first = within(dialog).getByLabelText('IMEI 1 de 2: Galaxy A55');
    const second = within(dialog).getByLabelText('IMEI 2 de 2: Galaxy A55');
    expect(within(dialog).queryByLabelText(/Película/)).toBeNull();
    const photo = new File([new Uint8Array([0xff, 0xd8, 3])], 'c.jpg', { type: 'image/jpeg' });
    await userEvent.upload(dialog.querySelector('input[type="file"]') as HTMLInputElement, photo);
    await within(dialog).findByRole('img', { name: 'Foto 1 da embalagem' });

    // Without the IMEIs nothing is sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Concluir embalagem' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(FIELD_TEXTS.pack.units.required);
    // 352099081234563 fails the check digit (…565 is the valid one); letters are dropped as typed.
    await userEvent.type(first, '3520-9908-1234-563');
    expect(within(dialog).getByText('IMEI inválido (dígito verificador não confere).')).toBeTruthy();
    await userEvent.clear(first);
    await userEvent.type(first, '490154203237518');
    await userEvent.type(second, '490154203237518');
    expect(within(dialog).getAllByText('IMEI repetido nesta embalagem.')).toHaveLength(2);
    await userEvent.clear(second);
    await userEvent.type(second, '352099081234565');
    expect(calls.some((c) => c.url.includes('/pack'))).toBe(false);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Concluir embalagem' }));
    expect(await screen.findByText('Pedido alterado com sucesso.')).toBeTruthy();
    const pack = calls.find((c) => c.url === '/api/workflow/order/pack');
    expect(pack?.body).toEqual({
      orderId: 2,
      images: ['data:image/jpeg;base64,/9gD'],
      units: [
        { productId: 31, imei: '490154203237518' },
        { productId: 31, imei: '352099081234565' },
      ],
      expectedStatus: 2,
      expectedUpdatedAt: '2026-11-20T13:05:00.000Z',
    });
  });

  it('a lost connection while packing does not sign out: the dialog keeps its photos, and trying again sends them', async () => {
    const session = signInAs(['bo:manage:products'], 'Carlos Estoquista');
    let attempts = 0;
    const calls = mockApi({
      'GET /api/orders/tasks': { body: list('packing', ['packing'], [PREPARING]) },
      'PATCH /api/workflow/order/pack': () => (++attempts === 1 ? 'network-error' : { body: summary(PREPARING, 15) }),
    });
    renderPage(<TasksPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Finalizar embalagem' }));
    const dialog = await screen.findByRole('dialog', { name: 'Embalagem do pedido D4E-5F6' });
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, [new File([new Uint8Array([0xff, 0xd8, 7])], 'caixa.jpg', { type: 'image/jpeg' })]);
    expect(await within(dialog).findByRole('img', { name: 'Foto 1 da embalagem' })).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Concluir embalagem' }));
    // Said in the dialog (a message behind it would be hidden from a screen reader).
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe('Sem conexão com o servidor. Tente novamente.'),
    );
    // Still signed in, the same dialog open with its photo.
    expect(localStorage.getItem('token')).toBe(session.token);
    expect(screen.getByRole('dialog', { name: 'Embalagem do pedido D4E-5F6' })).toBe(dialog);
    expect(within(dialog).getByRole('img', { name: 'Foto 1 da embalagem' })).toBeTruthy();

    const retry = within(dialog).getByRole('button', { name: 'Concluir embalagem' }) as HTMLButtonElement;
    await waitFor(() => expect(retry.disabled).toBe(false));
    await userEvent.click(retry);
    expect(await screen.findByText('Pedido alterado com sucesso.')).toBeTruthy();
    const packs = calls.filter((c) => c.url === '/api/workflow/order/pack');
    expect(packs).toHaveLength(2);
    // ff d8 07 as base64 is /9gH: the same photo both times.
    expect(packs[1]?.body).toEqual(packs[0]?.body);
    expect(packs[1]?.body).toMatchObject({ images: ['data:image/jpeg;base64,/9gH'] });
    // With the same Idempotency-Key: had the first reached the server, this one is answered as that move.
    expect(packs[0]?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(packs[1]?.headers['Idempotency-Key']).toBe(packs[0]?.headers['Idempotency-Key']);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says so when there is nothing to separate', async () => {
    signInAs(['bo:manage:products'], 'Carlos Estoquista');
    mockApi({ 'GET /api/orders/tasks': { body: list('packing', ['packing'], []) } });
    renderPage(<TasksPage />);
    expect(await screen.findByText(FIELD_TEXTS.empty.packing)).toBeTruthy();
  });
});

describe('Minhas tarefas: the courier', () => {
  it("says a paid Pix needs nothing at the door, as the run sheet does: 'Pago (Pix): nada a receber' (issue 35 §8)", async () => {
    signInAs(['bo:manage:orders'], 'Diego Motoboy');
    const paidPix: TaskOrder = { ...ON_THE_ROAD, orderId: 5, code: 'P1X-2Q3', payment: 'Pix', paymentMethod: 'PIX' };
    mockApi({ 'GET /api/orders/tasks': { body: list('delivery', ['delivery'], [paidPix]) } });
    renderPage(<TasksPage />);
    const pix = await screen.findByRole('article', { name: 'P1X-2Q3' });
    expect(pix.textContent).toContain('Pagamento: Pix');
    expect(pix.textContent).toContain('Pago (Pix): nada a receber');
    expect(pix.textContent).not.toContain('Receber em dinheiro');
  });

  it('shows where to go, whom to call and what to collect; collects after confirming', async () => {
    signInAs(['bo:manage:orders'], 'Diego Motoboy');
    const calls = mockApi({
      'GET /api/orders/tasks': { body: list('delivery', ['delivery'], [ON_THE_ROAD, PACKED]) },
      'PATCH /api/workflow/order/withdraw': { body: summary(PACKED, 4) },
    });
    renderPage(<TasksPage />);
    const road = await screen.findByRole('article', { name: 'K1L-2M3' });
    expect(road.textContent).toContain('Rua das Flores, 123 - Apto 4');
    expect(road.textContent).toContain('São Paulo/SP · 01234-567');
    expect(road.textContent).toContain('Bairro: Centro');
    expect(road.textContent).toContain('Valor Total: R$ 134,90');
    expect(road.textContent).toContain('Pagamento: Dinheiro');
    // The run sheet's words (payment-due.ts): the whole total in cash.
    expect(road.textContent).toContain('Receber em dinheiro: R$ 134,90');
    expect(road.textContent).toContain('Portão azul');
    const phone = within(road).getByRole('link', { name: 'Ligar para (11) 98888-7777' });
    expect(phone.getAttribute('href')).toBe('tel:+5511988887777');
    expect(within(road).getByRole('button', { name: 'Entregar' })).toBeTruthy();
    expect(within(road).getByRole('button', { name: 'Cliente ausente' })).toBeTruthy();

    await userEvent.click(within(card('G7H-8J9')).getByRole('button', { name: 'Retirar pedido' }));
    const confirm = await screen.findByRole('dialog', { name: 'Retirar pedido' });
    expect(confirm.textContent).toContain('Confirma a retirada do pedido G7H-8J9 na loja?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Retirar pedido' }));
    expect(await screen.findByText('Pedido alterado com sucesso.')).toBeTruthy();
    expect(calls.find((c) => c.url === '/api/workflow/order/withdraw')?.body).toEqual({
      orderId: 3,
      expectedStatus: 3,
      expectedUpdatedAt: '2026-11-20T13:05:00.000Z',
    });
  });

  it('reports nobody home with an optional note', async () => {
    signInAs(['bo:manage:orders'], 'Diego Motoboy');
    const calls = mockApi({
      'GET /api/orders/tasks': { body: list('delivery', ['delivery'], [ON_THE_ROAD]) },
      'PATCH /api/workflow/order/absent': { body: summary(ON_THE_ROAD, 6) },
    });
    renderPage(<TasksPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Cliente ausente' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cliente ausente: pedido K1L-2M3' });
    await userEvent.type(within(dialog).getByLabelText('Observação (opcional)'), 'Ninguém atendeu o interfone');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar ausência' }));
    expect(await screen.findByText('Pedido alterado com sucesso.')).toBeTruthy();
    expect(calls.find((c) => c.url === '/api/workflow/order/absent')?.body).toEqual({
      orderId: 4,
      comment: 'Ninguém atendeu o interfone',
      expectedStatus: 4,
      expectedUpdatedAt: '2026-11-20T13:05:00.000Z',
    });
  });

  it('shows the server’s refusal (another courier took it) and reads the list again', async () => {
    signInAs(['bo:manage:orders'], 'Diego Motoboy');
    const calls = mockApi({
      'GET /api/orders/tasks': { body: list('delivery', ['delivery'], [PACKED]) },
      'PATCH /api/workflow/order/withdraw': {
        status: 403,
        body: { errors: [ORDER_TEXTS.notYourDelivery], code: 'ORDER_NOT_YOURS' },
      },
    });
    renderPage(<TasksPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Retirar pedido' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Retirar pedido' }));
    expect(await screen.findByText('Este pedido está com outro motoboy.')).toBeTruthy();
    await waitFor(() => expect(tasksCalls(calls).length).toBeGreaterThanOrEqual(2));
  });

  it('pages through more than 20 orders', async () => {
    signInAs(['bo:manage:orders'], 'Diego Motoboy');
    const calls = mockApi({
      'GET /api/orders/tasks': (call) =>
        call.url.includes('page=1')
          ? { body: { ...list('delivery', ['delivery'], [PACKED]), total: 21 } }
          : { body: { ...list('delivery', ['delivery'], [ON_THE_ROAD]), total: 21 } },
    });
    renderPage(<TasksPage />);
    expect(await screen.findByRole('article', { name: 'K1L-2M3' })).toBeTruthy();
    expect(screen.getByText('21 pedidos')).toBeTruthy();
    const pages = screen.getByRole('navigation', { name: FIELD_TEXTS.pagination });
    await userEvent.click(within(pages).getByRole('button', { name: /2$/ }));
    expect(await screen.findByRole('article', { name: 'G7H-8J9' })).toBeTruthy();
    expect(tasksCalls(calls).at(-1)?.url).toBe('/api/orders/tasks?page=1');
  });
});

/** A phone that can keep moves (IndexedDB): without it, as in the other tests, a move needs the connection. */
function withPhoneStorage() {
  const { default: _factory, forceCloseDatabase: _close, ...globals } = phoneStorage;
  for (const [name, value] of Object.entries(globals)) vi.stubGlobal(name, value);
}

describe("Minhas tarefas: the phone's outbox (decision 0009)", () => {
  afterEach(() => vi.useRealTimers());

  it('a 503 (the database failing over) keeps the move pending and sends it by itself once the server answers', async () => {
    withPhoneStorage();
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    signInAs(['bo:manage:orders'], 'Diego Motoboy');
    let attempts = 0;
    const calls = mockApi({
      'GET /api/orders/tasks': { body: list('delivery', ['delivery'], [ON_THE_ROAD]) },
      'PATCH /api/workflow/order/absent': () =>
        ++attempts <= 2
          ? { status: 503, body: { errors: [DATABASE_UNAVAILABLE_TEXT], code: 'DATABASE_UNAVAILABLE' } }
          : { body: summary(ON_THE_ROAD, 6) },
    });
    renderPage(<TasksPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Cliente ausente' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cliente ausente: pedido K1L-2M3' });
    await userEvent.type(within(dialog).getByLabelText('Observação (opcional)'), 'Portão fechado');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar ausência' }));

    // Not refused: kept on the phone, waiting; the courier can go on.
    const waiting = await screen.findByText('Servidor indisponível — 1 tarefa aguardando envio');
    expect(await screen.findByText(FIELD_TEXTS.offline.queuedServerError)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(card('K1L-2M3')).getByText('Aguardando envio')).toBeTruthy();
    const absent = () => calls.filter((c) => c.url === '/api/workflow/order/absent');
    expect(absent()).toHaveLength(1);
    expect(waiting.parentElement?.textContent).toContain('Nova tentativa automática às');

    // 2 s later it is tried again (still 503: kept), then 4 s after that it goes through.
    await vi.advanceTimersByTimeAsync(2_000);
    await waitFor(() => expect(absent()).toHaveLength(2));
    await vi.advanceTimersByTimeAsync(3_900);
    expect(absent()).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(100);
    await waitFor(() => expect(absent()).toHaveLength(3));
    expect(await screen.findByText('1 tarefa enviada.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(/aguardando envio/)).toBeNull());
    // The same move each time, with its note and its key: it happens once.
    const [first, , last] = absent();
    expect(last?.body).toEqual(first?.body);
    expect(last?.body).toMatchObject({ orderId: 4, comment: 'Portão fechado' });
    expect(last?.headers['Idempotency-Key']).toBe(first?.headers['Idempotency-Key']);
    expect(screen.queryByText(FIELD_TEXTS.offline.refused(1))).toBeNull();
  });

  it('a move refused when sent again keeps its note until the courier tries it again or discards it', async () => {
    withPhoneStorage();
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    signInAs(['bo:manage:orders'], 'Diego Motoboy');
    const answers = [
      { status: 503, body: { errors: [DATABASE_UNAVAILABLE_TEXT], code: 'DATABASE_UNAVAILABLE' } },
      { status: 409, body: { errors: ['O pedido foi alterado por outra pessoa.'], code: 'CONFLICT' } },
      { body: summary(ON_THE_ROAD, 6) },
    ];
    const calls = mockApi({
      'GET /api/orders/tasks': { body: list('delivery', ['delivery'], [ON_THE_ROAD]) },
      'PATCH /api/workflow/order/absent': () => answers.shift() ?? { status: 500, body: { errors: ['x'] } },
    });
    renderPage(<TasksPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Cliente ausente' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cliente ausente: pedido K1L-2M3' });
    await userEvent.type(within(dialog).getByLabelText('Observação (opcional)'), 'Portão fechado');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar ausência' }));
    await screen.findByText('Servidor indisponível — 1 tarefa aguardando envio');
    await vi.advanceTimersByTimeAsync(2_000);

    const refused = await screen.findByText('K1L-2M3: O pedido foi alterado por outra pessoa.');
    const alert = refused.closest('[role="alert"]') as HTMLElement;
    expect(alert.textContent).toContain(FIELD_TEXTS.offline.refusedKept);
    // Discarding asks first; 'Cancelar' keeps it.
    await userEvent.click(within(alert).getByRole('button', { name: 'Descartar' }));
    const question = await screen.findByRole('dialog', { name: 'Descartar' });
    expect(question.textContent).toContain(FIELD_TEXTS.offline.discardConfirm('K1L-2M3'));
    await userEvent.click(within(question).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('K1L-2M3: O pedido foi alterado por outra pessoa.')).toBeTruthy();

    // 'Tentar de novo': the same note and key, sent on the order as the list shows it.
    await userEvent.click(within(alert).getByRole('button', { name: 'Tentar de novo' }));
    expect(await screen.findByText('1 tarefa enviada.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(/O pedido foi alterado/)).toBeNull());
    const absent = calls.filter((c) => c.url === '/api/workflow/order/absent');
    expect(absent).toHaveLength(3);
    expect(absent[2]?.body).toEqual(absent[0]?.body);
    expect(absent[2]?.headers['Idempotency-Key']).toBe(absent[0]?.headers['Idempotency-Key']);
  });
});

describe('Minhas tarefas: an attendant', () => {
  it('gets a tab per kind and lists the deliveries when asked', async () => {
    signInAs(['bo:manage:orders', 'bo:manage:customers'], 'Beatriz Atendente');
    const calls = mockApi({
      'GET /api/orders/tasks': (call) =>
        call.url.includes('kind=delivery')
          ? { body: list('delivery', ['packing', 'delivery'], [ON_THE_ROAD]) }
          : { body: list('packing', ['packing', 'delivery'], [WAITING]) },
    });
    renderPage(<TasksPage />);
    expect(await screen.findByRole('article', { name: 'A1B-2C3' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Separação' }).getAttribute('aria-selected')).toBe('true');
    await userEvent.click(screen.getByRole('tab', { name: 'Entregas' }));
    expect(await screen.findByRole('article', { name: 'K1L-2M3' })).toBeTruthy();
    expect(tasksCalls(calls).at(-1)?.url).toBe('/api/orders/tasks?kind=delivery&page=0');
  });
});
