import { RECEIVABLE_TEXTS, receivableDetailsSchema } from '@backoffice/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type MockCall, mockFetch, renderPage, signInAs } from '../../../test/render';
import { PARTLY_PAID } from '../test-data';
import { ReceivableDialog } from './receivable-dialog';

const UNDONE = {
  ...PARTLY_PAID,
  paid: 500,
  open: 1500,
  dueToday: { ...PARTLY_PAID.dueToday, principal: 1500, total: 1500 },
  payments: [
    PARTLY_PAID.payments[0],
    { ...PARTLY_PAID.payments[1], undoneAt: '2026-12-20T15:00:00.000Z', undoReason: 'Pix devolvido pelo banco' },
  ],
};

function openDetails(permissions: string[]) {
  receivableDetailsSchema.parse(PARTLY_PAID);
  signInAs(permissions, 'Carla Gerente');
  // The instalment as the server keeps it: the payment undone once the undo is answered.
  let instalment: unknown = PARTLY_PAID;
  const calls = mockFetch({
    'GET /api/receivables/10': () => ({ body: { data: instalment } }),
    'POST /api/receivables/10/payments/32/undo': () => {
      instalment = UNDONE;
      return { body: { data: UNDONE } };
    },
  });
  renderPage(<ReceivableDialog id={10} onClose={() => undefined} />);
  return { calls, user: userEvent.setup() };
}

const undos = (calls: MockCall[]) => calls.filter((c) => c.method === 'POST');

describe("an instalment's details", () => {
  it("lists its payments, each with 'Recibo', and no 'Desfazer' for the desk (orders, no credit)", async () => {
    openDetails(['bo:manage:orders']);
    const details = await screen.findByRole('dialog', { name: 'Parcela 2/3 do pedido CRD-017' });
    const list = await within(details).findByRole('list', { name: 'Recebimentos' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getAllByRole('button', { name: 'Recibo' })).toHaveLength(2);
    expect(within(details).queryByRole('button', { name: 'Desfazer' })).toBeNull();
    // Something is open: it may be received.
    expect(within(details).getByRole('button', { name: 'Receber' })).toBeTruthy();
  });

  it("'Crédito e cobrança' undoes the latest payment only, with a reason", async () => {
    const { calls, user } = openDetails(['bo:manage:credit']);
    const details = await screen.findByRole('dialog', { name: 'Parcela 2/3 do pedido CRD-017' });
    const items = within(await within(details).findByRole('list', { name: 'Recebimentos' })).getAllByRole('listitem');
    expect(within(items[0] as HTMLElement).queryByRole('button', { name: 'Desfazer' })).toBeNull();
    await user.click(within(items[1] as HTMLElement).getByRole('button', { name: 'Desfazer' }));

    const undo = await screen.findByRole('dialog', { name: 'Desfazer recebimento' });
    expect(within(undo).getByText(/O recebimento de R\$ 300,00 em/)).toBeTruthy();
    await user.click(within(undo).getByRole('button', { name: 'Desfazer' }));
    expect(await within(undo).findByText(RECEIVABLE_TEXTS.reasonInvalid)).toBeTruthy();
    expect(undos(calls)).toHaveLength(0);

    await user.type(within(undo).getByLabelText(/^Motivo/), 'Pix devolvido pelo banco');
    await user.click(within(undo).getByRole('button', { name: 'Desfazer' }));
    await waitFor(() => expect(undos(calls)).toHaveLength(1));
    expect(undos(calls)[0]?.body).toEqual({ reason: 'Pix devolvido pelo banco' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Desfazer recebimento' })).toBeNull());
    // The undone one struck through with why; the earlier one is now the latest.
    expect(await within(details).findByText(/Pix devolvido pelo banco$/)).toBeTruthy();
    const after = within(within(details).getByRole('list', { name: 'Recebimentos' })).getAllByRole('listitem');
    expect(within(after[0] as HTMLElement).getByRole('button', { name: 'Desfazer' })).toBeTruthy();
    expect(within(after[1] as HTMLElement).queryByRole('button', { name: 'Desfazer' })).toBeNull();
  });
});
