import type { ServiceInvoice } from '@backoffice/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderPage, signInAs } from '../../../test/render';
import { AWAITING_APPROVAL } from '../test-data';
import { RepairNfse } from './repair-nfse';

/** The repair once billed: R$ 350,00 of parts on the order's note, R$ 120,00 of labour for the NFS-e. */
const BILLED = {
  ...AWAITING_APPROVAL,
  status: 'DELIVERED' as const,
  order: { id: 91, code: 'OS1-2AB', paymentMethod: 'CASH' as const, due: 0 },
};

const AUTHORIZED: ServiceInvoice = {
  id: 5,
  repairId: BILLED.id,
  orderId: 91,
  status: 'AUTHORIZED',
  amount: 120,
  issRate: 2,
  iss: 2.4,
  takerDocument: '52998224725',
  takerName: 'Rita Reparo',
  description: 'Mão de obra do reparo',
  environment: 2,
  dpsSeries: '1',
  dpsNumber: 1,
  accessKey: '3'.repeat(50),
  nfseNumber: '1',
  rejection: null,
  cancelReason: null,
  createdAt: '2026-11-27T13:00:00.000Z',
  authorizedAt: '2026-11-27T13:00:05.000Z',
  cancelledAt: null,
};

describe("the repair's NFS-e (issue 56 §4)", () => {
  it("'Emitir NFS-e' while the labour has none: posts the repair's emission", async () => {
    signInAs(['bo:manage:invoices']);
    let invoices: ServiceInvoice[] = [];
    const calls = mockFetch({
      'GET /api/fiscal/nfse': () => ({ body: { data: invoices } }),
      [`POST /api/fiscal/nfse/repairs/${BILLED.id}`]: () => {
        invoices = [AUTHORIZED];
        return { status: 201, body: { data: AUTHORIZED } };
      },
    });
    renderPage(<RepairNfse repair={BILLED} canWrite />);
    expect(await screen.findByText('Ainda sem NFS-e.')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Emitir NFS-e' }));
    expect(await screen.findByText(`Autorizada — NFS-e nº 1 · chave ${'3'.repeat(50)}`)).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST' && call.url.endsWith(`/fiscal/nfse/repairs/${BILLED.id}`))).toBe(
      true,
    );
    expect(screen.queryByRole('button', { name: 'Emitir NFS-e' })).toBeNull();
    expect(screen.getByRole('button', { name: 'DANFSe (PDF)' })).toBeTruthy();
  });

  it('cancels with the reason typed (event 101101)', async () => {
    signInAs(['bo:manage:invoices']);
    const calls = mockFetch({
      'GET /api/fiscal/nfse': { body: { data: [AUTHORIZED] } },
      'POST /api/fiscal/nfse/5/cancel': { body: { data: { ...AUTHORIZED, status: 'CANCELLED' } } },
    });
    renderPage(<RepairNfse repair={BILLED} canWrite />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancelar NFS-e' }));
    await user.type(screen.getByLabelText('Motivo do cancelamento'), 'Valor da mão de obra errado');
    await user.click(screen.getByRole('button', { name: 'Confirmar cancelamento' }));
    await screen.findByText('NFS-e cancelada.');
    const cancel = calls.find((call) => call.url.endsWith('/fiscal/nfse/5/cancel'));
    expect(cancel?.body).toEqual({ reasonCode: 1, reason: 'Valor da mão de obra errado' });
  });

  it('without the notes permission to write, no buttons but the DANFSe', async () => {
    signInAs(['bo:view:orders']);
    mockFetch({ 'GET /api/fiscal/nfse': { body: { data: [AUTHORIZED] } } });
    renderPage(<RepairNfse repair={BILLED} canWrite={false} />);
    expect(await screen.findByRole('button', { name: 'DANFSe (PDF)' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancelar NFS-e' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Emitir NFS-e' })).toBeNull();
  });
});
