/**
 * The ICMS rates of an interstate sale (issue 55 §2), in ten-thousandths of a percent (nfe-input.ts):
 *
 * - The interstate rate (Resolução do Senado Federal 13/2012 and 22/1989): 4 % for imported goods (origem 1, 2, 3 and
 *   8: imported, or national with more than 40 % of imported content); otherwise 7 % from the South and Southeast
 *   (ES excepted) to the North, Northeast, Centre-West and ES; 12 % in every other case.
 * - Each state's internal ('modal') rate and its general FCP (the poverty fund's additional charged on every good;
 *   a state whose FCP falls only on listed goods — drinks, tobacco, cosmetics… — has 0 here: a phone is none of them),
 *   as in force on 1 January 2026. Source: each state's ICMS law as summed up by JTax Mind, "Estados que alteraram as
 *   alíquotas de ICMS de 2024 para 2025" (21 Jan 2025; MA Lei 12.426/2024 23 %, PI Lei 8.558/2024 22,5 %, RN Lei
 *   11.999/2024 20 %, BA Lei 14.629/2023 20,5 %, PE Lei 18.305/2023 20,5 %), with the FCPs of AL (1 %, FECOEP), RJ
 *   (2 %, FECP, Lei 4.056/2002) and SE (1 %, FECOEP); no state changed its general rate for 2026 in those sources.
 *   A product with a rate of its own (a reduced base, a specific rate) is not in this table.
 */

/** A state's internal rate and general FCP, ten-thousandths of a percent (18 % = 180_000). */
export interface StateIcmsRates {
  internal: number;
  fcp: number;
}

const r = (internal: number, fcp = 0): StateIcmsRates => ({ internal: internal * 10_000, fcp: fcp * 10_000 });

export const STATE_ICMS_RATES: Readonly<Record<string, StateIcmsRates>> = {
  AC: r(19),
  AL: r(19, 1),
  AM: r(20),
  AP: r(18),
  BA: r(20.5),
  CE: r(20),
  DF: r(20),
  ES: r(17),
  GO: r(19),
  MA: r(23),
  MG: r(18),
  MS: r(17),
  MT: r(17),
  PA: r(19),
  PB: r(20),
  PE: r(20.5),
  PI: r(22.5),
  PR: r(19.5),
  RJ: r(20, 2),
  RN: r(20),
  RO: r(19.5),
  RR: r(20),
  RS: r(17),
  SC: r(17),
  SE: r(19, 1),
  SP: r(18),
  TO: r(20),
};

/** The South and Southeast but ES: the origins of the 7 % rate. */
const SOUTH_SOUTHEAST = new Set(['MG', 'PR', 'RJ', 'RS', 'SC', 'SP']);
/** The goods' origins taxed at 4 % between states (imported, or with more than 40 % imported content). */
export const IMPORTED_ORIGINS: readonly number[] = [1, 2, 3, 8];

/** The interstate rate from `originUf` to `destinationUf` of goods of `origin` (see the module's comment). */
export function interstateRate(originUf: string, destinationUf: string, origin: number): number {
  if (IMPORTED_ORIGINS.includes(origin)) return 40_000;
  if (SOUTH_SOUTHEAST.has(originUf) && !SOUTH_SOUTHEAST.has(destinationUf)) return 70_000;
  return 120_000;
}

/** A state's rates; throws for an unknown state (the schema refuses it first). */
export function stateRates(uf: string): StateIcmsRates {
  const rates = STATE_ICMS_RATES[uf];
  if (!rates) throw new Error(`UF sem alíquotas de ICMS: ${uf}`);
  return rates;
}
