import { purchaseSchema } from '@backoffice/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CONNECTION_LOST_TEXT, connectionLost } from '../../../lib/api-client';
import { renderPage } from '../../../test/render';
import { notePreview } from '../test-data';
import NfeEntryPage from './nfe-entry-page';

const upload = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/upload', () => ({ uploadForm: upload }));

/** A note with nothing left open (no items: what is checked here is the confirm's key). */
const preview = (number: string) => notePreview({ number });

const entered = (number: string) =>
  purchaseSchema.parse({
    ...preview(number),
    id: 1,
    supplier: { id: 3, name: 'DISTRIBUIDORA MODELO DE CELULARES LTDA', document: '11222333000181' },
    itemsCount: 0,
    signatureStatus: 'VALID',
    signatureChain: 'INCOMPLETE',
    createdAt: '2026-11-26T13:00:00.000Z',
    createdBy: 'Carlos Estoquista',
    unsignedReason: null,
    recipientDocument: null,
    recipientConfirmed: false,
    billing: null,
    items: [],
    payables: [],
  });

/** The Idempotency-Key of each confirm sent (dryRun=false), in order. */
const confirmKeys = () =>
  upload.mock.calls
    .filter(([path]) => String(path).includes('dryRun=false'))
    .map(([, , , headers]) => (headers as Record<string, string>)['Idempotency-Key']);

describe("'Entrada por XML': the confirm's Idempotency-Key", () => {
  it('sends the same key when a confirm is tried again, and a new one for the next note', async () => {
    const user = userEvent.setup();
    upload
      .mockResolvedValueOnce({ data: preview('4512') })
      .mockRejectedValueOnce(connectionLost())
      .mockResolvedValueOnce({ data: entered('4512') })
      .mockResolvedValueOnce({ data: preview('4513') })
      .mockResolvedValueOnce({ data: entered('4513') });
    renderPage(<NfeEntryPage />);
    const file = (name: string) => new File(['<nfeProc/>'], name, { type: 'text/xml' });

    await user.upload(screen.getByTestId('nfe-file'), file('nfe-4512.xml'));
    await screen.findByRole('heading', { name: 'NF-e 4512 / série 1' });
    await user.click(screen.getByRole('button', { name: 'Confirmar entrada' }));
    expect((await screen.findByRole('alert')).textContent).toContain(CONNECTION_LOST_TEXT);
    await user.click(screen.getByRole('button', { name: 'Confirmar entrada' }));
    await screen.findByText('Entrada da NF-e 4512 feita.');

    await user.upload(screen.getByTestId('nfe-file'), file('nfe-4513.xml'));
    await screen.findByRole('heading', { name: 'NF-e 4513 / série 1' });
    await user.click(screen.getByRole('button', { name: 'Confirmar entrada' }));
    await screen.findByText('Entrada da NF-e 4513 feita.');

    const [first, retried, next] = confirmKeys();
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(retried).toBe(first);
    expect(next).toMatch(/^[0-9a-f-]{36}$/);
    expect(next).not.toBe(first);
  });
});
