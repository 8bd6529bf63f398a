/**
 * The DPS (Declaração de Prestação de Serviço) of the national NFS-e, leiaute 1.00 (issue 56 §4, decision 0085), as
 * the published schemas say (apps/api/fiscal-schemas/nfse-1.00: DPS_v1.00.xsd, TCInfDPS of tiposComplexos_v1.00.xsd,
 * copied from akretion/nfelib's nfelib/nfse/schemas/v1_0). Written canonical (lib/nfe/canonical-xml.ts) and signed
 * like the NF-e: XMLDSig enveloped in DPS, over infDPS by its Id, C14N 1.0, RSA-SHA1 and a SHA-1 digest with the
 * shop's A1 (the package's xmldsig-core-schema_v1.00.xsd fixes those two algorithms).
 *
 * - Id (TSIdDPS, 45): 'DPS' + cLocEmi (7) + tpInsc (1: 1 CPF, 2 CNPJ) + inscFed (14) + serie (5) + nDPS (15), the
 *   numbers left-padded with zeros.
 * - dhEmi: TSDateTimeUTC with its offset; written at Brasília's -03:00 (no daylight saving since 2019).
 * - prest: the CNPJ and regTrib (opSimpNac; regApTribSN 1 — ISS and federal taxes in the Simples — for an ME/EPP
 *   only: Anexo I rules E0166/E0162; regEspTrib); toma: the customer's CPF or CNPJ and name (left out without a
 *   valid document: the group is optional).
 * - serv: locPrest/cLocPrestacao (the shop's city: a repair is done at the shop), cServ/cTribNac (14.01.01 →
 *   '140101') and xDescServ.
 * - valores: vServPrest/vServ; trib/tribMun: tribISSQN 1 (taxable), tpRetISSQN 1 (not withheld) and never pAliq:
 *   the DPS goes only where the city has joined (its convênio ATIVO), where Anexo I forbids it to a non-optante
 *   (E0617, the rate is the city's parameter), an ME/EPP in the Simples not withheld (E0625) and a MEI (E0600);
 *   `issRateHundredths` is the shop's own figure.
 * - totTrib (Lei 12.741/2012's approximate taxes; decision 0095): an ME/EPP writes pTotTribSN (its Simples Nacional
 *   approximate rate: Anexo I E0712 allows it only vTotTrib, pTotTrib or pTotTribSN), a non-optante pTotTrib
 *   (federal, state and municipal rates of the IBPT table: E0713 refuses it indTotTrib and pTotTribSN), a MEI
 *   indTotTrib 0 (Decreto 8.264/2014: no estimate; E0710 allows it).
 */
import { centsToReais, toBusinessTimestamp, withBusinessOffset } from '@backoffice/contract';
import { el, group } from '../../../lib/nfe/canonical-xml';
import { signCanonical, type XmlSigner } from '../../../lib/nfe/xml-signature';

export const NFSE_NAMESPACE = 'http://www.sped.fazenda.gov.br/nfse';
export const DPS_VERSION = '1.00';
/** verAplic: who wrote the DPS (TSVerAplic, 1–20). */
export const APPLICATION_VERSION = 'BackOffice 1.0';

export interface DpsInput {
  environment: 1 | 2;
  issuedAt: Date;
  series: string;
  number: number;
  /** The IBGE code (7) of the shop's city: cLocEmi and cLocPrestacao. */
  cityCode: string;
  /** `municipalRegistration`: the IM (null: none; a CNC-registered provider without it is refused E0116). */
  provider: { cnpj: string; municipalRegistration?: string | null; simplesOption: 1 | 2 | 3; specialRegime: number };
  /** The customer; null when he has no valid CPF or CNPJ. */
  taker: { document: string; name: string } | null;
  nationalTaxCode: string;
  description: string;
  amountCents: number;
  issRateHundredths: number;
  approximateTaxes: ApproximateTaxes;
}

/** totTrib's content (TCTribTotal's choice), rates in hundredths of a percent (12,34 % = 1234). */
export type ApproximateTaxes =
  | { kind: 'none' }
  | { kind: 'simples'; rateHundredths: number }
  | { kind: 'rates'; federalHundredths: number; stateHundredths: number; municipalHundredths: number };

const percent = (hundredths: number) => (hundredths / 100).toFixed(2);

/** totTrib as TCTribTotal writes it. */
export function totTribXml(taxes: ApproximateTaxes): string {
  if (taxes.kind === 'simples') return group('totTrib', el('pTotTribSN', percent(taxes.rateHundredths)));
  if (taxes.kind === 'none') return group('totTrib', el('indTotTrib', '0'));
  return group(
    'totTrib',
    group(
      'pTotTrib',
      el('pTotTribFed', percent(taxes.federalHundredths)),
      el('pTotTribEst', percent(taxes.stateHundredths)),
      el('pTotTribMun', percent(taxes.municipalHundredths)),
    ),
  );
}

/** The business clock's wall time of `at` (contract clock.ts): [date, time]. */
function brasilia(at: Date): [string, string] {
  const local = toBusinessTimestamp(at);
  return [local.slice(0, 10), local.slice(11, 19)];
}

const money = (cents: number) => centsToReais(cents).toFixed(2);

/** The DPS's Id (TSIdDPS). */
export function dpsId(input: Pick<DpsInput, 'cityCode' | 'provider' | 'series' | 'number'>): string {
  return `DPS${input.cityCode}2${input.provider.cnpj.padStart(14, '0')}${input.series.padStart(5, '0')}${String(input.number).padStart(15, '0')}`;
}

function takerXml(taker: DpsInput['taker']): string {
  if (!taker) return '';
  const document = taker.document.length === 11 ? el('CPF', taker.document) : el('CNPJ', taker.document);
  return group('toma', document, el('xNome', taker.name.slice(0, 300)));
}

/** infDPS's content, in TCInfDPS's order. */
function body(input: DpsInput): string {
  const [day, time] = brasilia(input.issuedAt);
  return [
    el('tpAmb', String(input.environment)),
    el('dhEmi', withBusinessOffset(`${day}T${time}`)),
    el('verAplic', APPLICATION_VERSION),
    el('serie', input.series),
    el('nDPS', String(input.number)),
    el('dCompet', day),
    el('tpEmit', '1'),
    el('cLocEmi', input.cityCode),
    group(
      'prest',
      el('CNPJ', input.provider.cnpj),
      input.provider.municipalRegistration ? el('IM', input.provider.municipalRegistration) : '',
      group(
        'regTrib',
        el('opSimpNac', String(input.provider.simplesOption)),
        input.provider.simplesOption === 3 ? el('regApTribSN', '1') : '',
        el('regEspTrib', String(input.provider.specialRegime)),
      ),
    ),
    takerXml(input.taker),
    group(
      'serv',
      group('locPrest', el('cLocPrestacao', input.cityCode)),
      group('cServ', el('cTribNac', input.nationalTaxCode), el('xDescServ', input.description.slice(0, 2000))),
    ),
    group(
      'valores',
      group('vServPrest', el('vServ', money(input.amountCents))),
      group('trib', group('tribMun', el('tribISSQN', '1'), el('tpRetISSQN', '1')), totTribXml(input.approximateTaxes)),
    ),
  ].join('');
}

export interface SignedDps {
  id: string;
  xml: string;
}

/** The DPS of `input`, signed with `signer` (the shop's A1). */
export function buildSignedDps(input: DpsInput, signer: XmlSigner): SignedDps {
  return signDps(dpsId(input), body(input), signer);
}

/** A DPS of infDPS `id` whose content is `content` (canonical), signed with `signer`. */
export function signDps(id: string, content: string, signer: XmlSigner): SignedDps {
  const canonical = `<infDPS xmlns="${NFSE_NAMESPACE}" Id="${id}">${content}</infDPS>`;
  const signature = signCanonical(canonical, id, signer, 'sha1');
  return {
    id,
    xml: `<DPS xmlns="${NFSE_NAMESPACE}" versao="${DPS_VERSION}"><infDPS Id="${id}">${content}</infDPS>${signature.xml}</DPS>`,
  };
}

/** ISS at `rateHundredths` of `amountCents`, rounded to the cent (120,00 × 2,00 % = 2,40). */
export function issCents(amountCents: number, rateHundredths: number): number {
  return Math.round((amountCents * rateHundredths) / 10_000);
}
