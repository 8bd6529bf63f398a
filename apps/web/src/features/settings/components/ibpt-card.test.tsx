import { IBPT_MAX_BYTES, IBPT_TEXTS, type IbptSummary, type IbptTable } from '@backoffice/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type MockCall, mockFetch, renderPage, signInAs } from '../../../test/render';
import { ISSUER } from '../fiscal-test-data';
import { uploadsThroughFetch } from '../test-uploads';
import { FiscalSection } from './fiscal-section';

const SP: IbptTable = {
  uf: 'SP',
  version: '26.1.G',
  key: '9oi7eW',
  source: 'IBPT',
  validFrom: '2026-10-01',
  validUntil: '2026-12-31',
  rows: 13_871,
  expired: false,
  importedAt: '2026-11-21T13:05:00.000Z',
  importedBy: 'Ana Administradora',
};

/** 'Fiscal' with the saved issuer (SP) and the IBPT tables `summary`; uploads go through the mocked fetch. */
function openFiscal(summary: IbptSummary, routes: Parameters<typeof mockFetch>[0] = {}) {
  signInAs(['bo:manage:settings']);
  const uploads = uploadsThroughFetch();
  const calls = mockFetch({
    'GET /api/fiscal/issuer': { body: { data: ISSUER } },
    'GET /api/fiscal/certificate': { body: { data: null } },
    'GET /api/fiscal/profiles': { body: { data: [] } },
    'GET /api/fiscal/ibpt': { body: { data: summary } },
    ...routes,
  });
  const user = userEvent.setup();
  renderPage(<FiscalSection />);
  return { user, calls, uploads };
}

const card = () => screen.getByRole('region', { name: 'Tabela IBPT' });
const posts = (calls: MockCall[]) => calls.filter((call) => call.method === 'POST');
const csv = (bytes: number) => new File([new Uint8Array(bytes)], 'TabelaIBPTaxSP26.1.G.csv', { type: 'text/csv' });

describe("'Tabela IBPT' (issue 55 §2)", () => {
  it("shows the issuer's state's table: version, validity, rows, key, source, who imported it and when", async () => {
    openFiscal({ issuerUf: 'SP', tables: [SP] });
    const shown = within(card());
    expect(await shown.findByText('Tabela de SP')).toBeTruthy();
    expect(shown.getByText('26.1.G')).toBeTruthy();
    expect(shown.getByText('01/10/2026 a 31/12/2026')).toBeTruthy();
    expect(shown.getByText('13.871')).toBeTruthy();
    expect(shown.getByText('9oi7eW')).toBeTruthy();
    expect(shown.getByText('21/11/2026 10:05 por Ana Administradora')).toBeTruthy();
    expect(shown.queryByRole('alert')).toBeNull();
  });

  it('warns once the validity has ended, and when the issuer’s state has no table', async () => {
    openFiscal({ issuerUf: 'SP', tables: [{ ...SP, uf: 'RJ', validUntil: '2026-09-30', expired: true }] });
    const shown = within(card());
    expect(
      await shown.findByText(
        'A vigência desta tabela terminou em 30/09/2026: as notas saem sem os tributos aproximados até a nova ser importada.',
      ),
    ).toBeTruthy();
    expect(
      shown.getByText('Nenhuma tabela da UF do emitente (SP) importada: as notas saem sem os tributos aproximados.'),
    ).toBeTruthy();
  });

  it("refuses a file over the limit before sending; sends the issuer's state and the CSV; says the server's refusal", async () => {
    let answer = 0;
    const refusal = IBPT_TEXTS.line(3, IBPT_TEXTS.columns(7));
    const { user, calls, uploads } = openFiscal(
      { issuerUf: 'SP', tables: [] },
      {
        'POST /api/fiscal/ibpt': () =>
          answer++ === 0
            ? { status: 400, body: { errors: [refusal], code: 'BAD_REQUEST' } }
            : { status: 201, body: { data: SP } },
      },
    );
    expect(
      await within(card()).findByText('Nenhuma tabela importada: as notas saem sem os tributos aproximados.'),
    ).toBeTruthy();
    const input = within(card()).getByTestId('ibpt-file') as HTMLInputElement;
    expect(input.accept).toBe('.csv,text/csv');

    await user.upload(input, csv(IBPT_MAX_BYTES + 1));
    expect(await within(card()).findByText(IBPT_TEXTS.tooLarge)).toBeTruthy();
    expect(posts(calls)).toHaveLength(0);

    await user.upload(input, csv(2048));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    const form = uploads[0] as FormData;
    expect(form.get('uf')).toBe('SP');
    expect((form.get('file') as File).size).toBe(2048);
    expect(posts(calls)[0]?.url).toBe('/api/fiscal/ibpt');
    expect(await within(card()).findByText(refusal)).toBeTruthy();

    await user.upload(input, csv(2048));
    expect(await screen.findByText('Tabela IBPT de SP importada: 13.871 linhas.')).toBeTruthy();
  });
});
