import type { NfseSettings } from '@backoffice/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderPage, signInAs } from '../../../test/render';
import { NfseCard } from './nfse-card';

const SETTINGS: NfseSettings = {
  national: true,
  serviceItem: '14.01',
  nationalTaxCode: '140101',
  issRate: 2,
  simplesOption: 3,
  specialRegime: 0,
  simplesTaxRate: null,
  municipalRegistration: null,
  dpsSeries: '1',
  nextDpsNumber: 8,
  productionUrl: '',
  homologationUrl: '',
  cityCode: '3550308',
  cityName: 'São Paulo',
};

describe("'NFS-e' in 'Configurações' → 'Fiscal' (issue 56 §4)", () => {
  it("shows the issuer's city and saves a city not national with its ISS rate typed with a comma", async () => {
    signInAs(['bo:manage:settings']);
    const calls = mockFetch({
      'GET /api/fiscal/nfse/settings': { body: { data: SETTINGS } },
      'PUT /api/fiscal/nfse/settings': (call) => ({ body: { data: { ...SETTINGS, ...(call.body as object) } } }),
    });
    renderPage(<NfseCard />);
    const card = within(await screen.findByRole('region', { name: 'NFS-e (mão de obra dos reparos)' }));
    expect(await card.findByText('Município: São Paulo (IBGE 3550308)')).toBeTruthy();
    expect(card.getByText('Próximo número da DPS: 8')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(card.getByRole('switch', { name: 'Município aderente ao padrão nacional' }));
    expect(card.getByText("Não aderente: a mão de obra fica em 'Serviços a faturar' para o contador.")).toBeTruthy();
    const rate = card.getByLabelText('Alíquota do ISS (%)');
    await user.clear(rate);
    await user.type(rate, '2,5');
    // An ME/EPP says its Simples Nacional approximate rate (the DPS's pTotTribSN), typed with a comma.
    await user.type(card.getByLabelText('Alíquota aproximada do Simples Nacional (%)'), '6,25');
    // Registered in the city's CNC: its 'Inscrição municipal' goes on every DPS (Anexo I's E0116 without it).
    await user.type(card.getByLabelText('Inscrição municipal'), '1234567-8');
    await user.click(card.getByRole('button', { name: 'Salvar' }));
    await screen.findByText('Configurações da NFS-e salvas.');
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      national: false,
      serviceItem: '14.01',
      nationalTaxCode: '140101',
      issRate: 2.5,
      simplesOption: 3,
      specialRegime: 0,
      simplesTaxRate: 6.25,
      municipalRegistration: '1234567-8',
      dpsSeries: '1',
      productionUrl: '',
      homologationUrl: '',
    });
  });
});
