import {
  type FiscalCertificate,
  type FiscalIssuer,
  type FiscalProfile,
  fiscalCertificateSchema,
  fiscalIssuerSchema,
  fiscalProfileSchema,
  IBS_CBS_2026,
  type Municipality,
  municipalitySchema,
  type ProductListPage,
  productListPageSchema,
} from '@backoffice/contract';
import { unsavedIssuer } from '@backoffice/contract/fiscal-issuer-test-data';

/**
 * The fiscal cards' test data (issue 41 §1), each checked against the API's response schema (the contract's), so a
 * fixture never drifts from what the server answers. Shared by the cards' tests and the walk of the writing dialogs.
 */

/** Never saved: the company's CNPJ and name as the server suggests them. */
export const ISSUER_SUGGESTION: FiscalIssuer = fiscalIssuerSchema.parse(
  unsavedIssuer({ cnpj: '11222333000181', legalName: 'Conecta Cell Distribuidora Ltda' }),
);

/** Saved: Simples Nacional, in homologação, with its CSC. */
export const ISSUER: FiscalIssuer = fiscalIssuerSchema.parse({
  saved: true,
  cnpj: '11222333000181',
  ie: '110042490114',
  legalName: 'Conecta Cell Distribuidora Ltda',
  tradeName: 'Conecta Cell',
  crt: 1,
  address: {
    street: 'Rua Santa Ifigênia',
    number: '295',
    complement: 'Loja 12',
    district: 'Santa Ifigênia',
    cep: '01207001',
    uf: 'SP',
    cityCode: '3550308',
    cityName: 'São Paulo',
  },
  phone: '1133334444',
  environment: 2,
  nfe: { series: 1, nextNumber: 1532 },
  nfce: { series: 2, nextNumber: 88 },
  cscId: '000001',
  cscConfigured: true,
  transport: 'SEFAZ',
  provider: { sandbox: true, clientId: null, secretConfigured: false },
  autoEmit: 'OFF',
  pisCofinsNonCumulative: false,
  technicalContact: null,
  updatedAt: '2026-11-20T14:30:00.000Z',
  updatedBy: { id: 1, name: 'Ana Administradora' },
});

export const SAO_PAULO: Municipality = municipalitySchema.parse({ code: '3550308', name: 'São Paulo', uf: 'SP' });
export const CAMPINAS: Municipality = municipalitySchema.parse({ code: '3509502', name: 'Campinas', uf: 'SP' });

export const CERTIFICATE: FiscalCertificate = fiscalCertificateSchema.parse({
  holder: 'DISTRIBUIDORA MODELO DE CELULARES LTDA',
  cnpj: '11222333000181',
  serialNumber: '4F1A2026',
  sha1Fingerprint: '0123456789ABCDEF0123456789ABCDEF01234567',
  notBefore: '2026-04-09T15:00:00.000Z',
  notAfter: '2027-04-10T15:00:00.000Z',
  daysToExpiry: 140,
  expired: false,
  uploadedBy: { id: 1, name: 'Ana Administradora' },
  uploadedAt: '2026-11-21T13:05:00.000Z',
  warning: null,
});

/** The shop's default profile as the profile dialog sends it (POST/PUT /fiscal/profiles). */
export const SIMPLES_BODY = {
  name: 'Celulares - Simples',
  isDefault: true,
  cfopInState: '5405',
  cfopOutOfState: '6404',
  icmsCst: null,
  icmsCsosn: '500',
  icmsRate: 0,
  pisCst: '49',
  pisRate: 0,
  cofinsCst: '49',
  cofinsRate: 0,
  ibsCbs: null,
};

/** The shop's default profile: Simples Nacional, ICMS already charged by substitution, no IBS/CBS. */
export const SIMPLES_PROFILE: FiscalProfile = fiscalProfileSchema.parse({
  id: 1,
  ...SIMPLES_BODY,
  productCount: 12,
  updatedAt: '2026-11-20T14:40:00.000Z',
});

/** A Regime Normal profile with the reform's group at 2026's test rates. */
export const NORMAL_PROFILE: FiscalProfile = fiscalProfileSchema.parse({
  id: 2,
  name: 'Acessórios - Normal',
  isDefault: false,
  cfopInState: '5102',
  cfopOutOfState: '6102',
  icmsCst: '00',
  icmsCsosn: null,
  icmsRate: 18,
  pisCst: '01',
  pisRate: 1.65,
  cofinsCst: '01',
  cofinsRate: 7.6,
  ibsCbs: { ...IBS_CBS_2026 },
  productCount: 0,
  updatedAt: '2026-11-20T14:45:00.000Z',
});

const phone = (id: number, code: string, name: string) => ({
  id,
  code,
  name,
  brand: 'Samsung',
  reference: 'Galaxy A',
  cost: 900,
  sellPrice: 1299.9,
  discount: { silverPercentage: 10, goldPercentage: 5, bronzePercentage: 15 },
  stock: 8,
  stockAlert: 2,
  barcode: null,
  serialized: true,
  archived: false,
  goldPrice: 945,
  silverPrice: 990,
});

/** A search of the products list (GET /products/list?search=galaxy): two phones. */
export const GALAXY_PAGE: ProductListPage = productListPageSchema.parse({
  items: [
    phone(10, 'P100010', 'Samsung Galaxy A15 5G 128GB Preto'),
    phone(11, 'P100011', 'Samsung Galaxy A25 5G 256GB Azul'),
  ],
  page: 0,
  total: 2,
});
