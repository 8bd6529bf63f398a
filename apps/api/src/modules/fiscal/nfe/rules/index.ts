/**
 * The SEFAZ's published validation rules that our notes must pass (issue 55 §2), written once: our pre-send check
 * (notes/note-building.ts) refuses a note that breaks one, in Portuguese naming the product or customer to fix,
 * before it is sent; the SEFAZ double of the tests (sefaz/test-sefaz.ts) rejects it with the SEFAZ's own code and
 * text (cStat, xMotivo). Each rule names the document that publishes it (Manual de Orientação do Contribuinte 7.0,
 * its Notas Técnicas). One file per group of rules; each is listed here.
 */
import { CEST_RULE } from './cest';
import { INTERSTATE_RULES } from './interstate';
import { NFCE_URL_RULE } from './nfce-urls';
import type { NoteRule, RuleBreach } from './note-rule';
import { viewNote } from './note-view';
import { PRESENCE_RULES } from './presence';
import { EXEMPT_RECIPIENT_RULE } from './recipient';
import { TECHNICAL_CONTACT_RULE } from './technical-contact';

export type { NoteRule, RuleBreach } from './note-rule';

/** Every content rule, in the order a SEFAZ would report them. */
export const NOTE_RULES: readonly NoteRule[] = [
  ...PRESENCE_RULES,
  EXEMPT_RECIPIENT_RULE,
  ...INTERSTATE_RULES,
  CEST_RULE,
  TECHNICAL_CONTACT_RULE,
  NFCE_URL_RULE,
];

/** The breaches of a signed note's XML, first one first; [] when it passes every rule. */
export function breachesOf(xml: string): RuleBreach[] {
  const note = viewNote(xml);
  if (!note) return [];
  return NOTE_RULES.flatMap((rule) => rule.check(note));
}
