import type { Customer } from '@backoffice/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/contract';
import { renderPage, signInAs } from '../../test/render';
import { RegisterCustomerDialog } from './register-customer-dialog';

/** The company 'Cadastrar cliente' registers below (CNPJ 11.222.333/0001-81: its check digits in the API's tests). */
const REGISTERED: Customer = {
  id: 41,
  name: 'Loja Carioca Ltda',
  email: 'compras@lojacarioca.com.br',
  phone: '21987654321',
  document: '11222333000181',
  stateRegistration: '86123456',
  level: 0,
  levelName: '',
  status: 'Approved',
  approved: true,
  isBlocked: false,
  statusNote: null,
  deliverer: null,
  delivererAssociated: null,
  warrantyPercentage: 0,
  shippingCost: 12.5,
  fastDeliveryTax: 0,
  notes: null,
  totalPurchase: 0,
  address: {
    street: 'Rua Uruguaiana',
    number: '50',
    complement: null,
    neighborhood: 'Centro',
    zipCode: '20050091',
    state: 'RJ',
    city: 'Rio de Janeiro',
    shippingCost: 12.5,
  },
  createdAt: '2026-04-01T12:00:00.000Z',
};

function open() {
  signInAs(['bo:manage:customers'], 'Ana Atendente');
  const calls = mockApi({
    'GET /api/employees/deliverers': { body: { deliverers: [] } },
    'POST /api/customers': { status: 201, body: { data: REGISTERED } },
  });
  const onRegistered = vi.fn();
  const user = userEvent.setup();
  renderPage(
    <RegisterCustomerDialog
      onClose={() => {}}
      onRegistered={onRegistered}
      existingAction={{ label: 'Abrir cadastro existente', onClick: () => {} }}
    />,
  );
  const dialog = screen.getByRole('dialog', { name: 'Cadastrar cliente' });
  const type = async (label: string, text: string) =>
    user.type(within(dialog).getByLabelText(new RegExp(`^${label}`)), text);
  const fill = async (stateRegistration: string) => {
    await type('Nome', 'Loja Carioca Ltda');
    await type('CPF ou CNPJ', '11.222.333/0001-81');
    if (stateRegistration) await type('Inscrição estadual', stateRegistration);
    await type('Telefone com DDD', '(21) 98765-4321');
    await type('E-mail', 'compras@lojacarioca.com.br');
    await type('CEP', '20050-091');
    await type('Rua', 'Rua Uruguaiana');
    await type('Número', '50');
    await type('Bairro', 'Centro');
    await type('Cidade', 'Rio de Janeiro');
    await type('UF', 'RJ');
    await type('Frete', '12,50');
  };
  const posted = () => calls.filter((call) => call.method === 'POST').map((call) => call.body);
  return { user, dialog, fill, posted, onRegistered };
}

describe("'Cadastrar cliente': the optional 'Inscrição estadual' (issue 41)", () => {
  it('sends the exact body: the IE typed with punctuation goes as its digits', async () => {
    const { user, dialog, fill, posted, onRegistered } = open();
    expect(
      within(dialog).getByText(
        'Só números, ou ISENTO. A nota fiscal de um cliente ISENTO sai como não contribuinte (sem IE).',
      ),
    ).toBeTruthy();
    await fill('86.123.456');
    await user.click(within(dialog).getByRole('button', { name: 'Cadastrar' }));
    await waitFor(() => expect(onRegistered).toHaveBeenCalledWith(REGISTERED));
    expect(posted()).toEqual([
      {
        name: 'Loja Carioca Ltda',
        document: '11222333000181',
        stateRegistration: '86123456',
        phone: '21987654321',
        email: 'compras@lojacarioca.com.br',
        zipCode: '20050091',
        street: 'Rua Uruguaiana',
        number: '50',
        complement: null,
        neighborhood: 'Centro',
        city: 'Rio de Janeiro',
        state: 'RJ',
        level: 0,
        shippingCost: 12.5,
        warrantyPercentage: 0,
        fastDeliveryTax: 0,
        delivererId: null,
      },
    ]);
  });

  it("sends 'isento' as ISENTO", async () => {
    const exempt = open();
    await exempt.fill('isento');
    await exempt.user.click(within(exempt.dialog).getByRole('button', { name: 'Cadastrar' }));
    await waitFor(() => expect(exempt.posted()).toHaveLength(1));
    expect(exempt.posted()[0]).toMatchObject({ stateRegistration: 'ISENTO' });
  });

  it('sends null when the IE is left empty', async () => {
    const { user, dialog, fill, posted } = open();
    await fill('');
    await user.click(within(dialog).getByRole('button', { name: 'Cadastrar' }));
    await waitFor(() => expect(posted()).toHaveLength(1));
    expect(posted()[0]).toMatchObject({ stateRegistration: null });
  });

  it('refuses an IE that is neither digits nor ISENTO under the field, sending nothing', async () => {
    const { user, dialog, fill, posted } = open();
    await fill('86-ABC');
    await user.click(within(dialog).getByRole('button', { name: 'Cadastrar' }));
    expect(
      await within(dialog).findByText('Inscrição estadual inválida: informe só os números (2 a 14) ou ISENTO.'),
    ).toBeTruthy();
    expect(posted()).toEqual([]);
  });
});

describe("'Cadastrar cliente': a counter customer (issue 54, decision 0073)", () => {
  it('marks name, CPF/CNPJ and phone required; e-mail, address and freight optional', () => {
    const { dialog } = open();
    for (const label of ['Nome', 'CPF ou CNPJ', 'Telefone com DDD'])
      expect((within(dialog).getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement).required, label).toBe(true);
    for (const label of ['E-mail', 'CEP', 'Rua', 'Número', 'Bairro', 'Cidade', 'UF', 'Frete'])
      expect((within(dialog).getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement).required, label).toBe(false);
    expect(
      within(dialog).getByText('Opcional: preencha o endereço completo só para entregas por motoboy.'),
    ).toBeTruthy();
  });

  it('registers with name, CPF and phone only: no e-mail, address nor freight sent', async () => {
    const { user, dialog, posted } = open();
    const type = async (label: string, text: string) =>
      user.type(within(dialog).getByLabelText(new RegExp(`^${label}`)), text);
    await type('Nome', 'Marta Balcão');
    await type('CPF ou CNPJ', '111.444.777-35');
    await type('Telefone com DDD', '(21) 98765-4321');
    await user.click(within(dialog).getByRole('button', { name: 'Cadastrar' }));
    await waitFor(() => expect(posted()).toHaveLength(1));
    expect(posted()[0]).toMatchObject({
      name: 'Marta Balcão',
      document: '11144477735',
      phone: '21987654321',
      email: null,
      zipCode: null,
      street: null,
      city: null,
      state: null,
      shippingCost: 0,
    });
  });

  it('asks for the rest of an address begun', async () => {
    const { user, dialog, posted } = open();
    const type = async (label: string, text: string) =>
      user.type(within(dialog).getByLabelText(new RegExp(`^${label}`)), text);
    await type('Nome', 'Marta Balcão');
    await type('CPF ou CNPJ', '111.444.777-35');
    await type('Telefone com DDD', '(21) 98765-4321');
    await type('Rua', 'Rua do Ouvidor');
    await user.click(within(dialog).getByRole('button', { name: 'Cadastrar' }));
    expect(await within(dialog).findByText('Informe o número do endereço')).toBeTruthy();
    expect(posted()).toEqual([]);
  });
});
