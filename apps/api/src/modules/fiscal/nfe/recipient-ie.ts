/**
 * The recipient's indIEDest, in one place for the note's `dest` (nfe-builder.ts) and the DIFAL (icms-interstate.ts,
 * which applies to indIEDest 9 only — rules 694 and 695): 1 a taxpayer with its IE (digits, on an NF-e), 2 'ISENTO' on
 * an NF-e, 9 not a taxpayer (any NFC-e, no IE).
 */
import type { NfeInput } from './nfe-input';

export function indIEDestOf(model: NfeInput['model'], recipient: NfeInput['recipient']): '1' | '2' | '9' {
  if (model !== 55 || !recipient?.ie) return '9';
  if (/^\d+$/.test(recipient.ie)) return '1';
  return recipient.ie === 'ISENTO' ? '2' : '9';
}
