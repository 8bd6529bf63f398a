import { centsToReais, type Product, type ProductUpdateInput, reaisToCents } from '@backoffice/contract';

/**
 * The stock and cost an edit form was opened with, sent as `previousStock` / `previousCost` in
 * PUT /products/{code}: the server keeps a stock or cost that moved meanwhile (a sale, a stock entry) when
 * the form left it as it was, and refuses (409, naming the current value) a form that changed it too.
 */
export type EditBaseline = Required<Pick<ProductUpdateInput, 'previousStock' | 'previousCost'>>;

/** The baseline of a product as the form shows it: its stock, its cost in reais with two decimals. */
export function baselineOf(product: Pick<Product, 'stock' | 'cost'>): EditBaseline {
  return { previousStock: product.stock, previousCost: centsToReais(reaisToCents(product.cost)) };
}

/**
 * After a 409, the baseline of the field the server refused (stock first, then cost, as it checks them)
 * moves to the product's current value, which the refusal named: saving the same form again then applies
 * what the person typed ("Confira e salve de novo"), while the other field keeps the baseline the form was
 * opened with, so a value moved meanwhile and left alone in the form is still kept by the server.
 */
export function baselineAfterConflict(
  baseline: EditBaseline,
  sent: { stock: number; cost: number },
  current: Pick<Product, 'stock' | 'cost'>,
): EditBaseline {
  const { previousStock, previousCost } = baseline;
  if (current.stock !== previousStock && sent.stock !== previousStock) {
    return { previousStock: current.stock, previousCost };
  }
  const cents = reaisToCents;
  if (cents(current.cost) !== cents(previousCost) && cents(sent.cost) !== cents(previousCost)) {
    return { previousStock, previousCost: centsToReais(cents(current.cost)) };
  }
  return baseline;
}
