/**
 * Notes for the tests, the benchmark and the browser journey (issue 41): the worked example (two phones at
 * R$ 1.000,00 and R$ 30,00 of freight to a company in RJ, Simples Nacional), the profiles of the Simples and of the
 * Regime Normal with 2026's IBS/CBS test rates, and a note of many items. Signed by the purchases' sample
 * certificate (CNPJ 11222333000181). A plain module, no test framework.
 */
import { IBS_CBS_2026, percentToTenThousandths } from '@backoffice/contract';
import { SAMPLE_NFE_SIGNER } from '../../../lib/nfe/sample-nfe-certificate';
import { testImei } from '../../../lib/nfe/test-imei';
import type { ItemTaxes, NfeInput, NfeItem } from './nfe-input';

export const TEST_SIGNER = SAMPLE_NFE_SIGNER;

/** Simples Nacional: CSOSN 102, PIS and COFINS 49 at zero; CFOP 5102 inside the state, 6102 outside. */
export const SIMPLES: ItemTaxes = {
  cfopInState: '5102',
  cfopOutState: '6102',
  icms: { kind: 'CSOSN', code: '102' },
  pis: { cst: '49', rate: 0 },
  cofins: { cst: '49', rate: 0 },
};
/** Regime Normal: ICMS 18 %, PIS 1,65 %, COFINS 7,6 %, CBS 0,9 %, IBS UF 0,1 %, IBS Mun 0 % (2026's test rates). */
export const NORMAL: ItemTaxes = {
  cfopInState: '5102',
  cfopOutState: '6102',
  icms: { kind: 'CST', code: '00', rate: 180_000 },
  pis: { cst: '01', rate: 16_500 },
  cofins: { cst: '01', rate: 76_000 },
  ibsCbs: {
    cst: IBS_CBS_2026.cst,
    classTrib: IBS_CBS_2026.cClassTrib,
    cbsRate: percentToTenThousandths(IBS_CBS_2026.cbsRate),
    ibsUfRate: percentToTenThousandths(IBS_CBS_2026.ibsUfRate),
    ibsMunRate: percentToTenThousandths(IBS_CBS_2026.ibsMunRate),
  },
};

export const SP_ADDRESS = {
  street: 'Rua Vinte e Cinco de Março',
  number: '1000',
  district: 'Centro',
  cityCode: '3550308',
  cityName: 'São Paulo',
  uf: 'SP',
  cep: '01021200',
  phone: '1133334444',
};
export const RJ_ADDRESS = {
  street: 'Rua Uruguaiana',
  number: '50',
  complement: 'Loja 3',
  district: 'Centro',
  cityCode: '3304557',
  cityName: 'Rio de Janeiro',
  uf: 'RJ',
  cep: '20050091',
};

export function phone(quantity: number, overrides: Partial<NfeItem> = {}): NfeItem {
  return {
    code: '100245',
    gtin: '7891234567895',
    name: 'Smartphone Galaxy A55 128 GB',
    ncm: '85171300',
    cest: '2106400',
    origin: 0,
    unit: 'UN',
    quantity,
    unitPriceCents: 100_000,
    imeis: Array.from({ length: quantity }, (_, i) => [testImei(i + 1)]),
    taxes: SIMPLES,
    ...overrides,
  };
}

/** The worked example: two phones at R$ 1.000,00 and R$ 30,00 of freight to a company in RJ, Simples. */
export function workedExample(overrides: Partial<NfeInput> = {}): NfeInput {
  return {
    model: 55,
    environment: 1,
    series: 1,
    number: 4512,
    numericCode: '38471625',
    issuedAt: '2026-11-26T10:15:00-03:00',
    emission: { type: 'normal' },
    natureOfOperation: 'Venda de mercadoria',
    issuer: {
      cnpj: '11222333000181',
      ie: '111222333444',
      name: 'DISTRIBUIDORA MODELO DE CELULARES LTDA',
      tradeName: 'Modelo Celulares',
      crt: 1,
      address: SP_ADDRESS,
    },
    recipient: {
      document: '44555666000181',
      name: 'Loja de Celulares Carioca Ltda',
      ie: '86123456',
      email: 'compras@carioca.example.com',
      address: RJ_ADDRESS,
    },
    items: [phone(2)],
    freightCents: 3_000,
    insuranceCents: 0,
    discountCents: 0,
    otherCents: 0,
    freightMode: 0,
    payments: [{ type: '17', amountCents: 203_000 }],
    additionalInfo: 'Pedido AB1-2CD.',
    ...overrides,
  };
}

/** A note of `count` items of Regime Normal with IBS/CBS: every other one a phone of 2 units with its IMEIs. */
export function manyItemsInput(count: number, overrides: Partial<NfeInput> = {}): NfeInput {
  const items: NfeItem[] = Array.from({ length: count }, (_, i) =>
    i % 2 === 0
      ? phone(2, {
          code: `CEL-${i}`,
          name: `Smartphone modelo ${i}`,
          taxes: NORMAL,
          imeis: [[testImei(4 * i)], [testImei(4 * i + 1)]],
        })
      : phone(5, {
          code: `ACE-${i}`,
          name: `Capa de silicone ${i}`,
          ncm: '39269090',
          cest: null,
          gtin: null,
          unitPriceCents: 4_990,
          taxes: NORMAL,
          imeis: [],
        }),
  );
  const total = items.reduce((sum, item) => sum + item.quantity * item.unitPriceCents, 0);
  return workedExample({
    issuer: { ...workedExample().issuer, crt: 3 },
    items,
    freightCents: 0,
    payments: [{ type: '17', amountCents: total }],
    ...overrides,
  });
}
