import { centsToReais, formatBRL } from './money';

/** R$ 1.234,56 of a difference in cents (its sign dropped: the message says which side is larger). */
const reais = (cents: number) => formatBRL(centsToReais(Math.abs(cents)));

/**
 * The refusals of a supplier's note whose totals do not add up (issue 57 §2, decision 0088): a file the SEFAZ
 * could not have authorised (MOC 7.0, rules W16-10 → rejection 610 and W07 → rejection 564).
 */
export const PURCHASE_CONSISTENCY_TEXTS = {
  /** ICMSTot/vProd differs from the sum of the items' vProd (those with indTot 1). */
  productsTotal: (noteCents: number, itemsCents: number) =>
    `O total dos produtos da nota (vProd ${reais(noteCents)}) difere da soma dos itens (${reais(itemsCents)}) em ${reais(noteCents - itemsCents)}: a SEFAZ não autorizaria esta nota (rejeição 564). Peça ao fornecedor o XML correto.`,
  /** ICMSTot/vNF differs from vProd − vDesc + vST + vFCPST + vFrete + vSeg + vOutro + vII + vIPI + vIPIDevol + vServ (− vICMSDeson). */
  noteTotal: (noteCents: number, expectedCents: number) =>
    `O valor total da nota (vNF ${reais(noteCents)}) difere da soma das suas parcelas (${reais(expectedCents)}) em ${reais(noteCents - expectedCents)}: a SEFAZ não autorizaria esta nota (rejeição 610). Peça ao fornecedor o XML correto.`,
} as const;
