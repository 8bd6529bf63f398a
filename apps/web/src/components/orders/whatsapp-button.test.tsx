import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/contract';
import { renderPage, signInAs } from '../../test/render';
import { makeOrderDetail } from './test-data';
import { OrderWhatsAppButton } from './whatsapp-button';

const templates = (template: string) => ({
  data: {
    templates: [{ status: 4, label: 'Em entrega', template, isDefault: false, defaultTemplate: 'x' }],
    placeholders: [],
  },
});

describe("'Enviar pelo WhatsApp'", () => {
  it('links to wa.me with the saved message of the status filled in', async () => {
    signInAs(['bo:manage:orders']);
    mockApi({
      'GET /api/settings/whatsapp-templates': { body: templates('Pedido {codigo}: {total}, com {entregador}') },
    });
    const order = makeOrderDetail({
      statusKey: 4,
      code: 'K7M-4QP',
      total: 1234.5,
      deliverer: 'Carlos',
      customerPhone: '(11) 98765-4321',
    });
    renderPage(<OrderWhatsAppButton order={order} />);
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Enviar pelo WhatsApp' }).getAttribute('href')).toBe(
        'https://wa.me/5511987654321?text=Pedido%20K7M-4QP%3A%20R%24%201.234%2C50%2C%20com%20Carlos',
      ),
    );
  });

  it('is disabled, saying why, when the customer has no valid phone', async () => {
    signInAs(['bo:manage:orders']);
    mockApi({ 'GET /api/settings/whatsapp-templates': { body: templates('Pedido {codigo}') } });
    renderPage(<OrderWhatsAppButton order={makeOrderDetail({ statusKey: 4, customerPhone: '98765' })} />);
    const button = await screen.findByRole('button', { name: 'Enviar pelo WhatsApp' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(true));
    const reason = screen.getByRole('group', {
      name: 'O cliente não tem um celular válido cadastrado (DDD e número).',
    });
    // The keyboard reaches the reason: Tab focuses the wrapper, which shows the tooltip.
    await userEvent.setup().tab();
    expect(document.activeElement).toBe(reason);
    expect(await screen.findByRole('tooltip')).toBeTruthy();
  });
});
