import type { DpsInput } from './dps';

/**
 * The R$ 120,00 of labour of the R$ 470,00 repair, in São Paulo (3550308), a Simples ME/EPP whose approximate
 * Simples Nacional rate is 6,00 % (its totTrib/pTotTribSN: Anexo I E0712).
 */
export function labourDps(overrides: Partial<DpsInput> = {}): DpsInput {
  return {
    environment: 2,
    // 10:15:00 in Brasília.
    issuedAt: new Date('2026-11-27T13:15:00Z'),
    series: '1',
    number: 7,
    cityCode: '3550308',
    provider: { cnpj: '11222333000181', simplesOption: 3, specialRegime: 0 },
    taker: { document: '52998224725', name: 'Rita Reparo' },
    nationalTaxCode: '140101',
    description: 'Mão de obra do reparo OS 12 & troca de tela <iPhone 12>',
    amountCents: 12_000,
    issRateHundredths: 200,
    approximateTaxes: { kind: 'simples', rateHundredths: 600 },
    ...overrides,
  };
}
