import { CREDIT_TEXTS, type CustomerCredit, customerCreditSchema } from '@backoffice/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type MockCall, mockFetch, renderPage, signInAs } from '../../../test/render';
import { makeCustomer } from '../test-data';
import { DetailsDialog } from './details-dialog';

const CREDIT_PATH = '/api/customers/7/credit';
const ATTENDANT = ['bo:manage:customers', 'bo:manage:orders', 'bo:manage:internal_sales'];
const MANAGER = ['bo:manage:customers', 'bo:manage:orders', 'bo:manage:credit'];

const WITH_CREDIT: CustomerCredit = {
  customerId: 7,
  limit: 2500.5,
  terms: [[28], [30, 60, 90]],
  updatedAt: '2026-04-15T15:00:00.000Z',
  updatedBy: { id: 3, name: 'Carla Gerente' },
};
const WITHOUT_CREDIT: CustomerCredit = { customerId: 7, limit: null, terms: [], updatedAt: null, updatedBy: null };

type Answer = { status?: number; body?: unknown } | 'network-error';

/** The customer's details as an employee holding `permissions`, the credit answered by `credit`. */
function openDetails(
  permissions: string[],
  credit: CustomerCredit,
  put: (call: MockCall) => Answer = (call) => ({
    body: {
      data: {
        ...credit,
        limit: (call.body as { limit: number | null }).limit,
        terms: (call.body as { terms: string[] }).terms.map((plan) => plan.split('/').map(Number)),
        updatedAt: '2026-05-02T13:00:00.000Z',
        updatedBy: { id: 3, name: 'Carla Gerente' },
      },
    },
  }),
) {
  // The fixture is what the API sends.
  customerCreditSchema.parse(credit);
  signInAs(permissions, 'Carla Gerente');
  const calls = mockFetch({ [`GET ${CREDIT_PATH}`]: { body: { data: credit } }, [`PUT ${CREDIT_PATH}`]: put });
  const user = userEvent.setup();
  renderPage(<DetailsDialog customer={makeCustomer()} onClose={() => {}} />);
  const details = screen.getByRole('dialog', { name: 'Detalhes do Cliente' });
  return { user, calls, details };
}

const creditSection = async (details: HTMLElement) => within(details).findByRole('region', { name: 'Crédito' });
const puts = (calls: MockCall[]) => calls.filter((call) => call.method === 'PUT');

async function openChange(user: ReturnType<typeof userEvent.setup>, details: HTMLElement) {
  const section = await creditSection(details);
  await user.click(await within(section).findByRole('button', { name: 'Alterar crédito' }));
  return screen.findByRole('dialog', { name: 'Alterar crédito: João da Conceição' });
}

describe("'Crédito' in the customer's details", () => {
  it('shows the limit in reais, each plan as a chip and who changed it on which day', async () => {
    const { details } = openDetails(ATTENDANT, WITH_CREDIT);
    const section = await creditSection(details);
    expect(await within(section).findByText('R$ 2.500,50')).toBeTruthy();
    expect(within(section).getByText('Limite de crédito')).toBeTruthy();
    const plans = within(section).getByRole('list', { name: 'Prazos' });
    expect(
      within(plans)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['28 dias', '30/60/90 dias']);
    expect(within(section).getByText('Alterado por Carla Gerente em 15/04/2026')).toBeTruthy();
  });

  it('shows what he owes against his limit, what is left and his overdue instalments when the server says them', async () => {
    const owing: CustomerCredit = {
      ...WITH_CREDIT,
      exposure: { undelivered: 300, openInstalments: 1700.25, total: 2000.25, available: 500.25 },
      overdue: { count: 2, amount: 650.5, maxDaysLate: 12 },
    };
    const { details } = openDetails(ATTENDANT, owing);
    const section = await creditSection(details);
    const line = async (label: string) =>
      (await within(section).findByText(label, { selector: 'dt' })).nextElementSibling?.textContent;
    expect(await line('Em aberto')).toBe('R$ 1.700,25');
    expect(await line('A entregar a prazo')).toBe('R$ 300,00');
    expect(await line('Exposição')).toBe('R$ 2.000,25 de R$ 2.500,50 (limite)');
    // 80 % of the limit taken.
    expect(within(section).getByRole('progressbar', { name: 'Exposição' }).getAttribute('aria-valuenow')).toBe('80');
    expect(await line('Disponível')).toBe('R$ 500,25');
    expect(await line('Em atraso')).toBe('2 parcelas vencidas: R$ 650,50 · até 12 dias de atraso');
  });

  it('says nothing of what he owes when the server does not (the fields are optional)', async () => {
    const { details } = openDetails(ATTENDANT, WITH_CREDIT);
    const section = await creditSection(details);
    expect(await within(section).findByText('R$ 2.500,50')).toBeTruthy();
    for (const label of ['Em aberto', 'A entregar a prazo', 'Exposição', 'Disponível', 'Em atraso'])
      expect(within(section).queryByText(label)).toBeNull();
  });

  it("without a limit: what he owes, no bar and no 'Disponível'; nothing overdue: no line", async () => {
    const { details } = openDetails(ATTENDANT, {
      ...WITHOUT_CREDIT,
      exposure: { undelivered: 0, openInstalments: 120, total: 120, available: null },
      overdue: { count: 0, amount: 0, maxDaysLate: 0 },
    });
    const section = await creditSection(details);
    const exposure = await within(section).findByText('Exposição', { selector: 'dt' });
    expect(exposure.nextElementSibling?.textContent).toBe('R$ 120,00');
    expect(within(section).queryByRole('progressbar', { name: 'Exposição' })).toBeNull();
    expect(within(section).queryByText('Disponível')).toBeNull();
    expect(within(section).queryByText('Em atraso')).toBeNull();
  });

  it("says 'Sem crédito: só vendas à vista.' for a customer without a limit", async () => {
    const { details } = openDetails(ATTENDANT, WITHOUT_CREDIT);
    const section = await creditSection(details);
    expect(await within(section).findByText(CREDIT_TEXTS.noCredit)).toBeTruthy();
    expect(within(section).getByText('Nenhum prazo.')).toBeTruthy();
    expect(within(section).queryByText(/^Alterado/)).toBeNull();
  });

  it("has no 'Alterar crédito' for the attendant (customers, orders, selling; no credit)", async () => {
    const { details } = openDetails(ATTENDANT, WITH_CREDIT);
    const section = await creditSection(details);
    expect(await within(section).findByText('R$ 2.500,50')).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Alterar crédito' })).toBeNull();
  });

  it('is neither drawn nor read for whoever may not read it (the server would answer 403)', async () => {
    const { details, calls } = openDetails(['bo:manage:products'], WITH_CREDIT);
    expect(within(details).getByRole('table', { name: 'Cliente' })).toBeTruthy();
    expect(within(details).queryByRole('region', { name: 'Crédito' })).toBeNull();
    expect(calls).toEqual([]);
  });

  it("refuses '60/30' with the contract's message and sends { limit: 5000, terms: ['28', '30/60/90'] }", async () => {
    const { user, calls, details } = openDetails(MANAGER, WITHOUT_CREDIT);
    const dialog = await openChange(user, details);
    const plan = within(dialog).getByLabelText('Novo prazo');
    await user.type(plan, '60/30{Enter}');
    expect(within(dialog).getByText(CREDIT_TEXTS.termsInvalid)).toBeTruthy();
    expect(within(dialog).queryByRole('list', { name: 'Prazos' })).toBeNull();

    await user.clear(plan);
    expect(within(dialog).queryByText(CREDIT_TEXTS.termsInvalid)).toBeNull();
    await user.type(plan, '28{Enter}');
    // typed with spaces, added with the button
    await user.type(plan, '30 / 60 / 90');
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar' }));
    expect(
      within(within(dialog).getByRole('list', { name: 'Prazos' }))
        .getAllByRole('listitem')
        .map((item) => item.querySelector('.MuiChip-label')?.textContent),
    ).toEqual(['28 dias', '30/60/90 dias']);
    // the same plan again is refused
    await user.type(plan, '28{Enter}');
    expect(within(dialog).getByText(CREDIT_TEXTS.termsRepeated)).toBeTruthy();
    await user.clear(plan);

    // plans need a limit
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText(CREDIT_TEXTS.termsWithoutLimit)).toBeTruthy();
    expect(puts(calls)).toEqual([]);

    await user.type(within(dialog).getByLabelText(/^Limite de crédito/), '5000');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]?.body).toEqual({ limit: 5000, terms: ['28', '30/60/90'] });
    expect(await screen.findByText(CREDIT_TEXTS.saved)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Alterar crédito/ })).toBeNull());
    // the section shows what the server saved
    const section = await creditSection(details);
    expect(await within(section).findByText('R$ 5.000,00')).toBeTruthy();
    expect(within(section).getByText('Alterado por Carla Gerente em 02/05/2026')).toBeTruthy();
  });

  it('starts from the saved credit; an empty limit and no plans send no credit', async () => {
    const { user, calls, details } = openDetails(['full:access'], WITH_CREDIT);
    const dialog = await openChange(user, details);
    const limit = within(dialog).getByLabelText(/^Limite de crédito/) as HTMLInputElement;
    expect(limit.value).toBe('2.500,50');
    for (const plan of ['28 dias', '30/60/90 dias']) {
      const chip = within(dialog).getByText(plan).closest('.MuiChip-root') as HTMLElement;
      await user.click(within(chip).getByTitle(`Remover o prazo ${plan}`));
    }
    await user.clear(limit);
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]?.body).toEqual({ limit: null, terms: [] });
  });

  it("says the server's refusal as sent, inside the dialog, which stays with what was typed", async () => {
    const refusal = 'Cliente não encontrado.';
    const { user, calls, details } = openDetails(MANAGER, WITHOUT_CREDIT, () => ({
      status: 404,
      body: { errors: [refusal], code: 'NOT_FOUND' },
    }));
    const dialog = await openChange(user, details);
    await user.type(within(dialog).getByLabelText(/^Limite de crédito/), '300');
    await user.type(within(dialog).getByLabelText('Novo prazo'), '30/60');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    // the plan left in the field is added and sent
    expect(puts(calls)[0]?.body).toEqual({ limit: 300, terms: ['30/60'] });
    expect((await within(dialog).findByRole('alert')).textContent).toBe(refusal);
    expect(screen.getByRole('dialog', { name: 'Alterar crédito: João da Conceição' })).toBe(dialog);
    expect((within(dialog).getByLabelText(/^Limite de crédito/) as HTMLInputElement).value).toBe('300,00');
    expect(within(dialog).getByText('30/60 dias')).toBeTruthy();
  });

  it('stays open after no answer; the same button sends the same again and closes on success', async () => {
    let answer: Answer = 'network-error';
    const { user, calls, details } = openDetails(MANAGER, WITHOUT_CREDIT, () => answer);
    const dialog = await openChange(user, details);
    await user.type(within(dialog).getByLabelText(/^Limite de crédito/), '1000');
    await user.type(within(dialog).getByLabelText('Novo prazo'), '28{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Alterar crédito: João da Conceição' })).toBe(dialog);

    answer = { body: { data: { ...WITHOUT_CREDIT, limit: 1000, terms: [[28]] } } };
    const save = within(dialog).getByRole('button', { name: 'Salvar' }) as HTMLButtonElement;
    await waitFor(() => expect(save.disabled).toBe(false));
    await user.click(save);
    await waitFor(() => expect(puts(calls)).toHaveLength(2));
    expect(puts(calls)[1]?.body).toEqual(puts(calls)[0]?.body);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Alterar crédito/ })).toBeNull());
  });
});
