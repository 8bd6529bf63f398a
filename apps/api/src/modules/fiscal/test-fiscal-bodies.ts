import type { FiscalIssuerBody, FiscalProfileBody } from '@backoffice/contract';

/** The issuer and profile the tests save, kept apart from test-fiscal.ts so that the journeys import them without the app. */

/** A whole issuer as the form sends it: the sample certificate's company in São Paulo, Simples Nacional. */
export function issuerBody(overrides: Partial<FiscalIssuerBody> = {}): FiscalIssuerBody {
  return {
    cnpj: '11.222.333/0001-81',
    ie: '123.456.789.110',
    legalName: 'Distribuidora Modelo de Celulares Ltda',
    tradeName: 'Modelo Celulares',
    crt: 1,
    address: {
      street: 'Avenida Paulista',
      number: '1000',
      complement: 'Conjunto 12',
      district: 'Bela Vista',
      cep: '01310-100',
      uf: 'SP',
      cityCode: '3550308',
    },
    phone: '(11) 3456-7890',
    environment: 2,
    nfe: { series: 1, nextNumber: 1 },
    nfce: { series: 1, nextNumber: 1 },
    cscId: '000001',
    cscToken: 'A1B2C3D4E5F6G7H8I9J0K1L2M3N4O5P6Q7R8',
    ...overrides,
  };
}

/** A Simples Nacional profile for every product (the default): CSOSN 102, PIS/COFINS 49, no rate. */
export function simplesProfileBody(name: string): FiscalProfileBody {
  return {
    name,
    isDefault: true,
    cfopInState: '5102',
    cfopOutOfState: '6102',
    icmsCst: null,
    icmsCsosn: '102',
    icmsRate: 0,
    pisCst: '49',
    pisRate: 0,
    cofinsCst: '49',
    cofinsRate: 0,
    ibsCbs: null,
  };
}
