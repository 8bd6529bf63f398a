import type { Employee, Role } from '@backoffice/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { mockApi } from '../../../test/contract';
import { openAdminPage, openDialogOf } from '../../../test/open-page';
import { renderPage } from '../../../test/render';
import { EditEmployeeDialog } from '../components/employee-dialogs';
import { JOAO } from '../test-data';
import EmployeesPage from './employees-page';

const ROLES: Role[] = [
  { id: 1, name: 'Administrador', permissions: ['full:access'], maxDiscountPercentage: 0 },
  { id: 2, name: 'Atendimento', permissions: ['bo:manage:customers'], maxDiscountPercentage: 5 },
];

const BIA: Employee = {
  id: 2,
  name: 'Beatriz Atendente',
  email: 'atendente@demo.com.br',
  phone: '11976543210',
  document: '52998224725',
  func: 1,
  type: 'Atendente',
  roleId: null,
  role: null,
  roles: [],
  isBlocked: false,
  blocked: false,
};

type User = ReturnType<typeof userEvent.setup>;

async function choose(user: User, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: new RegExp(label) }));
  await user.click(await screen.findByRole('option', { name: option }));
}

function openPage(routes: Parameters<typeof mockApi>[0] = {}) {
  return openAdminPage(<EmployeesPage />, '/admin/employees', {
    'GET /api/employees': { body: { employees: [BIA] } },
    'GET /api/roles': { body: { data: ROLES } },
    ...routes,
  });
}

const openCreate = (user: User) => openDialogOf(user, 'Cadastrar Funcionário');

describe('Employees: create form', () => {
  it('shows every validation message and keeps Cadastrar disabled while invalid', async () => {
    const { user } = openPage();
    const dialog = await openCreate(user);
    const submit = within(dialog).getByRole('button', { name: 'Cadastrar' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);

    await user.click(within(dialog).getByLabelText(/^Nome/));
    await user.tab();
    expect(await within(dialog).findByText('Informe o nome do funcionário')).toBeTruthy();

    await user.click(within(dialog).getByLabelText(/^CPF/));
    await user.tab();
    expect(await within(dialog).findByText('Informe o número do cpf')).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/^CPF/), '123.456.789-00');
    expect(await within(dialog).findByText('Informe um cpf válido')).toBeTruthy();

    await user.click(within(dialog).getByLabelText(/^E-mail/));
    await user.tab();
    expect(await within(dialog).findByText('Informe o endereço de e-mail')).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/^E-mail/), 'joao@');
    expect(await within(dialog).findByText('Informe um e-mail válido')).toBeTruthy();

    await user.type(within(dialog).getByLabelText(/^Telefone/), '1234');
    await user.tab();
    expect(await within(dialog).findByText('Informe um telefone válido')).toBeTruthy();

    expect(submit.disabled).toBe(true);
  });

  it('says the function is required', async () => {
    const { user } = openPage();
    const dialog = await openCreate(user);
    await user.click(within(dialog).getByRole('combobox', { name: /Função/ }));
    await user.keyboard('{Escape}');
    await user.tab();
    expect(await within(dialog).findByText('Informe a função do funcionário')).toBeTruthy();
  });

  it('creates a deliverer through its path, role optional, and says so', async () => {
    const { user, calls } = openPage({
      'POST /api/accounts/employee/deliverer/signup': { status: 201, body: { data: JOAO } },
    });
    const dialog = await openCreate(user);
    await user.type(within(dialog).getByLabelText(/^Nome/), 'João Entregador');
    await choose(user, 'Função', 'Motoboy');
    await user.type(within(dialog).getByLabelText(/^CPF/), '529.982.247-25');
    await user.type(within(dialog).getByLabelText(/^E-mail/), 'Joao@Demo.com.br');
    await user.type(within(dialog).getByLabelText(/^Telefone/), '(11) 91234-5678');
    const submit = within(dialog).getByRole('button', { name: 'Cadastrar' }) as HTMLButtonElement;
    await waitFor(() => expect(submit.disabled).toBe(false));
    await user.click(submit);
    expect(await screen.findByText('Funcionário(a) criado com sucesso.')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe('/api/accounts/employee/deliverer/signup');
    expect(post?.body).toEqual({
      name: 'João Entregador',
      func: 2,
      document: '52998224725',
      email: 'joao@demo.com.br',
      phone: '11912345678',
      roleId: null,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the first server error and keeps the form open', async () => {
    const { user } = openPage({
      'POST /api/accounts/employee/attendant/signup': {
        status: 409,
        body: { errors: ['Já existe um funcionário com este e-mail.'], code: 'DUPLICATE' },
      },
    });
    const dialog = await openCreate(user);
    await user.type(within(dialog).getByLabelText(/^Nome/), 'Bia');
    await choose(user, 'Função', 'Atendente');
    await user.type(within(dialog).getByLabelText(/^CPF/), '52998224725');
    await user.type(within(dialog).getByLabelText(/^E-mail/), 'atendente@demo.com.br');
    await user.type(within(dialog).getByLabelText(/^Telefone/), '11912345678');
    await choose(user, 'Regra', 'Atendimento');
    await user.click(within(dialog).getByRole('button', { name: 'Cadastrar' }));
    expect(await screen.findByText('Já existe um funcionário com este e-mail.')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Cadastrar Funcionário' })).toBeTruthy();
  });
});

describe('Employees: edit form', () => {
  function openEdit(employee: Employee = BIA) {
    const onSubmit = vi.fn(async () => undefined);
    const user = userEvent.setup();
    renderPage(<EditEmployeeDialog employee={employee} roles={ROLES} onClose={() => {}} onSubmit={onSubmit} />);
    return { user, onSubmit, dialog: screen.getByRole('dialog', { name: 'Editar Funcionário' }) };
  }

  it('shows name, function and e-mail read-only and asks for the role', async () => {
    const { dialog } = openEdit();
    expect((within(dialog).getByLabelText('Nome') as HTMLInputElement).readOnly).toBe(true);
    expect((within(dialog).getByLabelText('E-mail') as HTMLInputElement).readOnly).toBe(true);
    const func = within(dialog).getByLabelText('Função') as HTMLInputElement;
    expect(func.readOnly).toBe(true);
    expect(func.value).toBe('Atendente');
    expect(await within(dialog).findByText('Informe a regra')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Editar' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('validates CPF and phone', async () => {
    const { user, dialog } = openEdit({ ...BIA, roleId: 2 });
    const cpf = within(dialog).getByLabelText(/^CPF/);
    await user.clear(cpf);
    await user.tab();
    expect(await within(dialog).findByText('Informe o número do cpf')).toBeTruthy();
    await user.type(cpf, '11111111111');
    expect(await within(dialog).findByText('Informe um cpf válido')).toBeTruthy();
    const phone = within(dialog).getByLabelText(/^Telefone/);
    await user.clear(phone);
    await user.type(phone, '999');
    await user.tab();
    expect(await within(dialog).findByText('Informe um telefone válido')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Editar' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('sends the role and the blocked flag', async () => {
    const { user, dialog, onSubmit } = openEdit();
    await choose(user, 'Regra', 'Atendimento');
    await user.click(within(dialog).getByLabelText('Bloqueado'));
    const submit = within(dialog).getByRole('button', { name: 'Editar' }) as HTMLButtonElement;
    await waitFor(() => expect(submit.disabled).toBe(false));
    await user.click(submit);
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith(1, {
      name: 'Beatriz Atendente',
      document: '52998224725',
      email: 'atendente@demo.com.br',
      phone: '11976543210',
      roleId: 2,
      blocked: true,
    });
  });
});
