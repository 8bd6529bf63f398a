/**
 * Writes an NF-e (model 55) or NFC-e (model 65), layout 4.00 with the tax reform's group (schemas PL_010c_V1.30),
 * from `NfeInput`, and signs it (issue 41 §2, decision 0055). The XML is written canonical (lib/nfe/canonical-xml.ts),
 * so infNFe's digest and signature are computed on the string; xsd.ts validates it against the official schemas
 * before anything is sent, and the tests verify the signature with xml-crypto.
 *
 * The rules it follows (Manual de Orientação do Contribuinte 4.00 and its technical notes):
 * - The access key: cUF AAMM CNPJ mod série nNF tpEmis cNF cDV (lib/nfe/access-key.ts).
 * - idDest 1 when the recipient is in the issuer's state (or there is none), else 2; the item's CFOP follows it
 *   (the profile's inside or outside CFOP). indFinal 1 for a consumer (a CPF, no state registration, or any NFC-e).
 * - In homologação the recipient's name is 'NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL', and the
 *   first item of an NFC-e is described 'NOTA FISCAL EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL'.
 * - The order's freight, insurance, discount and other charges are shared among the items by their value, cents on
 *   the last ('rateio'), on top of an item's own; every tax is rounded half up to the cent per item, and the totals
 *   are the items' sums; vNF = vProd − vDesc + vST + vFrete + vSeg + vOutro + vIPI.
 * - ICMS by regime: CSOSN 101 (with the Simples credit), 102/103/300/400, 500; CST 00 (base = value + freight +
 *   insurance + other − discount), 40/41/50, 60. PIS and COFINS: CST 01/02 at a rate, 04–09 not taxed, 49/99 other;
 *   their base leaves the ICMS out (STF, RE 574.706). IBS/CBS (Regime Normal only): base = that base less ICMS, PIS
 *   and COFINS (LC 214/2025, art. 12 §2), the three rates of the profile. What a supplier's note may carry too:
 *   ICMS CST 10 with the ICMS-ST withheld (by MVA), an industrial issuer's IPI, an issuer with a CPF (a rural
 *   producer: emit/CPF, 000 + the CPF in the key), an item's batches (rastro) and the taxable unit's GTIN.
 * - A phone's IMEIs go in its item's infAdProd; an item whose IMEIs do not fit the field's 500 characters is written
 *   as several items of fewer units.
 * - The NFC-e carries infNFeSupl: its QR code (version 2, the CSC's hash; offline, with the day, the value and the
 *   digest) and the state's consultation address.
 * - Issue 55 §2: indPres 1 at the counter, 3 for an NF-e with freight, 4 for an NFC-e of home delivery (with its
 *   carrier, transport.ts; decision 0076), indIntermed only away from the shop; the interstate ICMS and the DIFAL
 *   (icms-interstate.ts); infRespTec when the issuer set it (technical-contact.ts). The SEFAZ's content rules the
 *   signed note must pass are nfe/rules.
 */
import { createHash } from 'node:crypto';
import { formatBRL } from '@backoffice/contract';
import { composeAccessKey } from '../../../lib/nfe/access-key';
import { el, group, optionalGroup } from '../../../lib/nfe/canonical-xml';
import { signCanonical, type XmlSigner } from '../../../lib/nfe/xml-signature';
import { approximateTaxesText, carriesApproximateTaxes } from './approximate-taxes';
import { destinationTotalsXml, interstateContext } from './icms-interstate';
import { NfeBuildError, type NfeTotals, reais } from './nfe-figures';
import type { NfeAddress, NfeInput, NfePayment } from './nfe-input';
import { itemsXml } from './nfe-items';
import { indIEDestOf } from './recipient-ie';
import { simplesStatements } from './simples-texts';
import { nfceUrls, UF_CODES } from './states';
import { technicalContactXml } from './technical-contact';
import { transpXml } from './transport';

export { apportion, NfeBuildError, type NfeTotals, percent, reais, substitutionOf, taxOf } from './nfe-figures';
export { HOMOLOGATION_FIRST_ITEM } from './nfe-items';

export const NFE_NAMESPACE = 'http://www.portalfiscal.inf.br/nfe';
export const HOMOLOGATION_RECIPIENT = 'NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL';
const VERSION = '4.00';
const SOFTWARE = 'BackOffice 1.0';

export interface BuiltNfe {
  /** `<NFe>` signed (and, for an NFC-e, with its infNFeSupl), without the XML declaration. */
  xml: string;
  accessKey: string;
  /** The signature's digest of infNFe (the authorisation's digVal repeats it). */
  digest: string;
  totals: NfeTotals;
  /** The NFC-e's QR code text; null for an NF-e. */
  qrCode: string | null;
}

/** What the note's groups depend on, read once from the input: its key, its kind of emission, its recipient. */
export interface NoteFacts {
  cUF: string;
  accessKey: string;
  /** infNFe's Id: 'NFe' and the key. */
  id: string;
  offline: Extract<NfeInput['emission'], { type: 'offline' }> | null;
  /** The contingency the note is issued in (offline NFC-e, or the NF-e's SVC): its dhCont and xJust. */
  contingency: { since: string; reason: string } | null;
  emissionType: '1' | '6' | '7' | '9';
  interstate: boolean;
  /** The recipient an ICMS taxpayer (an NF-e to an IE of digits). */
  taxpayer: boolean;
  /** indFinal: a consumer (any NFC-e, a CPF, no IE). */
  consumer: boolean;
  regimeNormal: boolean;
  /** The items' and the note's approximate taxes written (approximate-taxes.ts). */
  approximate: boolean;
}

function addressXml(tag: 'enderEmit' | 'enderDest', address: NfeAddress): string {
  return group(
    tag,
    el('xLgr', address.street),
    el('nro', address.number),
    el('xCpl', address.complement || null),
    el('xBairro', address.district),
    el('cMun', address.cityCode),
    el('xMun', address.cityName),
    el('UF', address.uf),
    el('CEP', address.cep),
    el('cPais', '1058'),
    el('xPais', 'BRASIL'),
    el('fone', address.phone || null),
  );
}

function paymentXml(payment: NfePayment): string {
  const card =
    payment.type === '03' || payment.type === '04'
      ? group(
          'card',
          el('tpIntegra', payment.card?.integrated ? '1' : '2'),
          el('CNPJ', payment.card?.acquirerCnpj || null),
          el('tBand', payment.card?.brand || null),
          el('cAut', payment.card?.authorization || null),
        )
      : '';
  return group(
    'detPag',
    el('indPag', payment.deferred ? '1' : '0'),
    el('tPag', payment.type),
    payment.type === '99' ? el('xPag', payment.description ?? 'Outros') : '',
    el('vPag', reais(payment.amountCents)),
    card,
  );
}

/** The NFC-e's QR code, version 2 (online: the CSC's hash; offline: with the day, the value and the digest). */
export function nfceQrCode(input: {
  url: string;
  accessKey: string;
  environment: 1 | 2;
  csc: { id: string; token: string };
  offline?: { day: string; totalCents: number; digest: string } | null;
}): string {
  const cscId = String(Number(input.csc.id));
  const head = `${input.accessKey}|2|${input.environment}`;
  const body = input.offline
    ? `${head}|${input.offline.day}|${reais(input.offline.totalCents)}|${Buffer.from(input.offline.digest, 'utf8').toString('hex')}|${cscId}`
    : `${head}|${cscId}`;
  const hash = createHash('sha1').update(`${body}${input.csc.token}`, 'utf8').digest('hex').toUpperCase();
  return `${input.url}?p=${body}|${hash}`;
}

/** The input's checks, its access key and the facts its groups are written from. */
function noteFacts(input: NfeInput): NoteFacts {
  const { issuer, recipient, model } = input;
  if (input.items.length === 0) throw new NfeBuildError('A nota precisa de ao menos um item.');
  if (model === 55 && !recipient?.address) throw new NfeBuildError('A NF-e precisa do destinatário com endereço.');
  const cUF = UF_CODES[issuer.address.uf];
  if (!cUF) throw new NfeBuildError(`UF do emitente desconhecida: ${issuer.address.uf}.`);
  const offline = input.emission.type === 'offline' ? input.emission : null;
  if (offline && model !== 65) throw new NfeBuildError('A contingência offline (tpEmis 9) é só da NFC-e.');
  const svc = input.emission.type === 'svc' ? input.emission : null;
  if (svc && model !== 55) throw new NfeBuildError('A contingência SVC (tpEmis 6 ou 7) é só da NF-e.');
  const emissionType = offline ? '9' : svc ? (String(svc.code) as '6' | '7') : '1';
  const accessKey = composeAccessKey({
    stateCode: cUF,
    yearMonth: `${input.issuedAt.slice(2, 4)}${input.issuedAt.slice(5, 7)}`,
    issuerDocument: issuer.cnpj.length === 11 ? `000${issuer.cnpj}` : issuer.cnpj,
    model: String(model),
    series: String(input.series),
    number: String(input.number),
    emissionType,
    numericCode: input.numericCode,
  });
  const recipientUf = recipient?.address?.uf ?? issuer.address.uf;
  const taxpayer = indIEDestOf(model, recipient) === '1';
  const consumer = model === 65 || !recipient || recipient.document.length === 11 || !taxpayer;
  return {
    cUF,
    accessKey,
    id: `NFe${accessKey}`,
    offline,
    contingency: offline ?? svc,
    emissionType,
    interstate: model === 55 && recipientUf !== issuer.address.uf,
    taxpayer,
    consumer,
    regimeNormal: issuer.crt === 3,
    // Lei 12.741/2012 asks it of sales to consumers (indFinal 1), decision 0077.
    approximate: consumer && carriesApproximateTaxes(input),
  };
}

/**
 * Payments: they must add up to the total (plus the change given back); instalments only on the NF-e, to the total
 * unless the note says why not.
 */
function checkPayments(input: NfeInput, t: NfeTotals): void {
  const paid = input.payments.reduce((sum, p) => sum + p.amountCents, 0);
  const change = input.changeCents ?? 0;
  if (input.payments.length === 0) throw new NfeBuildError('Informe como a nota foi paga.');
  if (paid - change !== t.totalCents)
    throw new NfeBuildError(
      `Os pagamentos (${formatBRL((paid - change) / 100)}) não somam o total da nota (${formatBRL(t.totalCents / 100)}).`,
    );
  const instalments = input.instalments ?? [];
  if (instalments.length && input.model === 65)
    throw new NfeBuildError('A NFC-e não tem parcelas (grupo de cobrança).');
  const charged = instalments.reduce((sum, d) => sum + d.amountCents, 0);
  if (instalments.length && charged !== t.totalCents && !input.instalmentsDifference)
    throw new NfeBuildError('As parcelas não somam o total da nota.');
}

function ideXml(input: NfeInput, facts: NoteFacts): string {
  const { model, issuer, environment } = input;
  const { contingency } = facts;
  const presence = input.presence ?? (model === 65 || input.freightMode === 9 ? 1 : 3);
  return group(
    'ide',
    el('cUF', facts.cUF),
    el('cNF', input.numericCode),
    el('natOp', input.natureOfOperation),
    el('mod', String(model)),
    el('serie', String(input.series)),
    el('nNF', String(input.number)),
    el('dhEmi', input.issuedAt),
    model === 55 ? el('dhSaiEnt', input.issuedAt) : '',
    el('tpNF', '1'),
    el('idDest', facts.interstate ? '2' : '1'),
    el('cMunFG', issuer.address.cityCode),
    el('tpImp', model === 65 ? '4' : '1'),
    el('tpEmis', facts.emissionType),
    el('cDV', facts.accessKey.slice(43)),
    el('tpAmb', String(environment)),
    el('finNFe', '1'),
    el('indFinal', facts.consumer ? '1' : '0'),
    el('indPres', String(presence)),
    // indIntermed only where the presence is not at the shop (2, 3, 4, 9): rules 434/435 (NT 2020.006).
    [2, 3, 4, 9].includes(presence) ? el('indIntermed', '0') : '',
    el('procEmi', '0'),
    el('verProc', SOFTWARE),
    contingency ? el('dhCont', contingency.since) + el('xJust', contingency.reason) : '',
  );
}

function emitXml(issuer: NfeInput['issuer']): string {
  return group(
    'emit',
    el(issuer.cnpj.length === 11 ? 'CPF' : 'CNPJ', issuer.cnpj),
    el('xNome', issuer.name),
    el('xFant', issuer.tradeName || null),
    addressXml('enderEmit', issuer.address),
    el('IE', issuer.ie),
    el('CRT', String(issuer.crt)),
  );
}

/**
 * The recipient (dest), with its indIEDest (recipient-ie.ts): 1 a taxpayer with its IE, else 9 (not a contributor, no IE). A company
 * whose IE is 'ISENTO' is written 9 too: 2 ('contribuinte isento') is refused by twelve states' SEFAZ in an interstate
 * sale (805, MOC 7.0 regra E16a-30), 9 by none (issue 55 §2). A recipient without a name (the walk-in's 'CPF na
 * nota' on an NFC-e) has no xNome; in homologação a name is the manual's text.
 */
function destXml(input: NfeInput): string {
  const { recipient, model, environment } = input;
  if (!recipient) return '';
  const indIEDest = indIEDestOf(model, recipient);
  const name = recipient.name ? (environment === 2 ? HOMOLOGATION_RECIPIENT : recipient.name) : null;
  return group(
    'dest',
    el(recipient.document.length === 11 ? 'CPF' : 'CNPJ', recipient.document),
    el('xNome', name),
    recipient.address ? addressXml('enderDest', recipient.address) : '',
    el('indIEDest', indIEDest),
    indIEDest === '1' ? el('IE', recipient.ie) : '',
    el('email', recipient.email || null),
  );
}

/** The note's totals (total): ICMSTot, and IBSCBSTot when an item carries the reform's group. */
function totalXml(input: NfeInput, t: NfeTotals, facts: NoteFacts): string {
  const icmsTot = group(
    'ICMSTot',
    el('vBC', reais(t.icmsBaseCents)),
    el('vICMS', reais(t.icmsCents)),
    el('vICMSDeson', '0.00'),
    destinationTotalsXml(t, interstateContext(input, facts.interstate)),
    el('vFCP', '0.00'),
    el('vBCST', reais(t.stBaseCents)),
    el('vST', reais(t.stCents)),
    el('vFCPST', '0.00'),
    el('vFCPSTRet', '0.00'),
    el('vProd', reais(t.productsCents)),
    el('vFrete', reais(t.freightCents)),
    el('vSeg', reais(t.insuranceCents)),
    el('vDesc', reais(t.discountCents)),
    el('vII', '0.00'),
    el('vIPI', reais(t.ipiCents)),
    el('vIPIDevol', '0.00'),
    el('vPIS', reais(t.pisCents)),
    el('vCOFINS', reais(t.cofinsCents)),
    el('vOutro', reais(t.otherCents)),
    el('vNF', reais(t.totalCents)),
    facts.approximate ? el('vTotTrib', reais(t.approximate.totalCents)) : '',
  );
  const anyReform = facts.regimeNormal && input.items.some((item) => item.taxes.ibsCbs);
  const zero = el('vDif', '0.00') + el('vDevTrib', '0.00');
  const ibsCbsTot = anyReform
    ? group(
        'IBSCBSTot',
        el('vBCIBSCBS', reais(t.ibsCbsBaseCents)),
        group(
          'gIBS',
          group('gIBSUF', zero, el('vIBSUF', reais(t.ibsUfCents))),
          group('gIBSMun', zero, el('vIBSMun', reais(t.ibsMunCents))),
          el('vIBS', reais(t.ibsUfCents + t.ibsMunCents)),
          el('vCredPres', '0.00'),
          el('vCredPresCondSus', '0.00'),
        ),
        group('gCBS', zero, el('vCBS', reais(t.cbsCents)), el('vCredPres', '0.00'), el('vCredPresCondSus', '0.00')),
      )
    : '';
  return group('total', icmsTot, ibsCbsTot);
}

/**
 * The instalments of an NF-e on credit (cobr: the invoice and its dup), none without them: the invoice's net value
 * (vLiq) what they charge, its original the note's total or, when they charge more, theirs; the rest its discount.
 */
function cobrXml(input: NfeInput, t: NfeTotals): string {
  const instalments = input.instalments ?? [];
  const charged = instalments.reduce((sum, d) => sum + d.amountCents, 0);
  const original = Math.max(t.totalCents, charged);
  return instalments.length
    ? group(
        'cobr',
        group(
          'fat',
          el('nFat', String(input.number)),
          el('vOrig', reais(original)),
          el('vDesc', reais(original - charged)),
          el('vLiq', reais(charged)),
        ),
        ...instalments.map((dup) =>
          group('dup', el('nDup', dup.number), el('dVenc', dup.dueDate), el('vDup', reais(dup.amountCents))),
        ),
      )
    : '';
}

/** A note written, not yet signed (writeNfe): what signNfe signs. */
export interface WrittenNfe {
  input: NfeInput;
  /** The access key, and the facts the groups were written from. */
  facts: NoteFacts;
  /** infNFe's content, ide to infAdic. */
  body: string;
  totals: NfeTotals;
}

/**
 * The signed note: infNFe signed on its C14N form (RSA-SHA1, as the manual asks; RSA-SHA256 for the readers' tests);
 * an NFC-e also carries infNFeSupl, its QR code (offline, with the day, the value and the digest) and the state's
 * consultation address.
 */
export function signNfe(note: WrittenNfe, signer: XmlSigner, algorithm: 'sha1' | 'sha256' = 'sha1'): BuiltNfe {
  const { input, facts, body, totals: t } = note;
  const { id, accessKey, offline } = facts;
  const { issuer, environment, model } = input;
  const infNFe = `<infNFe Id="${id}" versao="${VERSION}">${body}</infNFe>`;
  // C14N of infNFe alone: it carries the default namespace declared on NFe.
  const canonical = `<infNFe xmlns="${NFE_NAMESPACE}" Id="${id}" versao="${VERSION}">${body}</infNFe>`;
  const signature = signCanonical(canonical, id, signer, algorithm);
  let qrCode: string | null = null;
  let supl = '';
  if (model === 65) {
    if (!input.csc) throw new NfeBuildError('Informe o CSC e o seu identificador para a NFC-e.');
    const urls = nfceUrls(issuer.address.uf, environment);
    qrCode = nfceQrCode({
      url: urls.qrCode,
      accessKey,
      environment,
      csc: input.csc,
      offline: offline
        ? { day: input.issuedAt.slice(8, 10), totalCents: t.totalCents, digest: signature.digest }
        : null,
    });
    supl = group('infNFeSupl', el('qrCode', qrCode), el('urlChave', urls.consultation));
  }
  return {
    xml: `<NFe xmlns="${NFE_NAMESPACE}">${infNFe}${supl}${signature.xml}</NFe>`,
    accessKey,
    digest: signature.digest,
    totals: t,
    qrCode,
  };
}

/** Writes the note, checked, without its signature (see the module's comment). */
export function writeNfe(input: NfeInput): WrittenNfe {
  const facts = noteFacts(input);
  const { dets, totals } = itemsXml(input, {
    model: input.model,
    environment: input.environment,
    interstate: facts.interstate,
    regimeNormal: facts.regimeNormal,
    consumer: facts.consumer,
    approximate: facts.approximate,
    interstateIcms: interstateContext(input, facts.interstate),
  });
  checkPayments(input, totals);
  const change = input.changeCents ?? 0;
  const pag = group('pag', ...input.payments.map(paymentXml), change > 0 ? el('vTroco', reais(change)) : '');
  const own = [input.additionalInfo, input.instalmentsDifference].filter(Boolean).join(' ');
  const approximate =
    facts.approximate && input.approximateTaxesSource
      ? approximateTaxesText(totals.approximate, input.approximateTaxesSource)
      : '';
  const infCpl = [simplesStatements(input.issuer.crt, totals.simplesCredits, own), own, approximate]
    .filter(Boolean)
    .join(' ');
  const infAdic = optionalGroup('infAdic', el('infCpl', infCpl || null));
  const body =
    ideXml(input, facts) +
    emitXml(input.issuer) +
    destXml(input) +
    dets.join('') +
    totalXml(input, totals, facts) +
    transpXml(input) +
    cobrXml(input, totals) +
    pag +
    infAdic +
    technicalContactXml(input.technicalContact, facts.accessKey);
  return { input, facts, body, totals };
}

/** Builds and signs the note (see the module's comment). */
export function buildNfe(input: NfeInput, signer: XmlSigner): BuiltNfe {
  return signNfe(writeNfe(input), signer);
}
