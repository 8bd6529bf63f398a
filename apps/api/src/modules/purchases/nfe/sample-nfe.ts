/**
 * Builds realistic NF-e 4.00 XML (nfeProc with NFe and protNFe, or a bare NFe) from a small spec, with a valid
 * access key, the totals added up and an XMLDSig signature by the SAMPLE certificate (sample-nfe-certificate.ts):
 * the demo's entries by XML (demo/purchases.ts) and, with test-nfe.ts's defaults, the fixtures of the
 * reader's tests, the API tests, the browser journey and the benchmark. A plain module (no test framework), fast: a
 * 500-item note is built and signed in a few milliseconds.
 *
 * The XML is written directly in its canonical form (C14N 1.0: no empty-element tags, attributes in order,
 * only &amp; &lt; &gt; escaped in text), so the digest of infNFe and the signature over SignedInfo are computed
 * on strings, without a DOM; the reader verifies them with xml-crypto, which is what proves them right.
 */
import { withBusinessOffset } from '@backoffice/contract';
import { composeAccessKey } from '../../../lib/nfe/access-key';
import { el, group } from '../../../lib/nfe/canonical-xml';
import { SAMPLE_NFE_CERTIFICATE, SAMPLE_NFE_PRIVATE_KEY } from '../../../lib/nfe/sample-nfe-certificate';
import { signCanonical } from '../../../lib/nfe/xml-signature';
import { NFE_NAMESPACE as NFE_NS } from './nfe-document';

export interface SampleNfeIssuer {
  /** CNPJ (numeric or alphanumeric) or CPF of the supplier; the sample certificate names 11222333000181. */
  cnpj: string;
  name: string;
  tradeName: string;
  stateRegistration: string;
  phone: string;
  street: string;
  number: string;
  complement: string | null;
  district: string;
  cityCode: string;
  city: string;
  state: string;
  /** IBGE code of the state (cUF): 35 for SP. */
  stateCode: string;
  postalCode: string;
}

export interface SampleNfeItemSpec {
  code: string;
  name: string;
  /** GTIN of cEAN and cEANTrib; null or absent: 'SEM GTIN'. */
  gtin?: string | null;
  /** cEANTrib when it differs from cEAN (e.g. cEAN 'SEM GTIN' and the unit's GTIN here). */
  gtinTrib?: string | null;
  ncm?: string;
  cest?: string;
  cfop?: string;
  /** uCom, 'UN' by default. */
  unit?: string;
  /** qCom: 10, '5', '2.5000' (up to 4 decimals). */
  qty: string | number;
  /** vUnCom in reais: '3200.00', '8' (up to 10 decimals). vProd = qty × unitValue, rounded to the cent. */
  unitValue: string;
  /** Amounts in reais with up to 2 decimals: the item's own vFrete, vSeg, vDesc, vOutro, vIPI, vICMSST. */
  freight?: string;
  insurance?: string;
  discount?: string;
  other?: string;
  ipi?: string;
  icmsSt?: string;
  infAdProd?: string;
  /** One rastro per value, the value in nLote (where some suppliers list IMEIs). */
  rastro?: string[];
  /** det/@nItem: the item's position (1, 2, …) unless told (a supplier's system that repeats one). */
  itemNumber?: number;
}

export interface SampleNfeSpec {
  issuer: SampleNfeIssuer;
  /** dest/CNPJ; null: a note without dest. */
  recipientCnpj: string | null;
  recipientName?: string;
  number?: number;
  series?: number;
  /** dhEmi with its offset; by default 20/11/2026 at 10:15 in the business's zone. */
  issuedAt?: string;
  /** cNF, 8 digits. */
  numericCode?: string;
  items: SampleNfeItemSpec[];
  /** cobr/dup: amounts in reais; none by default. */
  instalments?: { number?: string; dueDate: string; amount: string }[];
  /** Signed by the sample certificate (default true); 'sha256' signs with RSA-SHA256. */
  sign?: boolean | 'sha256';
  /** A bare NFe, without nfeProc/protNFe (default false). */
  bare?: boolean;
  /** protNFe/infProt/cStat, 100 by default. */
  authorisationStatus?: number;
  /** tpAmb: 1 production (default), 2 homologation. */
  environment?: 1 | 2;
}

export interface SampleNfe {
  xml: string;
  accessKey: string;
  /** vNF in cents. */
  totalCents: number;
}

// ——— exact decimals ———

function scaled(value: string | number, decimals: number): bigint {
  const text = String(value);
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match || (match[2]?.length ?? 0) > decimals)
    throw new Error(`sample-nfe: ${text} is not a decimal with ≤ ${decimals} places`);
  return BigInt(match[1] ?? '0') * 10n ** BigInt(decimals) + BigInt((match[2] ?? '').padEnd(decimals, '0') || '0');
}

function written(value: bigint, decimals: number): string {
  const text = value.toString().padStart(decimals + 1, '0');
  return `${text.slice(0, -decimals)}.${text.slice(-decimals)}`;
}

const cents = (value: string | undefined) => (value === undefined ? 0n : scaled(value, 2));
const reais = (value: bigint) => written(value, 2);
/** Rounded half up (amounts are never negative here). */
const divideRounded = (value: bigint, by: bigint) => (value * 2n + by) / (by * 2n);

function itemXml(item: SampleNfeItemSpec, index: number, totals: Record<string, bigint>): string {
  const quantity = scaled(item.qty, 4);
  const unitValue = scaled(item.unitValue, 10);
  const product = divideRounded(quantity * unitValue, 10n ** 12n);
  const freight = cents(item.freight);
  const insurance = cents(item.insurance);
  const discount = cents(item.discount);
  const other = cents(item.other);
  const ipi = cents(item.ipi);
  const icmsSt = cents(item.icmsSt);
  const icmsBase = product + freight + insurance + other - discount;
  const icms = divideRounded(icmsBase * 18n, 100n);
  const stBase = divideRounded(icmsBase * 140n, 100n);
  const add = (key: string, value: bigint) => {
    totals[key] = (totals[key] ?? 0n) + value;
  };
  add('vBC', icmsBase);
  add('vICMS', icms);
  add('vProd', product);
  add('vFrete', freight);
  add('vSeg', insurance);
  add('vDesc', discount);
  add('vOutro', other);
  add('vIPI', ipi);
  add('vST', icmsSt);
  if (icmsSt > 0n) add('vBCST', stBase);
  const gtin = item.gtin ?? 'SEM GTIN';
  const gtinTrib = item.gtinTrib === undefined ? gtin : (item.gtinTrib ?? 'SEM GTIN');
  const optional = (name: string, value: bigint) => (value > 0n ? el(name, reais(value)) : '');
  const withSt = icmsSt > 0n;
  const icmsXml = group(
    withSt ? 'ICMS10' : 'ICMS00',
    el('orig', '0'),
    el('CST', withSt ? '10' : '00'),
    el('modBC', '3'),
    el('vBC', reais(icmsBase)),
    el('pICMS', '18.00'),
    el('vICMS', reais(icms)),
    withSt
      ? el('modBCST', '4') +
          el('pMVAST', '40.00') +
          el('vBCST', reais(stBase)) +
          el('pICMSST', '18.00') +
          el('vICMSST', reais(icmsSt))
      : '',
  );
  const ipiXml =
    ipi > 0n
      ? group(
          'IPI',
          el('cEnq', '999'),
          group('IPITrib', el('CST', '50'), el('vBC', reais(product)), el('pIPI', '15.0000'), el('vIPI', reais(ipi))),
        )
      : '';
  const rastro = (item.rastro ?? [])
    .map((lot) =>
      group('rastro', el('nLote', lot), el('qLote', '1.000'), el('dFab', '2026-10-01'), el('dVal', '2036-10-01')),
    )
    .join('');
  const prod = group(
    'prod',
    el('cProd', item.code),
    el('cEAN', gtin),
    el('xProd', item.name),
    el('NCM', item.ncm ?? '85171300'),
    el('CEST', item.cest),
    el('CFOP', item.cfop ?? '5102'),
    el('uCom', item.unit ?? 'UN'),
    el('qCom', written(quantity, 4)),
    el('vUnCom', written(unitValue, 10)),
    el('vProd', reais(product)),
    el('cEANTrib', gtinTrib),
    el('uTrib', item.unit ?? 'UN'),
    el('qTrib', written(quantity, 4)),
    el('vUnTrib', written(unitValue, 10)),
    optional('vFrete', freight),
    optional('vSeg', insurance),
    optional('vDesc', discount),
    optional('vOutro', other),
    el('indTot', '1'),
    rastro,
  );
  const imposto = group(
    'imposto',
    group('ICMS', icmsXml),
    ipiXml,
    group('PIS', group('PISNT', el('CST', '04'))),
    group('COFINS', group('COFINSNT', el('CST', '04'))),
  );
  return `<det nItem="${item.itemNumber ?? index + 1}">${prod}${imposto}${el('infAdProd', item.infAdProd)}</det>`;
}

const CERTIFICATE_BASE64 = SAMPLE_NFE_CERTIFICATE.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');

/** The note's numbering, date, environment and access key, from the spec or its defaults. */
function sampleFacts(spec: SampleNfeSpec) {
  const { issuer } = spec;
  const issuedAt = spec.issuedAt ?? withBusinessOffset('2026-11-20T10:15:00');
  const number = String(spec.number ?? 1);
  const series = String(spec.series ?? 1);
  const numericCode = spec.numericCode ?? String(((spec.number ?? 1) * 7919 + 12345678) % 100_000_000).padStart(8, '0');
  const environment = String(spec.environment ?? 1);
  const issuerDocument = issuer.cnpj.length === 11 ? `000${issuer.cnpj}` : issuer.cnpj;
  const accessKey = composeAccessKey({
    stateCode: issuer.stateCode,
    yearMonth: `${issuedAt.slice(2, 4)}${issuedAt.slice(5, 7)}`,
    issuerDocument,
    model: '55',
    series,
    number,
    emissionType: '1',
    numericCode,
  });
  return { issuedAt, number, series, numericCode, environment, accessKey };
}

type SampleFacts = ReturnType<typeof sampleFacts>;

function ideXml(issuer: SampleNfeIssuer, facts: SampleFacts): string {
  const { issuedAt, number, series, numericCode, environment, accessKey } = facts;
  return group(
    'ide',
    el('cUF', issuer.stateCode),
    el('cNF', numericCode),
    el('natOp', 'Venda de mercadoria adquirida de terceiros'),
    el('mod', '55'),
    el('serie', series),
    el('nNF', number),
    el('dhEmi', issuedAt),
    el('dhSaiEnt', issuedAt),
    el('tpNF', '1'),
    el('idDest', '1'),
    el('cMunFG', issuer.cityCode),
    el('tpImp', '1'),
    el('tpEmis', '1'),
    el('cDV', accessKey.slice(43)),
    el('tpAmb', environment),
    el('finNFe', '1'),
    el('indFinal', '0'),
    el('indPres', '9'),
    el('procEmi', '0'),
    el('verProc', 'BackOffice testes 1.0'),
  );
}

function emitXml(issuer: SampleNfeIssuer): string {
  return group(
    'emit',
    el(issuer.cnpj.length === 11 ? 'CPF' : 'CNPJ', issuer.cnpj),
    el('xNome', issuer.name),
    el('xFant', issuer.tradeName),
    group(
      'enderEmit',
      el('xLgr', issuer.street),
      el('nro', issuer.number),
      el('xCpl', issuer.complement),
      el('xBairro', issuer.district),
      el('cMun', issuer.cityCode),
      el('xMun', issuer.city),
      el('UF', issuer.state),
      el('CEP', issuer.postalCode),
      el('cPais', '1058'),
      el('xPais', 'BRASIL'),
      el('fone', issuer.phone),
    ),
    el('IE', issuer.stateRegistration),
    el('CRT', '3'),
  );
}

/** The recipient (dest): the shop, in São Paulo; none when the spec says null. */
function destXml(spec: SampleNfeSpec): string {
  const { recipientCnpj } = spec;
  return recipientCnpj === null
    ? ''
    : group(
        'dest',
        el('CNPJ', recipientCnpj),
        el('xNome', spec.recipientName ?? 'LOJA DE CELULARES EXEMPLO LTDA'),
        group(
          'enderDest',
          el('xLgr', 'Avenida Paulista'),
          el('nro', '1000'),
          el('xBairro', 'Bela Vista'),
          el('cMun', '3550308'),
          el('xMun', 'São Paulo'),
          el('UF', 'SP'),
          el('CEP', '01310100'),
          el('cPais', '1058'),
          el('xPais', 'BRASIL'),
        ),
        el('indIEDest', '1'),
        el('IE', '111222333444'),
      );
}

/** ICMSTot: the items' sums. */
function icmsTotXml(total: (key: string) => bigint, vNF: bigint): string {
  return group(
    'ICMSTot',
    ...['vBC', 'vICMS'].map((key) => el(key, reais(total(key)))),
    el('vICMSDeson', '0.00'),
    el('vFCP', '0.00'),
    el('vBCST', reais(total('vBCST'))),
    el('vST', reais(total('vST'))),
    el('vFCPST', '0.00'),
    el('vFCPSTRet', '0.00'),
    ...['vProd', 'vFrete', 'vSeg', 'vDesc'].map((key) => el(key, reais(total(key)))),
    el('vII', '0.00'),
    el('vIPI', reais(total('vIPI'))),
    el('vIPIDevol', '0.00'),
    el('vPIS', '0.00'),
    el('vCOFINS', '0.00'),
    el('vOutro', reais(total('vOutro'))),
    el('vNF', reais(vNF)),
  );
}

/** The instalments (cobr: the invoice and its dup), none by default. */
function cobrXml(spec: SampleNfeSpec, number: string, vNF: bigint): string {
  const instalments = spec.instalments ?? [];
  return instalments.length
    ? group(
        'cobr',
        group('fat', el('nFat', number), el('vOrig', reais(vNF)), el('vDesc', '0.00'), el('vLiq', reais(vNF))),
        ...instalments.map((dup, index) =>
          group(
            'dup',
            el('nDup', dup.number ?? String(index + 1).padStart(3, '0')),
            el('dVenc', dup.dueDate),
            el('vDup', reais(scaled(dup.amount, 2))),
          ),
        ),
      )
    : '';
}

/** The authorisation (protNFe) of the note: cStat 100 unless told, its digVal the infNFe's digest. */
function protNFeXml(spec: SampleNfeSpec, facts: SampleFacts, digest: string): string {
  const { environment, accessKey, issuedAt, number } = facts;
  const status = spec.authorisationStatus ?? 100;
  return group(
    'protNFe versao="4.00"',
    group(
      'infProt',
      el('tpAmb', environment),
      el('verAplic', 'SP_NFE_PL009_V4'),
      el('chNFe', accessKey),
      el('dhRecbto', issuedAt.replace('10:15:00', '10:15:42')),
      el('nProt', `1352600000${number.padStart(5, '0')}`),
      el('digVal', digest),
      el('cStat', String(status)),
      el('xMotivo', status === 100 ? 'Autorizado o uso da NF-e' : 'Uso Denegado: Irregularidade fiscal do emitente'),
    ),
  ).replace('</protNFe versao="4.00">', '</protNFe>');
}

/** Builds the note's XML (see the module's comment). */
export function buildSampleNfe(spec: SampleNfeSpec): SampleNfe {
  const facts = sampleFacts(spec);
  const { number, accessKey } = facts;
  const infNFeId = `NFe${accessKey}`;

  const totals: Record<string, bigint> = {};
  const items = spec.items.map((item, index) => itemXml(item, index, totals)).join('');
  const total = (key: string) => totals[key] ?? 0n;
  const vNF =
    total('vProd') - total('vDesc') + total('vST') + total('vFrete') + total('vSeg') + total('vOutro') + total('vIPI');

  const instalments = spec.instalments ?? [];
  const pag = group(
    'pag',
    group('detPag', el('indPag', instalments.length ? '1' : '0'), el('tPag', '15'), el('vPag', reais(vNF))),
  );
  const infNFeBody =
    ideXml(spec.issuer, facts) +
    emitXml(spec.issuer) +
    destXml(spec) +
    items +
    group('total', icmsTotXml(total, vNF)) +
    group('transp', el('modFrete', '0')) +
    cobrXml(spec, number, vNF) +
    pag +
    group('infAdic', el('infCpl', `Pedido do cliente ${number}. Documento emitido por ME ou EPP: não.`));
  const infNFe = `<infNFe Id="${infNFeId}" versao="4.00">${infNFeBody}</infNFe>`;
  // C14N of infNFe alone: it carries the default namespace declared on NFe.
  const canonicalInfNFe = `<infNFe xmlns="${NFE_NS}" Id="${infNFeId}" versao="4.00">${infNFeBody}</infNFe>`;
  const algorithm = spec.sign === 'sha256' ? 'sha256' : 'sha1';
  const signed = signCanonical(
    canonicalInfNFe,
    infNFeId,
    { keyPem: SAMPLE_NFE_PRIVATE_KEY, certificateBase64: CERTIFICATE_BASE64 },
    algorithm,
  );
  const infNFeDigest = signed.digest;
  const signature = spec.sign === false ? '' : signed.xml;
  const nfe = `<NFe xmlns="${NFE_NS}">${infNFe}${signature}</NFe>`;
  const declaration = '<?xml version="1.0" encoding="UTF-8"?>';
  if (spec.bare) return { xml: `${declaration}${nfe}`, accessKey, totalCents: Number(vNF) };
  const protNFe = protNFeXml(spec, facts, infNFeDigest);
  return {
    xml: `${declaration}<nfeProc xmlns="${NFE_NS}" versao="4.00">${nfe}${protNFe}</nfeProc>`,
    accessKey,
    totalCents: Number(vNF),
  };
}
