/**
 * The approximate taxes a sale to a consumer must state (Lei 12.741/2012, Decreto 8.264/2014; issue 55 §2, decision
 * 0077), from the IBPT table the shop imports (fiscal/ibpt): each item's `vTotTrib` (the layout's M02, first of its
 * `imposto`), the note's (ICMSTot/W16a, after vNF), and the sentence in infCpl with the federal, state and municipal
 * parts and the table's source and key.
 *
 * - The base: the item's operation value, what the buyer pays for it (vProd + vFrete + vSeg + vOutro − vDesc).
 * - The federal rate by the goods' origin (decision 0077): `importadosfederal` for foreign goods (origem 1, 2, 6, 7:
 *   imported directly or bought here, the import taxes in their price), `nacionalfederal` for the goods produced in
 *   Brazil (0, 3, 4, 5, 8, whatever their import content).
 * - Each part rounded half up to the cent per item (nfe-figures' taxOf); the item's vTotTrib is its parts' sum, the
 *   note's every total the items' sum.
 * - All or nothing: the note carries them only when every item has its row (an item without one would make the
 *   total say less than the truth); otherwise neither vTotTrib nor the sentence.
 */
import { formatBRL } from '@backoffice/contract';
import { type ApproximateTaxes, taxOf } from './nfe-figures';
import type { ApproximateTaxRates, NfeInput } from './nfe-input';

/** The origins of foreign goods (the layout's `orig` 1, 2, 6, 7): their federal rate is IBPT's `importadosfederal`. */
export const IMPORTED_ORIGINS: readonly number[] = [1, 2, 6, 7];

/** The federal rate of goods of `origin`: the imported goods' or the national goods'. */
export function federalRateOf(origin: number, rates: ApproximateTaxRates): number {
  return IMPORTED_ORIGINS.includes(origin) ? rates.importedFederal : rates.nationalFederal;
}

/** An item's approximate taxes on `baseCents`, each part rounded half up to the cent. */
export function approximateTaxesOf(baseCents: number, origin: number, rates: ApproximateTaxRates): ApproximateTaxes {
  const federalCents = taxOf(baseCents, federalRateOf(origin, rates));
  const stateCents = taxOf(baseCents, rates.state);
  const municipalCents = taxOf(baseCents, rates.municipal);
  return { federalCents, stateCents, municipalCents, totalCents: federalCents + stateCents + municipalCents };
}

/** Adds an item's to the note's. */
export function addApproximateTaxes(total: ApproximateTaxes, item: ApproximateTaxes): void {
  total.federalCents += item.federalCents;
  total.stateCents += item.stateCents;
  total.municipalCents += item.municipalCents;
  total.totalCents += item.totalCents;
}

/** Whether the note carries the approximate taxes: its table's source given and every item with its rates. */
export function carriesApproximateTaxes(input: NfeInput): boolean {
  return !!input.approximateTaxesSource && input.items.every((item) => !!item.approximateTaxRates);
}

const money = (cents: number) => formatBRL(cents / 100);

/** How the sentence opens (the A4 DANFE does not repeat it). */
export const APPROXIMATE_TAXES_OPENING = 'Valor aproximado dos tributos:';

/**
 * The sentence of infCpl: 'Valor aproximado dos tributos: R$ 342,10 (Federal R$ 210,30, Estadual R$ 131,80,
 * Municipal R$ 0,00) Fonte: IBPT chave 9oi7eW (Lei Federal 12.741/2012).'
 */
export function approximateTaxesText(
  taxes: ApproximateTaxes,
  source: NonNullable<NfeInput['approximateTaxesSource']>,
): string {
  return (
    `${APPROXIMATE_TAXES_OPENING} ${money(taxes.totalCents)} (Federal ${money(taxes.federalCents)}, ` +
    `Estadual ${money(taxes.stateCents)}, Municipal ${money(taxes.municipalCents)}) ` +
    `Fonte: ${source.source} chave ${source.key} (Lei Federal 12.741/2012).`
  );
}
