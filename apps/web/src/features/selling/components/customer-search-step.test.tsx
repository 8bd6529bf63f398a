import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/contract';
import { renderPage, signInAs } from '../../../test/render';
import { JOANA, JOAO, JULIA } from '../test-data';
import { CustomerSearchStep } from './customer-search-step';

const LABEL = 'Pesquisar cliente por nome ou email';

function open(routes: Parameters<typeof mockApi>[0], permissions = ['bo:manage:internal_sales']) {
  signInAs(permissions, 'Ana Atendente');
  const calls = mockApi(routes);
  const onSelect = vi.fn();
  const user = userEvent.setup();
  renderPage(<CustomerSearchStep onSelect={onSelect} />, { path: '/admin/selling' });
  return { calls, onSelect, user };
}

describe('Selling step 1: customer search', () => {
  it('starts with the focus in the search; Enter searches approved customers and lists Nome and Email', async () => {
    const { calls, onSelect, user } = open({
      'GET /api/customers': { body: { customers: [JOANA, JOAO], total: 2 } },
    });
    const field = screen.getByLabelText(LABEL);
    expect(document.activeElement).toBe(field);
    expect(calls).toHaveLength(0);

    await user.type(field, 'jo{Enter}');
    const table = await screen.findByRole('table', { name: 'Clientes encontrados' });
    expect(within(table).getByRole('columnheader', { name: 'Nome' })).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: 'Email' })).toBeTruthy();
    expect(within(table).getByText('joao@cliente.com.br')).toBeTruthy();
    const query = new URL(calls[0]?.url ?? '', 'http://x').searchParams;
    expect(calls[0]?.url.split('?')[0]).toBe('/api/customers');
    expect(query.get('search')).toBe('jo');
    expect(query.get('page')).toBe('0');

    await user.click(within(table).getByText('João Prata'));
    expect(onSelect).toHaveBeenCalledWith({
      id: 8,
      name: 'João Prata',
      email: 'joao@cliente.com.br',
      levelName: 'Prata',
    });
  });

  it('picks from the keyboard: ArrowDown into the rows, arrows move, Enter selects', async () => {
    const { onSelect, user } = open({
      'GET /api/customers': { body: { customers: [JOANA, JOAO, JULIA], total: 3 } },
    });
    await user.type(screen.getByLabelText(LABEL), 'j{Enter}');
    await screen.findByText('Júlia Bronze');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toContain('Joana Ouro');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowUp}');
    expect(document.activeElement?.textContent).toContain('João Prata');
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(onSelect).toHaveBeenCalledWith({
      id: 8,
      name: 'João Prata',
      email: 'joao@cliente.com.br',
      levelName: 'Prata',
    });
    // ArrowUp from the first row goes back to the search.
    await user.keyboard('{Home}{ArrowUp}');
    expect(document.activeElement).toBe(screen.getByLabelText(LABEL));
  });

  it('shows a spinner while loading, then "Nenhum resultado encontrado" for no match', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    signInAs(['bo:manage:internal_sales']);
    const fetchMock = vi.fn(async () => {
      await gate;
      return new Response(JSON.stringify({ customers: [], total: 0 }), { status: 200 });
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderPage(<CustomerSearchStep onSelect={vi.fn()} />, { path: '/admin/selling' });
    await user.type(screen.getByLabelText(LABEL), 'zzz{Enter}');
    expect(await screen.findByRole('progressbar', { name: 'Carregando' })).toBeTruthy();
    expect(screen.queryByText('Nenhum resultado encontrado')).toBeNull();
    release();
    expect(await screen.findByText('Nenhum resultado encontrado')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('a failed search lists nobody and says "Nenhum resultado encontrado" (section 4: notFound)', async () => {
    const { user } = open({
      'GET /api/customers': { status: 500, body: { errors: ['Falha'], code: 'INTERNAL' } },
    });
    await user.type(screen.getByLabelText(LABEL), 'ana{Enter}');
    expect(await screen.findByText('Nenhum resultado encontrado')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says how many more match when the page is full', async () => {
    const { user } = open({
      'GET /api/customers': { body: { customers: [JOANA, JOAO], total: 45 } },
    });
    await user.type(screen.getByLabelText(LABEL), 'a{Enter}');
    await waitFor(() =>
      expect(screen.getByText('Mostrando 2 de 45 clientes: refine a pesquisa para encontrar os demais.')).toBeTruthy(),
    );
  });

  it("'Consumidor final' sells at the counter without registering anyone: the seller's walk-in is selected", async () => {
    const { calls, onSelect, user } = open({
      'POST /api/customers/walk-in': {
        body: { data: { id: 41, name: 'Consumidor final', email: 'consumidor-final-2@balcao.invalid' } },
      },
    });
    // Without the customers permission there is no registration here.
    expect(screen.queryByRole('button', { name: 'Cadastrar cliente' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Consumidor final' }));
    await waitFor(() =>
      expect(onSelect).toHaveBeenCalledWith({
        id: 41,
        name: 'Consumidor final',
        email: 'consumidor-final-2@balcao.invalid',
        walkIn: true,
      }),
    );
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/customers/walk-in']);
  });

  it("'Cadastrar cliente' with a document already registered offers that customer, and sells to him", async () => {
    const { calls, onSelect, user } = open(
      {
        'GET /api/employees/deliverers': { body: { deliverers: [] } },
        'POST /api/customers': {
          status: 409,
          body: {
            errors: ['Já existe um cliente com este CPF/CNPJ: João Prata.'],
            code: 'DUPLICATE',
            details: { customer: { id: 8, name: 'João Prata', email: 'joao@cliente.com.br' } },
          },
        },
      },
      ['bo:manage:internal_sales', 'bo:manage:customers'],
    );
    await user.click(screen.getByRole('button', { name: 'Cadastrar cliente' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cadastrar cliente' });
    const type = async (label: string, text: string) =>
      user.type(within(dialog).getByLabelText(new RegExp(`^${label}`)), text);
    await type('Nome', 'João P.');
    await type('CPF ou CNPJ', '111.444.777-35');
    await type('Telefone com DDD', '11987654321');
    await type('E-mail', 'joao.p@cliente.com.br');
    await type('CEP', '01001000');
    await type('Rua', 'Praça da Sé');
    await type('Número', '100');
    await type('Bairro', 'Sé');
    await type('Cidade', 'São Paulo');
    await type('UF', 'SP');
    await type('Frete', '12,50');
    await user.click(within(dialog).getByRole('button', { name: 'Cadastrar' }));
    const alert = await within(dialog).findByText('Já existe um cliente com este CPF/CNPJ: João Prata.');
    const sent = calls.find((c) => c.method === 'POST');
    expect(sent?.body).toMatchObject({ document: '11144477735', shippingCost: 12.5, level: 0, delivererId: null });
    expect(alert).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Vender para este cliente' }));
    expect(onSelect).toHaveBeenCalledWith({ id: 8, name: 'João Prata', email: 'joao@cliente.com.br' });
  });
});
