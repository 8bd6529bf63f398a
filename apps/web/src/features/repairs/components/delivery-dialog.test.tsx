import { repairSchema } from '@backoffice/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, renderPage, signInAs } from '../../../test/render';
import { AWAITING_APPROVAL } from '../test-data';
import { MoveDialog } from './move-dialog';

// The pad is a canvas (its strokes are signature-pad.test.tsx's): here a button stands in for the customer signing.
vi.mock('../../../components/signature-pad', () => ({
  SignaturePad: ({ onChange }: { onChange: (png: string | null) => void }) => (
    <button type="button" onClick={() => onChange('data:image/png;base64,AAA')}>
      Assinar
    </button>
  ),
}));

/** R$ 500,00 with the plain space the screen may draw as a non-breaking one. */
const text = (element: HTMLElement) => (element.textContent ?? '').replace(/\s/g, ' ');

/** The repair of R$ 500,00 ready, its bill paid `paymentMethod`, still asking `due` at the counter. */
const ready = (paymentMethod: 'CASH' | 'PIX', due: number) =>
  repairSchema.parse({
    ...AWAITING_APPROVAL,
    status: 'READY',
    statusLabel: 'Pronto',
    total: 500,
    order: { id: 81, code: 'R5K-2QX', paymentMethod, due },
    actions: ['deliver'],
  });

describe("the device's delivery says what its bill asks (decision 0075)", () => {
  it("'Receber R$ 500,00 em dinheiro' into the clerk's drawer; refused without one, it offers 'Abrir caixa'", async () => {
    signInAs();
    const refusal =
      'Abra o seu caixa para receber R$ 500,00 em dinheiro: o dinheiro entra no caixa de quem entrega o pedido.';
    const calls = mockFetch({
      'POST /api/repairs/12/deliver': { status: 409, body: { errors: [refusal], code: 'CASH_DRAWER_CLOSED' } },
    });
    renderPage(<MoveDialog repair={ready('CASH', 500)} action="deliver" onClose={() => undefined} />);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Entregar ao cliente a OS 12' });
    expect(text(dialog)).toContain('Receber R$ 500,00 em dinheiro');
    expect(text(dialog)).toContain('O dinheiro entra no seu caixa aberto e fica registrado como pago na OS.');
    expect(within(dialog).queryByRole('link', { name: 'Abrir caixa' })).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Assinar' }));
    await user.click(within(dialog).getByRole('button', { name: 'Entregar ao cliente' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(await within(dialog).findByText(refusal)).toBeTruthy();
    const open = await within(dialog).findByRole('link', { name: 'Abrir caixa' });
    expect(open.getAttribute('href')).toBe('/admin/cash');
    expect(text(dialog)).toContain("Abra o seu caixa em 'Caixa' e confirme a entrega de novo.");
  });

  it('a bill already paid by Pix says there is nothing to receive', async () => {
    signInAs();
    mockFetch({});
    renderPage(<MoveDialog repair={ready('PIX', 0)} action="deliver" onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Entregar ao cliente a OS 12' });
    expect(text(dialog)).toContain('Pago (Pix): nada a receber');
    expect(text(dialog)).not.toContain('Receber');
  });
});
