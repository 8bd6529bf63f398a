import { REPAIR_TEXTS, repairPartOptionSchema, repairSchema } from '@backoffice/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type MockCall, mockFetch, renderPage, signInAs } from '../../../test/render';
import { AWAITING_APPROVAL, IN_DIAGNOSIS, SCREEN_PART } from '../test-data';
import { EditRepairDialog } from './edit-repair-dialog';
import { EstimateDialog } from './estimate-dialog';
import { MoveDialog, moveBodyOf } from './move-dialog';
import { NewRepairDialog } from './new-repair-dialog';

const posts = (calls: MockCall[]) => calls.filter((call) => call.method === 'POST');
/** R$ 470,00 with the plain space the screen may draw as a non-breaking one. */
const text = (element: HTMLElement) => (element.textContent ?? '').replace(/\s/g, ' ');
/** The totals' cells read one after another, without the spaces. */
const compact = (element: HTMLElement) => (element.textContent ?? '').replace(/\s/g, '');

describe("the estimate's editor", () => {
  it('a screen found in stock at R$ 350,00 and R$ 120,00 of labour: R$ 470,00, sent with the status seen', async () => {
    signInAs([], 'Gustavo Técnico', 4);
    const part = repairPartOptionSchema.parse(SCREEN_PART);
    const calls = mockFetch({
      'GET /api/repairs/parts': { body: { data: [part] } },
      'POST /api/repairs/12/send-estimate': { body: { data: AWAITING_APPROVAL } },
    });
    renderPage(<EstimateDialog repair={IN_DIAGNOSIS} onClose={() => undefined} />);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Orçamento da OS 12' });
    await user.type(within(dialog).getByLabelText('Diagnóstico (o que o técnico encontrou)'), 'Display trincado');
    await user.type(within(dialog).getByRole('combobox', { name: 'Buscar peça no estoque' }), 'TEL');
    await user.click(await screen.findByRole('option', { name: /Tela iPhone 12/ }));
    expect((within(dialog).getByLabelText('Preço de Tela iPhone 12') as HTMLInputElement).value).toBe('350,00');
    await user.type(within(dialog).getByLabelText('Mão de obra'), '120,00');
    const totals = within(dialog).getByTestId('estimate-totals');
    await waitFor(() => expect(compact(totals)).toContain('TotalR$470,00'));
    expect(compact(totals)).toContain('PeçasR$350,00');
    expect(compact(totals)).toContain('MãodeobraR$120,00');
    // Two screens: 2 × R$ 350,00 + R$ 120,00 = R$ 820,00.
    await user.clear(within(dialog).getByLabelText('Quantidade de Tela iPhone 12'));
    await user.type(within(dialog).getByLabelText('Quantidade de Tela iPhone 12'), '2');
    await waitFor(() => expect(compact(totals)).toContain('TotalR$820,00'));
    await user.clear(within(dialog).getByLabelText('Quantidade de Tela iPhone 12'));
    await user.type(within(dialog).getByLabelText('Quantidade de Tela iPhone 12'), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar orçamento' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]?.body).toEqual({
      diagnosis: 'Display trincado',
      parts: [{ productId: 31, quantity: 1, unitPrice: 350 }],
      labour: 120,
      expectedStatus: 'DIAGNOSIS',
    });
  });

  it('sends nothing while the estimate is empty, and says why with the server words', async () => {
    signInAs();
    const calls = mockFetch({});
    renderPage(<EstimateDialog repair={IN_DIAGNOSIS} onClose={() => undefined} />);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Orçamento da OS 12' });
    await user.click(within(dialog).getByRole('button', { name: 'Enviar orçamento' }));
    expect(await within(dialog).findByText(REPAIR_TEXTS.estimateEmpty)).toBeTruthy();
    expect(posts(calls)).toHaveLength(0);
  });
});

describe("the counter's moves", () => {
  it('approving R$ 470,00 asks how it is paid, then sends it', async () => {
    signInAs();
    const approved = repairSchema.parse({ ...AWAITING_APPROVAL, status: 'APPROVED', statusLabel: 'Aprovado' });
    const calls = mockFetch({ 'POST /api/repairs/12/approve': { body: { data: approved } } });
    renderPage(<MoveDialog repair={AWAITING_APPROVAL} action="approve" onClose={() => undefined} />);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Aprovar o orçamento da OS 12' });
    expect(text(dialog)).toContain('O cliente aprovou R$ 470,00.');
    await user.click(within(dialog).getByRole('button', { name: 'Aprovar orçamento' }));
    expect(await within(dialog).findAllByText(REPAIR_TEXTS.paymentRequired)).not.toHaveLength(0);
    expect(posts(calls)).toHaveLength(0);
    await user.click(within(dialog).getByRole('radio', { name: 'Pix' }));
    await user.click(within(dialog).getByRole('button', { name: 'Aprovar orçamento' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]?.body).toEqual({ payment: 'PIX', expectedStatus: 'AWAITING_APPROVAL' });
  });

  it("each move's form as the table asks it: no payment under warranty, a reason to return, the signature to deliver", () => {
    const free = { ...AWAITING_APPROVAL, underWarranty: true, total: 0 };
    expect(moveBodyOf(free, 'approve', { payment: '', note: '', signature: null })).toEqual({ body: {} });
    expect(moveBodyOf(AWAITING_APPROVAL, 'approve', { payment: 'CASH', note: '', signature: null })).toEqual({
      body: { payment: 'CASH' },
    });
    // From diagnosis the return needs a reason; after a refusal it does not.
    expect(moveBodyOf(IN_DIAGNOSIS, 'returnDevice', { payment: '', note: ' ', signature: null })).toEqual({
      problem: REPAIR_TEXTS.reasonRequired,
    });
    const refused = { ...AWAITING_APPROVAL, status: 'REFUSED' as const };
    expect(moveBodyOf(refused, 'returnDevice', { payment: '', note: '', signature: null })).toEqual({ body: {} });
    const ready = { ...AWAITING_APPROVAL, status: 'READY' as const };
    expect(moveBodyOf(ready, 'deliver', { payment: '', note: '', signature: null })).toEqual({
      problem: REPAIR_TEXTS.signatureRequired,
    });
    expect(moveBodyOf(ready, 'deliver', { payment: '', note: '', signature: 'data:image/png;base64,AAA' })).toEqual({
      body: { signature: 'data:image/png;base64,AAA' },
    });
  });
});

describe('the new service order', () => {
  it('checks the IMEI as typed and sends the order with its hidden password', async () => {
    signInAs();
    const created = repairSchema.parse({ ...IN_DIAGNOSIS, status: 'RECEIVED', statusLabel: 'Recebido' });
    const calls = mockFetch({
      'GET /api/repairs/customers': {
        body: { data: [{ id: 7, name: 'Rita Reparo', email: 'rita@example.com', document: '52998224725' }] },
      },
      'POST /api/repairs': { status: 201, body: { data: created } },
    });
    let opened: number | null = null;
    renderPage(<NewRepairDialog onClose={() => undefined} onCreated={(repair) => (opened = repair.id)} />);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Nova ordem de serviço' });
    await user.type(within(dialog).getByRole('combobox', { name: 'Cliente' }), 'Rita');
    await user.click(await screen.findByRole('option', { name: /Rita Reparo/ }));
    const imei = within(dialog).getByRole('textbox', { name: /IMEI/ });
    await user.type(imei, '49015420323751');
    expect(within(dialog).getByText('Faltam 1 dígito.')).toBeTruthy();
    await user.type(imei, '9');
    expect(within(dialog).getByText(REPAIR_TEXTS.imeiInvalid)).toBeTruthy();
    await user.clear(imei);
    await user.type(imei, '49 0154 2032 3751 8');
    expect((imei as HTMLInputElement).value).toBe('490154203237518');
    expect(within(dialog).getByText('IMEI válido.')).toBeTruthy();
    const password = within(dialog).getByLabelText('Senha ou padrão de desbloqueio') as HTMLInputElement;
    expect(password.type).toBe('password');
    await user.type(password, '1234');
    await user.type(within(dialog).getByRole('textbox', { name: /Modelo do aparelho/ }), 'iPhone 12 64 GB');
    await user.type(within(dialog).getByRole('textbox', { name: /Problema relatado/ }), 'Tela quebrada');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Câmera' }));
    await user.click(within(dialog).getByRole('button', { name: 'Abrir ordem de serviço' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    const body = posts(calls)[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      customerId: 7,
      imei: '490154203237518',
      model: 'iPhone 12 64 GB',
      devicePassword: '1234',
      problem: 'Tela quebrada',
      photos: [],
    });
    expect(body.checklist).toContainEqual({ item: 'Câmera', ok: true });
    expect(body.checklist).toContainEqual({ item: 'Tela', ok: false });
    expect(body.estimatedDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await waitFor(() => expect(opened).toBe(12));
  });
});

describe("'Corrigir dados' (PATCH /repairs/{id})", () => {
  it('sends only what changed, with the version seen; an emptied note is sent empty; nothing changed, nothing sent', async () => {
    signInAs(['bo:manage:repairs'], 'Atendente', 2);
    const corrected = repairSchema.parse({
      ...IN_DIAGNOSIS,
      problem: 'Tela quebrada e bateria estufada',
      accessories: null,
    });
    const calls = mockFetch({ 'PATCH /api/repairs/12': { body: { data: corrected } } });
    let closed = false;
    renderPage(<EditRepairDialog repair={IN_DIAGNOSIS} onClose={() => (closed = true)} />);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Corrigir dados da OS 12' });
    expect((within(dialog).getByLabelText('Modelo do aparelho *') as HTMLInputElement).value).toBe('iPhone 12 64 GB');

    await user.click(within(dialog).getByRole('button', { name: 'Salvar correção' }));
    expect(await within(dialog).findByText('Nada foi alterado.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/^Problema relatado pelo cliente/), ' e bateria estufada');
    await user.clear(within(dialog).getByLabelText('Acessórios deixados'));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar correção' }));
    await waitFor(() => expect(closed).toBe(true));
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
      {
        problem: 'Tela quebrada e bateria estufada',
        accessories: '',
        expectedUpdatedAt: '2027-03-10T15:10:00.000Z',
      },
    ]);
  });
});
