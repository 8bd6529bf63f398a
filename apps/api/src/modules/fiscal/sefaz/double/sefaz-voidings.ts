/**
 * The SEFAZ double's judgement of a voiding of numbers (NFeInutilizacao4), after the message's schema, in the order
 * of the MOC's §5.3.4 (Tabela 5-12) after the generic groups: the signature and its certificate (297, 292, 213), I01
 * the environment (252), I03 the range's order (224), I04.a the Id (502), I07 the same range voided before (563,
 * answered with that voiding's nProt), I07a a number already voided (256), I08 a number holding a note (241). Codes
 * and texts in sefaz-refusals.ts.
 */
import type { SefazLedger, VoidedRange } from './sefaz-ledger';
import type { SefazPlace } from './sefaz-notes';
import { REFUSALS, type Refusal } from './sefaz-refusals';
import { signatureRefusal } from './sefaz-signature';

const tag = (xml: string, name: string) => new RegExp(`<${name}[^>]*>([^<]*)</${name}>`).exec(xml)?.[1] ?? '';

export type VoidingRange = Omit<VoidedRange, 'protocol'> & { year: string; environment: string; id: string };

export function voidingFields(message: string): VoidingRange {
  return {
    id: /<infInut[^>]*Id="([^"]*)"/.exec(message)?.[1] ?? '',
    environment: tag(message, 'tpAmb'),
    stateCode: tag(message, 'cUF'),
    year: tag(message, 'ano'),
    cnpj: tag(message, 'CNPJ'),
    model: tag(message, 'mod'),
    series: Number(tag(message, 'serie')),
    from: Number(tag(message, 'nNFIni')),
    to: Number(tag(message, 'nNFFin')),
  };
}

/** The SEFAZ's refusal of the voiding in `message` (an inutNFe valid by its schema), with the nProt of 563; or null. */
export function voidingRefusal(
  message: string,
  place: SefazPlace,
  ledger: SefazLedger,
): (Refusal & { protocol?: string }) | null {
  const range = voidingFields(message);
  const signature = signatureRefusal(message, 'infInut', range.cnpj);
  if (signature) return signature;
  if (range.environment !== String(place.environment)) return REFUSALS.environment;
  if (range.from > range.to) return REFUSALS.rangeInverted;
  const id =
    `ID${range.stateCode}${range.year}${range.cnpj}${range.model.padStart(2, '0')}${String(range.series).padStart(3, '0')}` +
    `${String(range.from).padStart(9, '0')}${String(range.to).padStart(9, '0')}`;
  if (range.id !== id) return REFUSALS.voidingId;
  const before = ledger.rangesOf(range);
  const same = before.find((r) => r.from === range.from && r.to === range.to);
  if (same) return { ...REFUSALS.sameRange, protocol: same.protocol };
  if (before.some((r) => r.from <= range.to && range.from <= r.to)) return REFUSALS.rangeVoided;
  return ledger.usedIn(range) !== null ? REFUSALS.rangeUsed : null;
}
