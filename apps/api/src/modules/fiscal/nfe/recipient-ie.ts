/**
 * The recipient's indIEDest, in one place for the note's `dest` (nfe-builder.ts) and the DIFAL (icms-interstate.ts,
 * which applies to indIEDest 9 only — rules 694 and 695): 1 a taxpayer with its IE (digits, on an NF-e), else 9 not a
 * taxpayer (any NFC-e, no IE). A company whose IE is 'ISENTO' is written 9 too: 2 ('contribuinte isento') is refused
 * by twelve states' SEFAZ in an interstate sale (805, MOC 7.0 regra E16a-30), 9 by none (issue 55 §2, decision 0080).
 */
import type { NfeInput } from './nfe-input';

export function indIEDestOf(model: NfeInput['model'], recipient: NfeInput['recipient']): '1' | '9' {
  return model === 55 && recipient?.ie && /^\d+$/.test(recipient.ie) ? '1' : '9';
}
