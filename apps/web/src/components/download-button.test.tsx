import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client';
import { renderPage } from '../test/render';
import { DownloadButton } from './download-button';

/** A download the test ends by hand: `finish()` saves the file, `fail(error)` refuses it. */
function heldDownload() {
  let finish = () => {};
  let fail: (error: unknown) => void = () => {};
  const download = () =>
    new Promise<void>((resolve, reject) => {
      finish = resolve;
      fail = reject;
    });
  return { download, finish: () => finish(), fail: (error: unknown) => fail(error) };
}

const FAILED = 'Não foi possível baixar o recibo.';

/** 'Recibo', whose download waits for the test: it returns the button and how to end the download. */
function renderReceipt() {
  const held = heldDownload();
  renderPage(
    <DownloadButton download={held.download} failedText={FAILED}>
      Recibo
    </DownloadButton>,
  );
  return { ...held, button: screen.getByRole('button', { name: 'Recibo' }) as HTMLButtonElement };
}

describe('DownloadButton', () => {
  it('waits, disabled, until the file is saved, then can be clicked again', async () => {
    const { button, finish } = renderReceipt();
    await userEvent.click(button);
    expect(button.disabled).toBe(true);
    finish();
    await waitFor(() => expect(button.disabled).toBe(false));
    expect(screen.queryByText(FAILED)).toBeNull();
  });

  it("says the server's reason for a refusal (4xx), its own text for a failure the server does not explain", async () => {
    const { button, fail } = renderReceipt();
    await userEvent.click(button);
    fail(new ApiError(404, ['Pagamento não encontrado.']));
    expect(await screen.findByText('Pagamento não encontrado.')).toBeTruthy();
    await waitFor(() => expect(button.disabled).toBe(false));

    await userEvent.click(button);
    fail(new ApiError(500, ['Erro interno.']));
    expect(await screen.findByText(FAILED)).toBeTruthy();
    expect(button.disabled).toBe(false);
  });
});
