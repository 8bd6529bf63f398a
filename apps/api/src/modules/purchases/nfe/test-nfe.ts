/**
 * The test notes: sample-nfe.ts's builder with a default issuer (the one the sample certificate names), the
 * shop's CNPJ of the tests as recipient, and the issue's examples. The fixtures of the reader's tests, the API
 * tests, the browser journey and the benchmark.
 */

import { SAMPLE_NFE_CERTIFICATE_CNPJ } from '../../../lib/nfe/sample-nfe-certificate';
import { testImei } from '../../../lib/nfe/test-imei';
import {
  buildSampleNfe,
  type SampleNfe,
  type SampleNfeIssuer,
  type SampleNfeItemSpec,
  type SampleNfeSpec,
} from './sample-nfe';

export type TestNfeIssuer = SampleNfeIssuer;
export type TestNfeItemSpec = SampleNfeItemSpec;
export type TestNfe = SampleNfe;

/** A note's spec with the test defaults: any field of the issuer, and the recipient, may be left out. */
export interface TestNfeSpec extends Omit<SampleNfeSpec, 'issuer' | 'recipientCnpj'> {
  issuer?: Partial<TestNfeIssuer>;
  /** dest/CNPJ, TEST_NFE_RECIPIENT_CNPJ by default. */
  recipientCnpj?: string;
}

export const TEST_NFE_ISSUER: TestNfeIssuer = {
  cnpj: SAMPLE_NFE_CERTIFICATE_CNPJ,
  name: 'DISTRIBUIDORA MODELO DE CELULARES LTDA',
  tradeName: 'Modelo Distribuidora',
  stateRegistration: '110042490114',
  phone: '1133334444',
  street: 'Rua Santa Ifigênia',
  number: '300',
  complement: 'Loja 12',
  district: 'Santa Ifigênia',
  cityCode: '3550308',
  city: 'São Paulo',
  state: 'SP',
  postalCode: '01207001',
};

/** The shop's CNPJ in test notes (dest). */
export const TEST_NFE_RECIPIENT_CNPJ = '44555666000181';

/** The issue's worked example: 10 iPhones at R$ 3.200,00 (freight R$ 158,02), 50 cases at R$ 8,00 (freight R$ 1,98), two instalments. */
export function workedExampleNfeSpec(overrides: Partial<TestNfeSpec> = {}): TestNfeSpec {
  return {
    number: 4512,
    items: [
      {
        code: 'IPH15-128-PT',
        name: 'Apple iPhone 15 128GB Preto',
        gtin: '0195949036002',
        ncm: '85171300',
        cest: '2105300',
        qty: 10,
        unitValue: '3200.00',
        freight: '158.02',
      },
      {
        code: 'CAPA-IPH15-TR',
        name: 'Capa transparente iPhone 15',
        gtin: '7891234567895',
        ncm: '39269090',
        qty: 50,
        unitValue: '8.00',
        freight: '1.98',
      },
    ],
    instalments: [
      { number: '001', dueDate: '2026-12-20', amount: '16280.00' },
      { number: '002', dueDate: '2027-01-19', amount: '16280.00' },
    ],
    ...overrides,
  };
}

/** A note of `count` items (the benchmark's 500): phones with their IMEIs in infAdProd and cases. */
export function manyItemsNfeSpec(count: number, overrides: Partial<TestNfeSpec> = {}): TestNfeSpec {
  const items: TestNfeItemSpec[] = [];
  for (let i = 1; i <= count; i++) {
    const phone = i % 5 === 0;
    const code = String(i).padStart(4, '0');
    items.push({
      code: phone ? `CEL-${code}` : `ACS-${code}`,
      name: phone ? `Smartphone modelo ${code} 128GB` : `Película de vidro modelo ${code}`,
      gtin: null,
      ncm: phone ? '85171300' : '39199090',
      qty: phone ? 2 : 20,
      unitValue: phone ? '1500.00' : '3.75',
      freight: phone ? '12.34' : '0.66',
      infAdProd: phone ? `IMEI: ${testImei(i * 2)} ${testImei(i * 2 + 1)}` : undefined,
    });
  }
  return { number: 9000 + count, items, ...overrides };
}

export { testImei };

/** Builds the note's XML (sample-nfe.ts) with the test defaults. */
export function buildTestNfe(spec: TestNfeSpec): TestNfe {
  return buildSampleNfe({
    ...spec,
    issuer: { ...TEST_NFE_ISSUER, ...spec.issuer },
    recipientCnpj: spec.recipientCnpj ?? TEST_NFE_RECIPIENT_CNPJ,
  });
}
