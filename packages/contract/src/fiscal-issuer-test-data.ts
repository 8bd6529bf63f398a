import type { FiscalIssuer } from './fiscal-issuer-schemas';

/**
 * Test fixture (not exported from the package's index; import as `@backoffice/contract/fiscal-issuer-test-data`):
 * the issuer GET /fiscal/issuer answers before one is saved, the company's CNPJ and name suggested and every other
 * field at the server's default. The API's tests check the server answers it; the web's tests show it.
 */
export function unsavedIssuer(company: { cnpj: string; legalName: string }): FiscalIssuer {
  return {
    saved: false,
    cnpj: company.cnpj,
    ie: null,
    legalName: company.legalName,
    tradeName: null,
    crt: null,
    address: null,
    phone: null,
    environment: 2,
    nfe: { series: 1, nextNumber: 1 },
    nfce: { series: 1, nextNumber: 1 },
    cscId: null,
    cscConfigured: false,
    transport: 'SEFAZ',
    provider: { sandbox: true, clientId: null, secretConfigured: false },
    autoEmit: 'OFF',
    pisCofinsNonCumulative: false,
    technicalContact: null,
    updatedAt: null,
    updatedBy: null,
  };
}
