import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { openQuote } from '../../../test/quotes';
import { type MockCall, mockFetch, renderPage, signInAs } from '../../../test/render';
import { QuoteDialog } from './quote-dialog';

/** The quotes' dialog opened on quote 5 or 6, as the list opens it. */
function Harness() {
  const [id, setId] = useState<number | null>(5);
  return (
    <>
      <button type="button" onClick={() => setId(6)}>
        outro
      </button>
      <QuoteDialog id={id} onClose={() => setId(null)} />
    </>
  );
}

const keyOf = (call: MockCall | undefined) => call?.headers['Idempotency-Key'];

describe('the quote dialog', () => {
  it("sends one Idempotency-Key per quote: the retry of a quote sends its key, another quote never does; WhatsApp sends the server's message", async () => {
    signInAs(['internal_sales']);
    const calls = mockFetch({
      'GET /api/quotes/5': { body: { data: openQuote(5) } },
      'GET /api/quotes/6': { body: { data: openQuote(6) } },
      'POST /api/quotes/5/convert': () => 'network-error',
      'POST /api/quotes/6/convert': () => 'network-error',
    });
    const user = userEvent.setup();
    renderPage(<Harness />);
    const dialog = await screen.findByRole('dialog', { name: /Orçamento nº 5/ });
    const link = await within(dialog).findByRole('link', { name: 'Enviar pelo WhatsApp' });
    expect(decodeURIComponent(link.getAttribute('href') ?? '')).toBe(
      'https://wa.me/5511987654321?text=Oi Cliente 5! Orçamento nº 5.',
    );
    expect(within(dialog).getByText('(11) 98765-4321')).toBeTruthy();
    const converts = () => calls.filter((call) => call.method === 'POST');

    // Quote 5 fails twice (no answer): the same key both times.
    await user.click(within(dialog).getByRole('button', { name: 'Converter em pedido' }));
    await waitFor(() => expect(converts()).toHaveLength(1));
    await waitFor(() =>
      expect((within(dialog).getByRole('button', { name: 'Converter em pedido' }) as HTMLButtonElement).disabled).toBe(
        false,
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Converter em pedido' }));
    await waitFor(() => expect(converts()).toHaveLength(2));
    const five = keyOf(converts()[0]);
    expect(five).toBeTruthy();
    expect(keyOf(converts()[1])).toBe(five);

    // Quote 6 in the same dialog: its own key.
    await user.click(screen.getByRole('button', { name: 'outro', hidden: true }));
    const six = await screen.findByRole('dialog', { name: /Orçamento nº 6/ });
    await within(six).findByText('Cliente 6', { exact: false });
    await user.click(within(six).getByRole('button', { name: 'Converter em pedido' }));
    await waitFor(() => expect(converts()).toHaveLength(3));
    expect(converts()[2]?.url).toBe('/api/quotes/6/convert');
    expect(keyOf(converts()[2])).not.toBe(five);
  });
});
