import { CERTIFICATE_MAX_BYTES, FISCAL_SETUP_TEXTS, type FiscalCertificate } from '@backoffice/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type MockCall, mockFetch, renderPage, signInAs } from '../../../test/render';
import { CERTIFICATE, ISSUER } from '../fiscal-test-data';
import { uploadsThroughFetch } from '../test-uploads';
import { FiscalSection } from './fiscal-section';

/** 'Fiscal' with the saved issuer and `certificate` installed (or none); uploads go through the mocked fetch. */
function openFiscal(certificate: FiscalCertificate | null, routes: Parameters<typeof mockFetch>[0] = {}) {
  signInAs(['bo:manage:settings']);
  const uploads = uploadsThroughFetch();
  const calls = mockFetch({
    'GET /api/fiscal/issuer': { body: { data: ISSUER } },
    'GET /api/fiscal/certificate': { body: { data: certificate } },
    'GET /api/fiscal/profiles': { body: { data: [] } },
    ...routes,
  });
  const user = userEvent.setup();
  renderPage(<FiscalSection />);
  return { user, calls, uploads };
}

const card = () => screen.getByRole('region', { name: 'Certificado digital (A1)' });
const posts = (calls: MockCall[]) => calls.filter((call) => call.method === 'POST');
/** A .pfx of `bytes` bytes. */
const pfx = (bytes: number, name = 'certificado.pfx') =>
  new File([new Uint8Array(bytes)], name, { type: 'application/x-pkcs12' });

describe("'Certificado digital (A1)' (issue 41 §1)", () => {
  it('shows the holder, the CNPJ, the validity with the days left, the fingerprint and who sent it', async () => {
    openFiscal(CERTIFICATE);
    const shown = within(card());
    expect(await shown.findByText('DISTRIBUIDORA MODELO DE CELULARES LTDA')).toBeTruthy();
    expect(shown.getByText('11.222.333/0001-81')).toBeTruthy();
    const validity = shown.getByText('Válido até 10/04/2027 · faltam 140 dias');
    expect(validity.closest('.MuiAlert-colorSuccess')).toBeTruthy();
    expect(shown.getByText('09/04/2026 a 10/04/2027')).toBeTruthy();
    expect(shown.getByText('01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67')).toBeTruthy();
    expect(shown.getByText('4F1A2026')).toBeTruthy();
    expect(shown.getByText('21/11/2026 10:05 por Ana Administradora')).toBeTruthy();
    expect(shown.getByRole('button', { name: 'Remover o certificado' })).toBeTruthy();
  });

  it('warns under 30 days, in the warning colour', async () => {
    openFiscal({ ...CERTIFICATE, daysToExpiry: 12 });
    const soon = await within(card()).findByText(
      'Válido até 10/04/2027 · faltam 12 dias. Envie o novo certificado antes de vencer.',
    );
    expect(soon.closest('.MuiAlert-colorWarning')).toBeTruthy();
  });

  it('an expired certificate reads in the error colour', async () => {
    openFiscal({ ...CERTIFICATE, notAfter: '2026-01-10T15:00:00.000Z', daysToExpiry: -30, expired: true });
    const expired = await within(card()).findByText(
      'Vencido em 10/01/2026: nenhuma nota é emitida até o novo ser enviado.',
    );
    expect(expired.closest('.MuiAlert-colorError')).toBeTruthy();
  });

  it('refuses a 65 KB file before sending; sends the .pfx and its password as multipart; says the refusal', async () => {
    let answer = 0;
    const { user, calls, uploads } = openFiscal(null, {
      'POST /api/fiscal/certificate': () =>
        answer++ === 0
          ? { status: 400, body: { errors: [FISCAL_SETUP_TEXTS.certificatePasswordWrong], code: 'BAD_REQUEST' } }
          : { status: 201, body: { data: CERTIFICATE } },
    });
    expect(await within(card()).findByText(/Nenhum certificado instalado/)).toBeTruthy();
    await user.click(within(card()).getByRole('button', { name: 'Enviar certificado' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enviar certificado A1' });
    const input = within(dialog).getByTestId('certificate-file') as HTMLInputElement;
    expect(input.accept).toBe('.pfx,.p12,application/x-pkcs12');

    // 65 KB: over the server's limit, refused here, nothing sent.
    await user.upload(input, pfx(65 * 1024));
    expect(65 * 1024).toBeGreaterThan(CERTIFICATE_MAX_BYTES);
    expect(await within(dialog).findByText(FISCAL_SETUP_TEXTS.certificateTooLarge)).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/^Senha do certificado/), 'Senha do A1 de teste 2026');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(posts(calls)).toHaveLength(0);
    expect(uploads).toHaveLength(0);

    // A real one: 3 KB.
    await user.upload(input, pfx(3200));
    expect(within(dialog).getByText('certificado.pfx (3,1 KB)')).toBeTruthy();
    await waitFor(() => expect(within(dialog).queryByText(FISCAL_SETUP_TEXTS.certificateTooLarge)).toBeNull());
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    // Multipart: the password and the file, as the server reads them.
    const form = uploads[0] as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('password')).toBe('Senha do A1 de teste 2026');
    expect((form.get('file') as File).name).toBe('certificado.pfx');
    expect((form.get('file') as File).size).toBe(3200);
    expect(posts(calls)[0]?.url).toBe('/api/fiscal/certificate');
    expect(posts(calls)[0]?.headers.Authorization).toMatch(/^Bearer /);
    // The server's refusal in Portuguese, inside the dialog, which stays with what was chosen.
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      FISCAL_SETUP_TEXTS.certificatePasswordWrong,
    );
    expect(within(dialog).getByText('certificado.pfx (3,1 KB)')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText(FISCAL_SETUP_TEXTS.certificateUploaded)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Enviar certificado A1' })).toBeNull());
    expect(await within(card()).findByText('DISTRIBUIDORA MODELO DE CELULARES LTDA')).toBeTruthy();
  });

  it('a self-signed certificate, accepted, is answered with the warning that the SEFAZ will refuse it', async () => {
    const warning = 'Certificado não emitido pela ICP-Brasil: a SEFAZ o recusará.';
    const { user } = openFiscal(null, {
      'POST /api/fiscal/certificate': { status: 201, body: { data: { ...CERTIFICATE, warning } } },
    });
    expect(await within(card()).findByText(/Nenhum certificado instalado/)).toBeTruthy();
    expect(within(card()).queryByText(warning)).toBeNull();
    await user.click(within(card()).getByRole('button', { name: 'Enviar certificado' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enviar certificado A1' });
    await user.upload(within(dialog).getByTestId('certificate-file') as HTMLInputElement, pfx(3200));
    await user.type(within(dialog).getByLabelText(/^Senha do certificado/), 'Senha do A1 de teste 2026');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Enviar certificado A1' })).toBeNull());
    // Installed (its holder shown), the warning beside its validity, in the warning colour.
    expect(await within(card()).findByText('DISTRIBUIDORA MODELO DE CELULARES LTDA')).toBeTruthy();
    const shown = within(card()).getByText(warning);
    expect(shown.closest('.MuiAlert-colorWarning')).toBeTruthy();
  });

  it('a certificate issued under ICP-Brasil reads without the warning', async () => {
    openFiscal(CERTIFICATE);
    expect(await within(card()).findByText('DISTRIBUIDORA MODELO DE CELULARES LTDA')).toBeTruthy();
    expect(within(card()).queryByText(/ICP-Brasil/)).toBeNull();
  });

  it('refuses a file that is not a .pfx or .p12, and asks the password', async () => {
    const { user, calls } = openFiscal(null);
    await user.click(await within(card()).findByRole('button', { name: 'Enviar certificado' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enviar certificado A1' });
    // Past the input's `accept` (a file picker's "all files"): still refused here.
    fireEvent.change(within(dialog).getByTestId('certificate-file'), {
      target: { files: [pfx(2000, 'certificado.pem')] },
    });
    expect(await within(dialog).findByText(FISCAL_SETUP_TEXTS.certificateNotPfx)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(await within(dialog).findByText(FISCAL_SETUP_TEXTS.certificatePasswordRequired)).toBeTruthy();
    expect(posts(calls)).toHaveLength(0);
  });

  it("'Remover' asks first, then DELETE; the card then says none is installed", async () => {
    const { user, calls } = openFiscal(CERTIFICATE, { 'DELETE /api/fiscal/certificate': { body: { data: null } } });
    await user.click(await within(card()).findByRole('button', { name: 'Remover o certificado' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remover o certificado?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(within(card()).getByRole('button', { name: 'Remover o certificado' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Remover o certificado?' })).getByRole('button', {
        name: 'Remover',
      }),
    );
    expect(await screen.findByText(FISCAL_SETUP_TEXTS.certificateRemoved)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      '/api/fiscal/certificate',
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await within(card()).findByText(/Nenhum certificado instalado/)).toBeTruthy();
  });
});
