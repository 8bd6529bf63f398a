import { REPAIR_TEXTS, repairSchema } from '@backoffice/contract';
import Button from '@mui/material/Button';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderPage, signInAs } from '../../../test/render';
import { IN_DIAGNOSIS } from '../test-data';
import { RepairDialog } from './repair-dialog';

const PASSWORD_URL = '/api/repairs/12/device-password';

/** The service order's dialog, opened and closed as the lists do. */
function Harness() {
  const [open, setOpen] = useState(true);
  return open ? (
    <RepairDialog id={12} onClose={() => setOpen(false)} />
  ) : (
    <Button onClick={() => setOpen(true)}>Abrir a OS</Button>
  );
}

const passwordCalls = (calls: { url: string }[]) => calls.filter((call) => call.url === PASSWORD_URL);

describe("'Mostrar senha' in the service order's dialog (issue 54 item 5)", () => {
  it('the technician asks for it, reads it in monospace, told it is audited; hidden again, asked again after closing', async () => {
    signInAs([], 'Gustavo Técnico', 4);
    const calls = mockFetch({
      'GET /api/repairs/12': { body: { data: IN_DIAGNOSIS } },
      [`GET ${PASSWORD_URL}`]: { body: { data: { devicePassword: 'padrão L 7415963' } } },
    });
    renderPage(<Harness />);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Ordem de serviço OS 12' });
    expect(within(dialog).getByText('Senha/padrão: guardada em sigilo')).toBeTruthy();
    expect(within(dialog).getByText('A leitura fica registrada na auditoria.')).toBeTruthy();
    expect(within(dialog).queryByTestId('device-password')).toBeNull();
    expect(passwordCalls(calls)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Mostrar senha' }));
    const shown = await within(dialog).findByTestId('device-password');
    expect(shown.textContent).toBe('padrão L 7415963');
    expect(shown.tagName).toBe('CODE');
    expect(getComputedStyle(shown).fontFamily).toContain('monospace');
    expect(passwordCalls(calls)).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: 'Ocultar senha' }));
    expect(within(dialog).queryByTestId('device-password')).toBeNull();
    expect(within(dialog).queryByText('padrão L 7415963')).toBeNull();

    // Shown again, then the dialog closed: reopened, the password is hidden and asked for (and audited) anew.
    await user.click(within(dialog).getByRole('button', { name: 'Mostrar senha' }));
    await within(dialog).findByTestId('device-password');
    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    await user.click(await screen.findByRole('button', { name: 'Abrir a OS' }));
    const reopened = await screen.findByRole('dialog', { name: 'Ordem de serviço OS 12' });
    expect(within(reopened).queryByText('padrão L 7415963')).toBeNull();
    await user.click(within(reopened).getByRole('button', { name: 'Mostrar senha' }));
    await within(reopened).findByTestId('device-password');
    expect(passwordCalls(calls)).toHaveLength(3);
  });

  it("the server's refusal is shown in Portuguese, and nothing is revealed", async () => {
    signInAs(['bo:manage:repairs'], 'Beatriz Atendente', 2);
    mockFetch({
      'GET /api/repairs/12': { body: { data: IN_DIAGNOSIS } },
      [`GET ${PASSWORD_URL}`]: {
        status: 409,
        body: { errors: [REPAIR_TEXTS.devicePasswordErased], code: 'REPAIR_NO_DEVICE_PASSWORD' },
      },
    });
    renderPage(<RepairDialog id={12} onClose={() => undefined} />);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Ordem de serviço OS 12' });
    await user.click(within(dialog).getByRole('button', { name: 'Mostrar senha' }));
    expect(await within(dialog).findByText(REPAIR_TEXTS.devicePasswordErased)).toBeTruthy();
    expect(within(dialog).queryByTestId('device-password')).toBeNull();
    await waitFor(() =>
      expect((within(dialog).getByRole('button', { name: 'Mostrar senha' }) as HTMLButtonElement).disabled).toBe(false),
    );
  });

  it('no button when no password is kept, nor once the device left', async () => {
    signInAs(['bo:manage:repairs'], 'Beatriz Atendente', 2);
    const none = repairSchema.parse({ ...IN_DIAGNOSIS, hasDevicePassword: false });
    const delivered = repairSchema.parse({
      ...IN_DIAGNOSIS,
      id: 13,
      number: 13,
      status: 'DELIVERED',
      statusLabel: 'Entregue',
      hasDevicePassword: false,
      actions: [],
    });
    mockFetch({
      'GET /api/repairs/12': { body: { data: none } },
      'GET /api/repairs/13': { body: { data: delivered } },
    });
    const first = renderPage(<RepairDialog id={12} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Ordem de serviço OS 12' });
    expect(within(dialog).getByText('Senha/padrão: não informada')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Mostrar senha' })).toBeNull();
    first.unmount();

    renderPage(<RepairDialog id={13} onClose={() => undefined} />);
    const closed = await screen.findByRole('dialog', { name: 'Ordem de serviço OS 13' });
    expect(within(closed).getByText('Senha/padrão: apagada na saída do aparelho')).toBeTruthy();
    expect(within(closed).queryByRole('button', { name: 'Mostrar senha' })).toBeNull();
  });
});
