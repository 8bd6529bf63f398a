import { REPAIR_TEXTS, repairPublicStatusSchema, repairSchema, repairSummarySchema } from '@backoffice/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderPage, signInAs } from '../../../test/render';
import { IN_DIAGNOSIS } from '../test-data';
import RepairStatusPage from './repair-status-page';
import RepairTasksPage from './repair-tasks-page';

const summary = (id: number, status: 'RECEIVED' | 'APPROVED', late = false) =>
  repairSummarySchema.parse({
    id,
    number: id,
    status,
    statusLabel: status === 'RECEIVED' ? 'Recebido' : 'Aprovado',
    customer: { id: 7, name: 'Rita Reparo' },
    imei: '490154203237518',
    model: id === 21 ? 'Galaxy S21' : 'iPhone 12 64 GB',
    problem: 'Tela quebrada',
    technician: null,
    estimatedDate: '2027-03-13',
    late,
    total: 0,
    underWarranty: false,
    createdAt: '2027-03-10T15:00:00.000Z',
    updatedAt: '2027-03-10T15:00:00.000Z',
  });

describe("the technician's bench ('Minhas tarefas')", () => {
  it("offers each order the bench's moves his function makes (the contract's table), never the counter's", async () => {
    signInAs([], 'Gustavo Técnico', 4);
    const started = repairSchema.parse({ ...IN_DIAGNOSIS, id: 21, number: 21 });
    const calls = mockFetch({
      'GET /api/repairs/tasks': { body: { data: [summary(21, 'RECEIVED', true), summary(22, 'APPROVED')], total: 2 } },
      'POST /api/repairs/21/start-diagnosis': { body: { data: started } },
    });
    renderPage(<RepairTasksPage />);
    const user = userEvent.setup();
    const first = (await screen.findByText('OS 21')).closest('li') as HTMLElement;
    const second = (await screen.findByText('OS 22')).closest('li') as HTMLElement;
    expect(within(first).getByText('Atrasada')).toBeTruthy();
    expect(within(first).getByText('Atrasada: prevista para 13/03/2027')).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Iniciar diagnóstico' })).toBeTruthy();
    // Returning without repair is the counter's ('Assistência técnica'): not on his card.
    expect(within(first).queryByRole('button', { name: 'Devolver sem reparo' })).toBeNull();
    expect(within(second).getByRole('button', { name: 'Iniciar reparo' })).toBeTruthy();
    await user.click(within(first).getByRole('button', { name: 'Iniciar diagnóstico' }));
    const confirm = await screen.findByRole('dialog', { name: 'Iniciar diagnóstico' });
    await user.click(within(confirm).getByRole('button', { name: 'Iniciar diagnóstico' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ expectedStatus: 'RECEIVED' });
  });
});

describe('the public status page', () => {
  it('shows the status, its sentence and dates, and nothing else of the order', async () => {
    const status = repairPublicStatusSchema.parse({
      number: 12,
      status: 'IN_REPAIR',
      statusLabel: 'Em reparo',
      message: 'O seu aparelho está em reparo.',
      receivedAt: '2027-03-10T15:00:00.000Z',
      estimatedDate: '2027-03-13',
      updatedAt: '2027-03-11T13:30:00.000Z',
      deliveredAt: null,
      warrantyEndsAt: null,
      history: [
        { status: 'RECEIVED', statusLabel: 'Recebido', at: '2027-03-10T15:00:00.000Z' },
        { status: 'IN_REPAIR', statusLabel: 'Em reparo', at: '2027-03-11T13:30:00.000Z' },
      ],
      shop: { name: null, phone: null, address: null },
    });
    const calls = mockFetch({ 'GET /api/repairs/status/abcdefghijklmnopqrstuvwxyz012345': { body: { data: status } } });
    renderPage(<RepairStatusPage />, { path: '/os/:token', url: '/os/abcdefghijklmnopqrstuvwxyz012345' });
    const main = await screen.findByRole('main');
    await within(main).findByText('O seu aparelho está em reparo.');
    const text = (main.textContent ?? '').replace(/\s/g, ' ');
    expect(text).toContain('Ordem de serviço OS 12');
    expect(text).toContain('Recebido em10/03/2027');
    expect(text).toContain('Previsão13/03/2027');
    expect(text).toContain('11/03/2027 10:30:00 · Em reparo');
    // Asked without a token: the page is the customer's.
    expect(calls[0]?.headers).not.toHaveProperty('Authorization');
  });

  it("shows the shop's name, phone with its WhatsApp link and address (issue 54)", async () => {
    const status = repairPublicStatusSchema.parse({
      number: 13,
      status: 'RECEIVED',
      statusLabel: 'Recebido',
      message: 'Recebemos o seu aparelho.',
      receivedAt: '2027-03-10T15:00:00.000Z',
      estimatedDate: '2027-03-13',
      updatedAt: '2027-03-10T15:00:00.000Z',
      deliveredAt: null,
      warrantyEndsAt: null,
      history: [{ status: 'RECEIVED', statusLabel: 'Recebido', at: '2027-03-10T15:00:00.000Z' }],
      shop: { name: 'Celular Center', phone: '11987654321', address: 'Rua das Flores, 10 - Centro\nSão Paulo - SP' },
    });
    mockFetch({ 'GET /api/repairs/status/abcdefghijklmnopqrstuvwxyz012345': { body: { data: status } } });
    renderPage(<RepairStatusPage />, { path: '/os/:token', url: '/os/abcdefghijklmnopqrstuvwxyz012345' });
    const shop = await screen.findByRole('region', { name: 'Celular Center' });
    expect(within(shop).getByRole('link', { name: '(11) 98765-4321' }).getAttribute('href')).toBe('tel:+5511987654321');
    expect(
      within(shop)
        .getByRole('link', { name: /WhatsApp/ })
        .getAttribute('href'),
    ).toBe('https://wa.me/5511987654321');
    expect(shop.textContent).toContain('Rua das Flores, 10 - Centro');
    expect(shop.textContent).toContain('São Paulo - SP');
  });

  it('says so for an unknown link', async () => {
    mockFetch({ 'GET /api/repairs/status/nao-existe': { status: 404, body: { errors: ['Não encontrado.'] } } });
    renderPage(<RepairStatusPage />, { path: '/os/:token', url: '/os/nao-existe' });
    expect(await screen.findByText(/Não encontramos esta ordem de serviço/)).toBeTruthy();
    expect(screen.queryByText(REPAIR_TEXTS.statusTokenInvalid)).toBeNull();
  });
});
