import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render';
import { LEVELS, makeCustomer } from '../test-data';
import { ApproveDialog } from './approve-dialog';
import { AssociateDialog } from './associate-dialog';
import { BlockDialog } from './block-dialog';
import { DetailsDialog } from './details-dialog';
import { EditDialog } from './edit-dialog';

type User = ReturnType<typeof userEvent.setup>;

async function choose(user: User, dialog: HTMLElement, label: RegExp, option: string) {
  await user.click(within(dialog).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('Aprovar ou Reprovar', () => {
  function open(props: Partial<Parameters<typeof ApproveDialog>[0]> = {}) {
    const onApprove = vi.fn(async () => {});
    const onReprove = vi.fn(async () => {});
    const user = userEvent.setup();
    renderPage(
      <ApproveDialog
        customer={makeCustomer()}
        levels={LEVELS}
        onApprove={onApprove}
        onReprove={onReprove}
        onClose={() => {}}
        {...props}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Aprovar ou Reprovar: João da Conceição' });
    return { user, dialog, onApprove, onReprove };
  }

  it('keeps Aprovar disabled while invalid and shows the spec messages', async () => {
    const { user, dialog, onApprove } = open();
    const approve = within(dialog).getByRole('button', { name: 'Aprovar' }) as HTMLButtonElement;
    expect(approve.disabled).toBe(true);

    const shipping = within(dialog).getByLabelText(/^Frete/);
    await user.type(shipping, '5');
    await user.clear(shipping);
    expect(await within(dialog).findByText('Informe o preço do frete para o cliente')).toBeTruthy();

    await user.click(within(dialog).getByRole('combobox', { name: /Nível/ }));
    await user.keyboard('{Escape}');
    await user.tab();
    expect(await within(dialog).findByText('Informe o nível do cliente')).toBeTruthy();

    const warranty = within(dialog).getByLabelText(/^Garantia/);
    await user.clear(warranty);
    await user.type(warranty, '101');
    expect(await within(dialog).findByText('Informe a garantia de 0 a 100')).toBeTruthy();

    await choose(user, dialog, /Nível/, 'Prata');
    await user.type(shipping, '15,9');
    await user.clear(warranty);
    await user.type(warranty, '10');
    await waitFor(() => expect(approve.disabled).toBe(false));
    await user.click(approve);
    await waitFor(() => expect(onApprove).toHaveBeenCalledTimes(1));
    expect(onApprove.mock.calls[0]).toEqual([
      expect.objectContaining({ id: 7 }),
      { level: 2, shippingCost: 15.9, warrantyPercentage: 10 },
    ]);
  });

  it("reads 'Frete' typed the Brazilian way, with no third decimal (issue 8: 19,90 became 1990)", async () => {
    const { user, dialog, onApprove } = open();
    const approve = within(dialog).getByRole('button', { name: 'Aprovar' }) as HTMLButtonElement;
    await choose(user, dialog, /Nível/, 'Ouro');
    const shipping = within(dialog).getByLabelText(/^Frete/) as HTMLInputElement;
    await user.type(shipping, '12,345');
    await user.tab();
    expect(shipping.value).toBe('12,34');
    await waitFor(() => expect(approve.disabled).toBe(false));
    expect(within(dialog).queryByText('Informe um valor com no máximo duas casas decimais.')).toBeNull();
    await user.click(approve);
    await waitFor(() => expect(onApprove).toHaveBeenCalledTimes(1));
    expect(onApprove.mock.calls[0]).toEqual([
      expect.objectContaining({ id: 7 }),
      { level: 1, shippingCost: 12.34, warrantyPercentage: 0 },
    ]);
  });

  // The reproved customer's modal without 'Reprovar' is the page's call (allowReprove): customers-page.test.tsx
  // opens it from the reproved list; 'hides Reprovar when allowReprove is false' below is the dialog's half.
  it('reproves without any field: Reprovar needs neither level nor freight, and approves nothing', async () => {
    const { user, dialog, onReprove, onApprove } = open();
    expect(within(dialog).getByRole('button', { name: 'Aprovar' }).hasAttribute('disabled')).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Reprovar' }));
    await waitFor(() => expect(onReprove).toHaveBeenCalledTimes(1));
    expect(onApprove).not.toHaveBeenCalled();
  });

  it("offers 'Fechar' beside 'Reprovar', and Escape closes too (issue 8: the only way out was Reprovar)", async () => {
    const onClose = vi.fn();
    const { user, dialog, onReprove } = open({ onClose });
    const buttons = within(dialog)
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(buttons).toEqual(['Fechar', 'Reprovar', 'Aprovar']);
    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(onReprove).not.toHaveBeenCalled();
  });

  it('hides Reprovar when allowReprove is false', () => {
    const { dialog } = open({ allowReprove: false, customer: makeCustomer({ status: 'Reproved' }) });
    expect(within(dialog).queryByRole('button', { name: 'Reprovar' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Fechar' })).toBeTruthy();
  });
});

describe('Editar cliente', () => {
  function open(stateRegistration: string | null = null) {
    const onSubmit = vi.fn(async (_customer: unknown, _values: unknown) => {});
    const user = userEvent.setup();
    const customer = makeCustomer({
      status: 'Approved',
      approved: true,
      level: 1,
      levelName: 'Ouro',
      shippingCost: 12.5,
      warrantyPercentage: 5,
      fastDeliveryTax: 3,
      stateRegistration,
    });
    renderPage(<EditDialog customer={customer} levels={LEVELS} onSubmit={onSubmit} onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Editar Cliente: João da Conceição' });
    return { user, dialog, onSubmit };
  }

  it('starts from the customer, requires the shipping cost and a warranty of at least 0', async () => {
    const { user, dialog, onSubmit } = open();
    expect((within(dialog).getByRole('checkbox', { name: 'Aprovado' }) as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByLabelText(/^Frete/) as HTMLInputElement).value).toBe('12,50');
    expect((within(dialog).getByLabelText(/^Taxa de entrega rápida/) as HTMLInputElement).value).toBe('3,00');

    await user.clear(within(dialog).getByLabelText(/^Frete/));
    expect(await within(dialog).findByText('Informe o preço do frete para o cliente')).toBeTruthy();
    const warranty = within(dialog).getByLabelText(/^Garantia/);
    await user.clear(warranty);
    // a minus sign cannot be typed: -1 reads 1
    await user.type(warranty, '-1');
    expect((warranty as HTMLInputElement).value).toBe('1');
    await user.click(within(dialog).getByRole('button', { name: 'Editar' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits the edited values, the level included', async () => {
    const { user, dialog, onSubmit } = open();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Aprovado' }));
    await choose(user, dialog, /Nível/, 'Bronze');
    const tax = within(dialog).getByLabelText(/^Taxa de entrega rápida/);
    await user.clear(tax);
    await user.type(tax, '7,5');
    await user.click(within(dialog).getByRole('button', { name: 'Editar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[1]).toEqual({
      approved: false,
      level: 3,
      shippingCost: 12.5,
      warrantyPercentage: 5,
      fastDeliveryTax: 7.5,
      stateRegistration: null,
    });
  });

  it("'Inscrição estadual': starts from the customer's, typed with punctuation or 'isento', sent normalised", async () => {
    const { user, dialog, onSubmit } = open('86123456');
    const field = within(dialog).getByLabelText(/^Inscrição estadual/) as HTMLInputElement;
    expect(field.value).toBe('86123456');
    expect(
      within(dialog).getByText(
        'Só números, ou ISENTO. A nota fiscal de um cliente ISENTO sai como não contribuinte (sem IE).',
      ),
    ).toBeTruthy();
    const submitted = async (typed: string) => {
      onSubmit.mockClear();
      await user.clear(field);
      if (typed) await user.type(field, typed);
      await user.click(within(dialog).getByRole('button', { name: 'Editar' }));
      await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
      return (onSubmit.mock.calls[0]?.[1] as { stateRegistration: unknown } | undefined)?.stateRegistration;
    };
    expect(await submitted('110.042.490.114')).toBe('110042490114');
    expect(await submitted(' isento ')).toBe('ISENTO');
    // Emptied: the customer has none any more.
    expect(await submitted('')).toBeNull();
  });

  it("'Inscrição estadual' neither digits nor ISENTO is refused under the field, by the server's message", async () => {
    const { user, dialog, onSubmit } = open();
    await user.type(within(dialog).getByLabelText(/^Inscrição estadual/), '86-ABC');
    await user.click(within(dialog).getByRole('button', { name: 'Editar' }));
    expect(
      await within(dialog).findByText('Inscrição estadual inválida: informe só os números (2 a 14) ou ISENTO.'),
    ).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });
  it("reads 'Frete' and 'Taxa de entrega rápida' typed the Brazilian way, with no third decimal", async () => {
    const { user, dialog, onSubmit } = open();
    const shipping = within(dialog).getByLabelText(/^Frete/) as HTMLInputElement;
    await user.clear(shipping);
    await user.type(shipping, '1.219,505');
    expect(shipping.value).toBe('1.219,50');
    const tax = within(dialog).getByLabelText(/^Taxa de entrega rápida/) as HTMLInputElement;
    await user.clear(tax);
    await user.type(tax, '0,125');
    expect(tax.value).toBe('0,12');
    await user.click(within(dialog).getByRole('button', { name: 'Editar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[1]).toMatchObject({ shippingCost: 1219.5, fastDeliveryTax: 0.12 });
  });

  it("lets an approved retail customer keep 'Sem nível' (level 0)", async () => {
    const { user, dialog, onSubmit } = open();
    await choose(user, dialog, /Nível/, 'Sem nível');
    await user.click(within(dialog).getByRole('button', { name: 'Editar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[1]).toMatchObject({ approved: true, level: 0 });
  });
});

describe('Associar motoboy', () => {
  it("requires a courier ('Informe o entregador') and submits the chosen one", async () => {
    const onSubmit = vi.fn(async () => {});
    const user = userEvent.setup();
    renderPage(
      <AssociateDialog
        customer={makeCustomer()}
        deliverers={[
          { id: 9, name: 'Eduardo Motoboy' },
          { id: 4, name: 'Diego Motoboy' },
        ]}
        onSubmit={onSubmit}
        onClose={() => {}}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Cliente: João da Conceição' });
    await user.click(within(dialog).getByRole('button', { name: 'Associar' }));
    expect(await within(dialog).findByText('Informe o entregador')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('combobox', { name: /Motoboy/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Diego Motoboy', 'Eduardo Motoboy']);
    await user.click(screen.getByRole('option', { name: 'Eduardo Motoboy' }));
    await user.click(within(dialog).getByRole('button', { name: 'Associar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ id: 7 }), 9));
  });
});

describe('Bloquear', () => {
  it("requires the reason ('Preencha o campo') and confirms with it", async () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderPage(<BlockDialog customer={makeCustomer()} onConfirm={onConfirm} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Informe o motivo do bloqueio' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(await within(dialog).findByText('Preencha o campo')).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/^Motivo/), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(onConfirm).not.toHaveBeenCalled();

    await user.type(within(dialog).getByLabelText(/^Motivo/), 'Cheques sem fundo');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() =>
      expect(onConfirm).toHaveBeenCalledWith(expect.objectContaining({ id: 7 }), 'Cheques sem fundo'),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(onClose).toHaveBeenCalled();
  });
});

describe('Detalhes do Cliente', () => {
  const cell = (table: HTMLElement, column: string) => {
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    const index = headers.indexOf(column);
    return within(table).getAllByRole('cell')[index]?.textContent;
  };

  it('shows CPF for 11 characters, the formatted document, Sim/Não and N/A where empty', () => {
    renderPage(
      <DetailsDialog
        customer={makeCustomer({
          approved: true,
          levelName: 'Ouro',
          deliverer: { id: 4, name: 'Diego Motoboy' },
          delivererAssociated: 'Diego Motoboy',
          address: { ...makeCustomer().address, number: null, shippingCost: 12.5 },
        })}
        onClose={() => {}}
      />,
    );
    const [customer, address] = screen.getAllByRole('table') as [HTMLElement, HTMLElement];
    expect(cell(customer, 'Documento')).toBe('529.982.247-25');
    expect(cell(customer, 'Tipo do Documento')).toBe('CPF');
    expect(cell(customer, 'Inscrição estadual')).toBe('N/A');
    expect(cell(customer, 'Telefone')).toBe('(11) 98765-4321');
    expect(cell(customer, 'Aprovado')).toBe('Sim');
    expect(cell(customer, 'Motoboy')).toBe('Diego Motoboy');
    expect(cell(address, 'Número')).toBe('N/A');
    expect(cell(address, 'Observações')).toBe('N/A');
    expect(cell(address, 'Cep')).toBe('01305-000');
    expect(cell(address, 'Preço do Frete')).toBe('R$ 12,50');
    // The courier finds the door by them too (issue 19 §4).
    expect(cell(address, 'Bairro')).toBe('Consolação');
    expect(cell(address, 'Complemento')).toBe('N/A');
  });

  it('shows CNPJ (also alphanumeric) otherwise, Não and N/A for a missing courier and level', () => {
    renderPage(
      <DetailsDialog
        customer={makeCustomer({ document: '12ABC34501DE35', stateRegistration: '86123456' })}
        onClose={() => {}}
      />,
    );
    const [customer] = screen.getAllByRole('table') as [HTMLElement];
    expect(cell(customer, 'Documento')).toBe('12.ABC.345/01DE-35');
    expect(cell(customer, 'Tipo do Documento')).toBe('CNPJ');
    expect(cell(customer, 'Inscrição estadual')).toBe('86123456');
    expect(cell(customer, 'Aprovado')).toBe('Não');
    expect(cell(customer, 'Motoboy')).toBe('N/A');
    expect(cell(customer, 'Nível')).toBe('N/A');
  });
});
