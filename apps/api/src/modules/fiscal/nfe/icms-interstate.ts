/**
 * The ICMS of a sale to another state (issue 55 §2), for nfe-items.ts:
 *
 * - Regime Normal (CRT 3): an item taxed by CST 00 or 10 pays the interstate rate (icms-rates.ts: 4, 7 or 12 %) to
 *   the issuer's state instead of the profile's internal rate, which stays for a sale inside the state.
 * - A consumer who is not an ICMS taxpayer (indFinal 1, indIEDest 9) in another state (idDest 2): the difference
 *   between the destination's internal rate and the interstate one goes to the destination (EC 87/2015; Convênio
 *   ICMS 236/2021, cláusula segunda, base única: the operation's value), 100 % of it since 2019 (pICMSInterPart
 *   100, vICMSUFRemet 0), with the destination's FCP on the same base: the item's `ICMSUFDest` group and the totals'
 *   vFCPUFDest, vICMSUFDest and vICMSUFRemet (MOC 7.0, grupo NA; NT 2015.003). Not for the Simples Nacional (CRT 1)
 *   nor for an item exempt or not taxed (CST 40/41, CSOSN 103/300/400), as rule NA01-20's exceptions say.
 *
 * DIFAL = base × destination's rate − base × interstate rate, each product rounded half up to the cent; FCP = base ×
 * the destination's FCP.
 */
import { el, group } from '../../../lib/nfe/canonical-xml';
import { interstateRate, stateRates } from './icms-rates';
import { percent, reais, taxOf } from './nfe-figures';
import type { IcmsTax, NfeInput } from './nfe-input';
import { indIEDestOf } from './recipient-ie';

/** The CSTs and CSOSNs exempt or not taxed: no ICMSUFDest (rule NA01-20, exceção 10). */
const UNTAXED = new Set(['40', '41', '103', '300', '400']);

/** What an interstate item's ICMS depends on: the two states, and whether the destination takes the DIFAL. */
export interface InterstateContext {
  issuerUf: string;
  recipientUf: string;
  /** Regime Normal: the item's own rate is the interstate one. */
  regimeNormal: boolean;
  /** The note carries ICMSUFDest: interstate, a consumer, not an ICMS taxpayer, not the Simples Nacional. */
  difal: boolean;
}

/** The interstate context of a note, or null for a note inside the state (or an NFC-e). */
export function interstateContext(input: NfeInput, interstate: boolean): InterstateContext | null {
  const { recipient, issuer } = input;
  if (!interstate || input.model !== 55 || !recipient?.address) return null;
  const nonContributor = indIEDestOf(input.model, recipient) === '9';
  return {
    issuerUf: issuer.address.uf,
    recipientUf: recipient.address.uf,
    regimeNormal: issuer.crt === 3,
    difal: nonContributor && issuer.crt !== 1,
  };
}

/** The item's ICMS as taxed between the states: CST 00 and 10 at the interstate rate (Regime Normal). */
export function interstateIcms(icms: IcmsTax, origin: number, context: InterstateContext | null): IcmsTax {
  if (!context?.regimeNormal || icms.kind !== 'CST' || (icms.code !== '00' && icms.code !== '10')) return icms;
  return { ...icms, rate: interstateRate(context.issuerUf, context.recipientUf, origin) } as IcmsTax;
}

/** The DIFAL's figures of an item. */
export interface DestinationIcms {
  xml: string;
  fcpCents: number;
  destinationCents: number;
}

/** The item's ICMSUFDest on `baseCents` (its ICMS base), or null when the note or the item takes none. */
export function destinationIcms(
  icms: IcmsTax,
  origin: number,
  baseCents: number,
  context: InterstateContext | null,
): DestinationIcms | null {
  if (!context?.difal || UNTAXED.has(icms.code)) return null;
  const inter = interstateRate(context.issuerUf, context.recipientUf, origin);
  const destination = stateRates(context.recipientUf);
  const destinationCents = Math.max(0, taxOf(baseCents, destination.internal) - taxOf(baseCents, inter));
  const fcpCents = taxOf(baseCents, destination.fcp);
  const fcp = destination.fcp > 0;
  const xml = group(
    'ICMSUFDest',
    el('vBCUFDest', reais(baseCents)),
    fcp ? el('vBCFCPUFDest', reais(baseCents)) : '',
    fcp ? el('pFCPUFDest', percent(destination.fcp)) : '',
    el('pICMSUFDest', percent(destination.internal)),
    el('pICMSInter', `${inter / 10_000}.00`),
    el('pICMSInterPart', '100.0000'),
    fcp ? el('vFCPUFDest', reais(fcpCents)) : '',
    el('vICMSUFDest', reais(destinationCents)),
    el('vICMSUFRemet', '0.00'),
  );
  return { xml, fcpCents, destinationCents };
}

/** The totals' vFCPUFDest, vICMSUFDest and vICMSUFRemet, written after vICMSDeson when the note takes the DIFAL. */
export function destinationTotalsXml(
  totals: { fcpUfDestCents: number; icmsUfDestCents: number },
  context: InterstateContext | null,
): string {
  if (!context?.difal) return '';
  return (
    el('vFCPUFDest', reais(totals.fcpUfDestCents)) +
    el('vICMSUFDest', reais(totals.icmsUfDestCents)) +
    el('vICMSUFRemet', '0.00')
  );
}
