/**
 * A published validation rule and its breach (issue 55 §2): apart from index.ts so that each rule's file imports
 * them without importing the list that imports it.
 */
import type { NoteView } from './note-view';

export interface RuleBreach {
  /** The SEFAZ's cStat for the rejection (e.g. 806). */
  code: number;
  /** The SEFAZ's xMotivo, verbatim as published ('Rejeição: …'). */
  reason: string;
  /** What the shop reads: Portuguese, naming the product (xProd) or the customer (xNome) to fix. */
  message: string;
}

export interface NoteRule {
  code: number;
  reason: string;
  /** The published document and its section (e.g. 'NT 2015.003 v1.94, regra N12-30'). */
  source: string;
  check(note: NoteView): RuleBreach[];
}
