import {
  type PurchasePreview,
  type PurchasePreviewItem,
  purchasePreviewItemSchema,
  purchasePreviewSchema,
} from '@backoffice/contract';

/**
 * The previews of 'Entrada por XML' for the web tests, each checked against the API's response schema (the
 * contract's): a plain note and a plain item, each test giving only what it is about.
 */

type PreviewChanges = Omit<Partial<PurchasePreview>, 'billing' | 'costs'> & {
  billing?: Partial<PurchasePreview['billing']>;
  costs?: Partial<PurchasePreview['costs']>;
};

/** A note's preview with nothing left open: no items, no payment to generate, no costs, ready; `more` changes it. */
export function notePreview({ billing, costs, ...more }: PreviewChanges = {}): PurchasePreview {
  return purchasePreviewSchema.parse({
    accessKey: '35261111222333000181550010000045121000045120',
    number: '4512',
    series: '1',
    issuedAt: '2026-11-20T10:15:00-03:00',
    total: 0,
    supplier: { id: 3, name: 'DISTRIBUIDORA MODELO DE CELULARES LTDA', document: '11222333000181' },
    recipient: { document: null, name: null },
    signature: { status: 'VALID', certificate: 'DISTRIBUIDORA MODELO', chain: 'INCOMPLETE' },
    instalments: [],
    warnings: [],
    items: [],
    billing: {
      instalmentsTotal: 0,
      difference: 0,
      earlyInstalments: [],
      instalmentsChoice: null,
      choiceNeeded: false,
      mode: 'NONE',
      dueDate: null,
      method: null,
      noteMethods: ['90'],
      advancePaid: 0,
      bills: [],
      paid: false,
      ...billing,
    },
    costs: {
      crt: null,
      pisCofinsNonCumulative: false,
      bonusItems: 0,
      bonusValue: 0,
      bonusCost: null,
      payable: 0,
      credits: { icms: 0, pis: 0, cofins: 0, total: 0 },
      entryCost: 0,
      notes: [],
      ...costs,
    },
    levelDefaults: { gold: 0, silver: 0, bronze: 0 },
    drawerClosed: false,
    problems: [],
    ready: true,
    ...more,
  });
}

/**
 * Item `line` of a note's preview: 10 UN of an accessory (NCM 39269090) at R$ 10,00, no tax in its cost, matched to
 * no product, nothing to decide; `more` changes it.
 */
export function previewItem(line: number, more: Partial<PurchasePreviewItem> = {}): PurchasePreviewItem {
  return purchasePreviewItemSchema.parse({
    line,
    supplierCode: `C${line}`,
    name: `Item ${line}`,
    gtin: null,
    ncm: '39269090',
    cest: null,
    unit: 'UN',
    quantity: '10.0000',
    factor: 1,
    factorConfirmed: true,
    factorText: '10 UN × 1 = 10 UN',
    units: 10,
    totalCost: 100,
    freight: 0,
    costParts: {
      products: 0,
      discount: 0,
      freight: 0,
      insurance: 0,
      other: 0,
      ipi: 0,
      ipiReturned: 0,
      icmsSt: 0,
      fcpSt: 0,
    },
    unitCost: 10,
    bonus: false,
    fcpSt: 0,
    credits: { icms: 0, pis: 0, cofins: 0 },
    entryCost: 100,
    unitCosts: [{ units: 10, cost: 10 }],
    unitCostsText: '10 × R$ 10,00 = R$ 100,00',
    match: 'NONE',
    product: null,
    suggested: { name: `Item ${line}`, barcode: null, ncm: '39269090', cest: null, cost: 10 },
    serialized: false,
    newAverageCost: null,
    levelPrices: null,
    costDeviation: null,
    imeis: [],
    problems: [],
    ...more,
  });
}
