import type { Role } from '@backoffice/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { mockApi } from '../../../test/contract';
import { openAdminPage, openDialogOf } from '../../../test/open-page';
import { renderPage } from '../../../test/render';
import { RoleDialog } from '../components/role-dialog';
import RolesPage from './roles-page';

const ROLES: Role[] = [
  { id: 1, name: 'Administrador', permissions: ['full:access'], maxDiscountPercentage: 0 },
  { id: 2, name: 'Estoque', permissions: ['bo:manage:dashboard', 'bo:manage:products'], maxDiscountPercentage: 0 },
];
const CATALOGUE = {
  'full:access': 'Acesso total',
  'bo:manage:dashboard': 'Painel de Controle',
  'bo:manage:products': 'Gerenciar produtos e estoque',
  'bo:manage:orders': 'Gerenciar pedidos e ver as configurações',
};

type User = ReturnType<typeof userEvent.setup>;

async function addPermission(user: User, label: string) {
  await user.click(screen.getByRole('combobox', { name: /Permissão/ }));
  await user.click(await screen.findByRole('option', { name: label }));
  await user.click(screen.getByRole('button', { name: 'Adicionar' }));
}

function openPage(routes: Parameters<typeof mockApi>[0] = {}) {
  return openAdminPage(<RolesPage />, '/admin/roles', {
    'GET /api/roles': { body: { data: ROLES } },
    'GET /api/permissions': { body: { data: CATALOGUE } },
    ...routes,
  });
}

const openCreate = (user: User) => openDialogOf(user, 'Cadastrar Regra');

describe('Roles: create form', () => {
  it('asks for the name, refuses a duplicate and says permissions are needed', async () => {
    const { user } = openPage();
    const dialog = await openCreate(user);
    const submit = within(dialog).getByRole('button', { name: 'Cadastrar' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    expect(within(dialog).getByText('Adicione as permissões para a regra.')).toBeTruthy();

    const name = within(dialog).getByLabelText(/^Nome da regra/);
    await user.click(name);
    await user.tab();
    expect(await within(dialog).findByText('Informe a regra')).toBeTruthy();

    await user.type(name, ' administrador ');
    expect(await within(dialog).findByText('Regra já existente, escolha outro nome.')).toBeTruthy();

    await user.clear(name);
    await user.type(name, 'Financeiro');
    await waitFor(() => expect(within(dialog).queryByText('Regra já existente, escolha outro nome.')).toBeNull());
    expect(submit.disabled).toBe(true);
  });

  it('adds each permission once, clears them, and creates the role', async () => {
    const { user, calls } = openPage({
      'POST /api/roles': {
        status: 201,
        body: {
          data: {
            id: 3,
            name: 'Financeiro',
            permissions: ['bo:manage:orders', 'bo:manage:dashboard'],
            maxDiscountPercentage: 0,
          },
        },
      },
    });
    const dialog = await openCreate(user);
    await user.type(within(dialog).getByLabelText(/^Nome da regra/), 'Financeiro');

    await addPermission(user, 'Painel de Controle');
    expect(within(dialog).queryByText('Adicione as permissões para a regra.')).toBeNull();
    // an added permission leaves the list of options
    await user.click(screen.getByRole('combobox', { name: /Permissão/ }));
    expect(screen.queryByRole('option', { name: 'Painel de Controle' })).toBeNull();
    await user.keyboard('{Escape}');

    await user.click(within(dialog).getByRole('button', { name: 'Limpar' }));
    expect(within(dialog).getByText('Adicione as permissões para a regra.')).toBeTruthy();

    await addPermission(user, 'Gerenciar pedidos e ver as configurações');
    await addPermission(user, 'Painel de Controle');
    const submit = within(dialog).getByRole('button', { name: 'Cadastrar' }) as HTMLButtonElement;
    await waitFor(() => expect(submit.disabled).toBe(false));
    await user.click(submit);
    expect(await screen.findByText('Regra criada com sucesso.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Financeiro',
      permissions: ['bo:manage:orders', 'bo:manage:dashboard'],
      maxDiscountPercentage: 0,
    });
  });

  it('shows the server message when the API refuses', async () => {
    const { user } = openPage({
      'POST /api/roles': {
        status: 409,
        body: { errors: ['Regra já existente, escolha outro nome.'], code: 'DUPLICATE' },
      },
    });
    const dialog = await openCreate(user);
    await user.type(within(dialog).getByLabelText(/^Nome da regra/), 'Nova');
    await addPermission(user, 'Acesso total');
    await user.click(within(dialog).getByRole('button', { name: 'Cadastrar' }));
    expect(await screen.findByText('Regra já existente, escolha outro nome.')).toBeTruthy();
  });
});

describe('Roles: edit modal', () => {
  it('starts from the role, keeps its own name allowed and sends the change', async () => {
    const onSubmit = vi.fn(async () => undefined);
    const user = userEvent.setup();
    renderPage(
      <RoleDialog
        open
        role={ROLES[1] ?? null}
        roles={ROLES}
        catalogue={CATALOGUE}
        onClose={() => {}}
        onSubmit={onSubmit}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Editar Regra' });
    expect((within(dialog).getByLabelText(/^Nome da regra/) as HTMLInputElement).value).toBe('Estoque');
    expect(within(dialog).getByText('Gerenciar produtos e estoque')).toBeTruthy();
    // Issue 38: the role's maximum discount, typed the Brazilian way.
    const max = within(dialog).getByLabelText(/^Desconto máximo na venda/) as HTMLInputElement;
    expect(max.value).toBe('0');
    await user.clear(max);
    await user.type(max, '7,5');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        name: 'Estoque',
        permissions: ['bo:manage:dashboard', 'bo:manage:products'],
        maxDiscountPercentage: 7.5,
      }),
    );
  });
  it("writes a role's maximum as a Brazilian types it ('7,5', not '7.5'), and a new role's starts blank", async () => {
    const role: Role = { id: 4, name: 'Gerência', permissions: ['bo:manage:orders'], maxDiscountPercentage: 7.5 };
    const first = renderPage(
      <RoleDialog
        open
        role={role}
        roles={[...ROLES, role]}
        catalogue={CATALOGUE}
        onClose={() => {}}
        onSubmit={vi.fn()}
      />,
    );
    const edited = screen.getByRole('dialog', { name: 'Editar Regra' });
    expect((within(edited).getByLabelText(/^Desconto máximo na venda/) as HTMLInputElement).value).toBe('7,5');
    first.unmount();
    const none: Role | null = null;
    renderPage(
      <RoleDialog open role={none} roles={ROLES} catalogue={CATALOGUE} onClose={() => {}} onSubmit={vi.fn()} />,
    );
    const created = await screen.findByRole('dialog', { name: 'Cadastrar Regra' });
    expect((within(created).getByLabelText(/^Desconto máximo na venda/) as HTMLInputElement).value).toBe('');
  });
});

describe('Roles: list', () => {
  it("shows a role holding nothing as 'Nenhuma permissão' (the demo couriers' 'Entregas')", async () => {
    openPage({
      'GET /api/roles': {
        body: { data: [...ROLES, { id: 3, name: 'Entregas', permissions: [], maxDiscountPercentage: 0 }] },
      },
    });
    const row = (await screen.findByText('Entregas')).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('Nenhuma permissão')).toBeTruthy();
    const stock = screen.getByText('Estoque').closest('[role="row"]') as HTMLElement;
    expect(within(stock).getByText('Painel de Controle, Gerenciar produtos e estoque')).toBeTruthy();
  });
});
