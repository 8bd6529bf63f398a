/**
 * Finding a person in free text (decision 0016): what attendants, couriers and stockers wrote about him in
 * an order's notes, a return's comments, the audit and the runs, in the spellings people use: the name whole
 * or in parts, in any case and with or without accents; the CPF/CNPJ, the state registration (from 8 digits)
 * and the CEP with or without punctuation;
 * the phone with or without the mask, the area code or +55; the e-mail in any case; the street with its number.
 * Each finding becomes `REDACTED`; the rest of the text (what happened) stays.
 */

/** What replaces a piece of personal data in free text. */
export const REDACTED = '[dado removido]';

/** The values that identify the person, as the registration (and his audit) held them. */
export interface PersonTraces {
  names: string[];
  emails: string[];
  documents: string[];
  phones: string[];
  streets: { street: string; number: string | null }[];
  complements: string[];
  zipCodes: string[];
  /** 'Inscrição estadual' (a rural producer's is a person's number too). */
  stateRegistrations: string[];
}

/** Words of a name that say nothing about who: particles and company types. */
const NOT_A_NAME = new Set(['de', 'da', 'do', 'das', 'dos', 'e', 'ltda', 'me', 'epp', 'eireli', 'cia', 'sa', 's/a']);
/** Words that open a street's name, written in full or abbreviated ('Rua', 'R.', 'Av.'…). */
const STREET_TYPES =
  '(?:rua|r\\.?|avenida|av\\.?|travessa|tv\\.?|alameda|al\\.?|estrada|estr\\.?|rodovia|rod\\.?|praça|pç\\.?|largo|viela|beco)';
const STREET_TYPE = new RegExp(`^${STREET_TYPES}\\s+`, 'iu');

const ACCENTED: Record<string, string> = {
  a: 'aáàâãä',
  e: 'eéèêë',
  i: 'iíìîï',
  o: 'oóòôõö',
  u: 'uúùûü',
  c: 'cç',
  n: 'nñ',
};
/** A text matched as it is, in a pattern with the `u` flag (where an escaped hyphen is an error: it becomes \x2d). */
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&').replace(/-/g, '\\x2d');
/** Not inside a word or a number. */
const START = '(?<![\\p{L}\\p{N}])';
const END = '(?![\\p{L}\\p{N}])';

/** A phrase in any case, with or without its accents, any run of spaces between its words. */
function loose(phrase: string): string {
  const words = phrase.normalize('NFC').trim().split(/\s+/u);
  return words
    .map((word) =>
      [...word]
        .map((char) => {
          const base = char.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
          const variants = ACCENTED[base];
          return variants ? `[${variants}]` : escapeRegExp(char);
        })
        .join(''),
    )
    .join('\\s+');
}

/** Digits with any of `separators` (or none) between each two, not inside a longer number. */
const spacedDigits = (digits: string, separators = '[\\s./-]?') => [...digits].join(separators);

function phonePattern(phone: string): string | null {
  let digits = phone.replace(/\D/g, '');
  if (digits.length > 11 && digits.startsWith('55')) digits = digits.slice(2);
  if (digits.length < 8) return null;
  // The area code (two digits) may be left out, written in parentheses or with +55 before it.
  const local = digits.length >= 10 ? digits.slice(2) : digits;
  const area = digits.length >= 10 ? digits.slice(0, 2) : null;
  const number = spacedDigits(local, '[\\s.-]?');
  const prefix = area ? `(?:(?:(?:\\+\\s?)?55[\\s.-]*)?(?:\\(\\s?${area}\\s?\\)|${area})[\\s.-]*)?` : '';
  return `(?<!\\d)${prefix}${number}(?!\\d)`;
}

interface Piece {
  /** How long the written value is: longer pieces are tried first ('Joana Silva' before 'Joana'). */
  weight: number;
  pattern: string;
}

/** One expression that finds every trace of the person, or null when there is nothing to look for. */
export function personPattern(traces: PersonTraces): RegExp | null {
  const pieces: Piece[] = [];
  const add = (weight: number, pattern: string | null) => {
    if (pattern) pieces.push({ weight, pattern });
  };
  for (const name of traces.names) {
    const trimmed = name.trim();
    if (trimmed.length < 2) continue;
    add(trimmed.length, `${START}${loose(trimmed)}${END}`);
    for (const word of trimmed.split(/\s+/u)) {
      if (word.length >= 3 && !NOT_A_NAME.has(word.toLowerCase()) && /\p{L}/u.test(word)) {
        add(word.length, `${START}${loose(word)}${END}`);
      }
    }
  }
  for (const email of traces.emails) if (email.includes('@')) add(email.length, escapeRegExp(email.trim()));
  for (const document of traces.documents) {
    const digits = document.replace(/\D/g, '');
    if (digits.length >= 11) add(digits.length, `(?<!\\d)${spacedDigits(digits)}(?!\\d)`);
  }
  for (const phone of traces.phones) add(phone.length, phonePattern(phone));
  for (const { street, number } of traces.streets) {
    const full = street.trim();
    if (full.length < 4) continue;
    const bare = full.replace(STREET_TYPE, '');
    // 'Rua das Acácias', 'R. das Acácias' and 'das Acácias', each maybe followed by ', 77' or ' nº 77'.
    const name = bare !== full && bare.length >= 5 ? `(?:${STREET_TYPES}\\s+)?${loose(bare)}` : loose(full);
    const numbered = number?.trim() ? `(?:\\s*,?\\s*(?:n[º°o]?\\.?\\s*)?${escapeRegExp(number.trim())}${END})?` : '';
    add(full.length, `${START}${name}${numbered}${END}`);
  }
  for (const complement of traces.complements) {
    if (complement.trim().length >= 4) add(complement.length, `${START}${loose(complement)}${END}`);
  }
  for (const registration of traces.stateRegistrations) {
    const digits = registration.replace(/\D/g, '');
    // A shorter one is too like any other number of a note (a quantity, an order's figure).
    if (digits.length >= 8) add(digits.length, `(?<!\\d)${spacedDigits(digits)}(?!\\d)`);
  }
  for (const zip of traces.zipCodes) {
    const digits = zip.replace(/\D/g, '');
    if (digits.length === 8) add(8, `(?<!\\d)${spacedDigits(digits)}(?!\\d)`);
  }
  if (pieces.length === 0) return null;
  pieces.sort((a, b) => b.weight - a.weight);
  return new RegExp(pieces.map((piece) => piece.pattern).join('|'), 'giu');
}

/** Two findings side by side ('Joana' 'Silva') read as one. */
const NEIGHBOURS = new RegExp(`${escapeRegExp(REDACTED)}(?:\\s+${escapeRegExp(REDACTED)})+`, 'g');

/** `text` without the person: each trace replaced by REDACTED. */
export function redactText(text: string, pattern: RegExp): string {
  const normalized = text.normalize('NFC');
  if (!pattern.test(normalized)) {
    pattern.lastIndex = 0;
    return text;
  }
  pattern.lastIndex = 0;
  return normalized.replace(pattern, REDACTED).replace(NEIGHBOURS, REDACTED);
}

/** Every string inside a JSON value (an audit row's changes) redacted; `changed` when one was. */
export function redactDeep(value: unknown, pattern: RegExp): { value: unknown; changed: boolean } {
  if (typeof value === 'string') {
    const redacted = redactText(value, pattern);
    return { value: redacted, changed: redacted !== value };
  }
  if (Array.isArray(value)) {
    let changed = false;
    const items = value.map((item) => {
      const result = redactDeep(item, pattern);
      changed ||= result.changed;
      return result.value;
    });
    return { value: items, changed };
  }
  if (typeof value === 'object' && value !== null) {
    let changed = false;
    const entries = Object.entries(value).map(([key, item]) => {
      const result = redactDeep(item, pattern);
      changed ||= result.changed;
      return [key, result.value] as const;
    });
    return { value: Object.fromEntries(entries), changed };
  }
  return { value, changed: false };
}
