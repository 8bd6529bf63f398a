import { MUNICIPALITY_SEARCH_LIMIT, type Municipality, normalizeSearch } from '@backoffice/contract';
import { getMunicipalities, getMunicipalityByCode } from '@brazilian-utils/brazilian-utils';

/**
 * The IBGE's municipalities shipped with the app (@brazilian-utils/brazilian-utils, pinned: 5,571 with their 7-digit
 * codes), for the issuer's address (`cMun`, `xMun`) and its form's search. Read once, kept in memory (~0.5 MB).
 */

interface Entry extends Municipality {
  /** The name as searched: lower case, no accents, punctuation as spaces ('embu guacu'). */
  folded: string;
}

const fold = (text: string) =>
  normalizeSearch(text)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

const collator = new Intl.Collator('pt-BR');

let entries: Entry[] | undefined;
function all(): Entry[] {
  entries ??= getMunicipalities().map((m) => ({ code: m.code, name: m.name, uf: m.stateCode, folded: fold(m.name) }));
  return entries;
}

/** The municipality of an IBGE code ('3550308' → São Paulo/SP), or undefined. */
export function municipalityByCode(code: string): Municipality | undefined {
  if (!/^\d{7}$/.test(code)) return undefined;
  const found = getMunicipalityByCode(code);
  return found ? { code: found.code, name: found.name, uf: found.stateCode } : undefined;
}

/** The municipality named `name` in `uf` (accents, case and punctuation aside), or undefined: a customer's city. */
export function municipalityByName(name: string, uf: string): Municipality | undefined {
  const wanted = fold(name);
  const found = all().find((m) => m.uf === uf && m.folded === wanted);
  return found ? { code: found.code, name: found.name, uf: found.uf } : undefined;
}

/** Whether a typed name is the municipality's, accents, case and punctuation aside. */
export const sameMunicipalityName = (typed: string, name: string) => fold(typed) === fold(name);

/**
 * GET /fiscal/municipalities: by name (accents, case and punctuation aside; the exact name first, then the names
 * that start with it, then a word that does, then any that contains it; each by name, then UF) or by its 7-digit
 * code, within `uf` when given; at most MUNICIPALITY_SEARCH_LIMIT. No query: the UF's first ones by name.
 */
export function searchMunicipalities(query: { q?: string; uf?: string }): Municipality[] {
  const wanted = fold(query.q ?? '');
  const inUf = all().filter((m) => query.uf === undefined || m.uf === query.uf);
  const rankOf = (m: Entry) => {
    if (wanted === '') return 0;
    if (/^\d{7}$/.test(wanted)) return m.code === wanted ? 0 : -1;
    if (m.folded === wanted) return 0;
    if (m.folded.startsWith(wanted)) return 1;
    if (m.folded.includes(` ${wanted}`)) return 2;
    return m.folded.includes(wanted) ? 3 : -1;
  };
  return inUf
    .map((m) => ({ m, rank: rankOf(m) }))
    .filter(({ rank }) => rank >= 0)
    .sort((a, b) => a.rank - b.rank || collator.compare(a.m.name, b.m.name) || collator.compare(a.m.uf, b.m.uf))
    .slice(0, MUNICIPALITY_SEARCH_LIMIT)
    .map(({ m }) => ({ code: m.code, name: m.name, uf: m.uf }));
}
