import {
  centsToReais,
  hasTwoDecimals,
  REPAIR_LIMITS,
  REPAIR_TEXTS,
  type RepairMoveBody,
  reaisToCents,
} from '@backoffice/contract';

/** A part of the estimate being written: a product from stock, how many, and its price to the customer (reais). */
export interface EstimatePart {
  productId: number;
  code: string;
  name: string;
  quantity: number;
  /** The price typed (reais), the product's list price until changed; null while the field is empty. */
  unitPrice: number | null;
}

export interface EstimateDraft {
  diagnosis: string;
  parts: EstimatePart[];
  /** Labour in reais; null while empty (counts as R$ 0,00). */
  labour: number | null;
}

const amountOk = (value: number) => value >= 0 && value <= REPAIR_LIMITS.maxAmount && hasTwoDecimals(value);

/** The estimate's sums, worked out in cents: each line (price × quantity), the parts, the labour, the total. */
export function estimateTotals(draft: Pick<EstimateDraft, 'parts' | 'labour'>) {
  const lines = draft.parts.map((part) => reaisToCents(part.unitPrice ?? 0) * part.quantity);
  const partsCents = lines.reduce((sum, cents) => sum + cents, 0);
  const labourCents = reaisToCents(draft.labour ?? 0);
  return {
    lines: lines.map(centsToReais),
    parts: centsToReais(partsCents),
    labour: centsToReais(labourCents),
    total: centsToReais(partsCents + labourCents),
  };
}

/**
 * Why the estimate cannot be sent yet (the server's rules and texts), or null: a part's quantity (1 to 99) or price
 * out of range, too many parts, a part twice, nothing at all (no part and no labour).
 */
export function estimateProblem(draft: Pick<EstimateDraft, 'parts' | 'labour'>): string | null {
  if (draft.parts.length > REPAIR_LIMITS.parts) return REPAIR_TEXTS.partsTooMany;
  if (new Set(draft.parts.map((part) => part.productId)).size !== draft.parts.length) return REPAIR_TEXTS.partRepeated;
  for (const part of draft.parts) {
    if (!Number.isInteger(part.quantity) || part.quantity < 1 || part.quantity > REPAIR_LIMITS.partQuantity)
      return REPAIR_TEXTS.partInvalid;
    if (part.unitPrice === null || !amountOk(part.unitPrice)) return REPAIR_TEXTS.amountInvalid;
  }
  if (draft.labour !== null && !amountOk(draft.labour)) return REPAIR_TEXTS.amountInvalid;
  if (draft.parts.length === 0 && (draft.labour ?? 0) === 0) return REPAIR_TEXTS.estimateEmpty;
  return null;
}

/** The body of 'Enviar orçamento' (POST /repairs/{id}/send-estimate): each part with the price shown. */
export function estimateBodyOf(draft: EstimateDraft): RepairMoveBody {
  const diagnosis = draft.diagnosis.trim();
  return {
    ...(diagnosis ? { diagnosis } : {}),
    parts: draft.parts.map((part) => ({
      productId: part.productId,
      quantity: part.quantity,
      unitPrice: part.unitPrice ?? 0,
    })),
    labour: draft.labour ?? 0,
  };
}

/** Adds a product as a part (one unit at its list price), or one more unit when it is already there. */
export function addPart(
  parts: readonly EstimatePart[],
  product: { id: number; code: string; name: string; sellPrice: number },
): EstimatePart[] {
  if (parts.some((part) => part.productId === product.id)) {
    return parts.map((part) =>
      part.productId === product.id
        ? { ...part, quantity: Math.min(part.quantity + 1, REPAIR_LIMITS.partQuantity) }
        : part,
    );
  }
  return [
    ...parts,
    { productId: product.id, code: product.code, name: product.name, quantity: 1, unitPrice: product.sellPrice },
  ];
}
