/**
 * Buying (issue 39): stock entry from the supplier's NF-e XML. The texts of reading the note (decision 0048)
 * are shared: the API answers them and the web shows them as sent.
 */

import { z } from 'zod';
import { unitInputSchema } from './imei';
import { pagedSchema } from './paging';
import { PRODUCT_LIMITS, PRODUCT_TEXTS } from './products';
import { entryBillingDecisionsSchema, entryBillingSchema, purchaseBillingSchema } from './purchases-consistency';
import {
  entryCostDecisionsSchema,
  entryCostItemShape,
  entryCostsSchema,
  purchaseCostsSchema,
  purchaseItemCostShape,
} from './purchases-costs';
import { costDeviationSchema } from './purchases-pricing';

/** The largest NF-e XML accepted (2 MB): a 500-item note is about 1 MB. */
export const NFE_MAX_MEGABYTES = 2;

export const PURCHASE_TEXTS = {
  nfe: {
    /** Over NFE_MAX_BYTES, refused before it is read. */
    tooLarge: `O arquivo passa de ${NFE_MAX_MEGABYTES} MB.`,
    /** The read passed its time bound (nfe-worker.ts) and was stopped. */
    tooSlow: (seconds: number) =>
      `A leitura do arquivo passou de ${seconds} ${seconds === 1 ? 'segundo' : 'segundos'} e foi interrompida: confira se é a NF-e do fornecedor e envie de novo.`,
    /** Not UTF-8 text (NF-e XML is always UTF-8). */
    encoding: 'O arquivo não é um XML em UTF-8 (a NF-e é sempre UTF-8).',
    /** A DOCTYPE, DTD or entity declaration (XXE, "billion laughs"), refused before parsing. */
    dtd: 'O arquivo declara um DOCTYPE ou entidades (DTD), o que uma NF-e nunca faz: por segurança, ele não é lido.',
    /** Not well-formed XML; `detail` is the parser's. */
    notXml: (detail: string) => `O arquivo não é um XML válido: ${detail}`,
    /** Well-formed XML, but no nfeProc/NFe of the portalfiscal namespace, or a structure no NF-e has. */
    notNfe: 'O arquivo não é uma NF-e (modelo 55, versão 4.00).',
    /** ide/mod is not 55 (e.g. an NFC-e, model 65). */
    model: (model: string) =>
      `O arquivo é um documento fiscal modelo ${model}, não uma NF-e modelo 55 (a NFC-e, modelo 65, não serve para entrada de compra).`,
    /**
     * infNFe/@versao (or the nfeProc's) is not 4.00: 3.10 and older were retired by NT 2016.002 (the SEFAZ stopped
     * authorising them in 2019), so a note of today in another version is an old file or a wrong export.
     */
    version: (version: string) =>
      `O arquivo está na versão ${version} do leiaute da NF-e; só a versão 4.00 é aceita (as versões 3.10 e anteriores deixaram de ser autorizadas pela SEFAZ em 2019, NT 2016.002). Peça ao fornecedor o XML autorizado da nota (nfeProc 4.00).`,
    /** tpNF 0: a note of goods coming into its issuer (decision 0090). */
    entryNote:
      'A nota é de entrada do emitente (tpNF 0): registra mercadoria que entrou no estoque do próprio fornecedor, não uma venda para a loja. Peça ao fornecedor a NF-e de venda (tpNF 1).',
    /** tpNF 0 with CFOPs 3xxx: an import note, issued by the importer to itself. */
    importNote:
      'A nota é de importação (tpNF 0, CFOP 3xxx): quem importa a emite para si mesmo, e ela não é uma venda de fornecedor para a loja. A entrada por XML lê só a NF-e de venda do fornecedor (tpNF 1).',
    /** finNFe other than 1 (normal). */
    notNormal: (purpose: string) =>
      `A nota é ${{ '2': 'complementar (finNFe 2): complementa valores ou impostos de outra nota e não traz mercadoria', '3': 'de ajuste (finNFe 3): acerta impostos e não traz mercadoria', '4': 'de devolução (finNFe 4): devolve mercadoria, não a vende à loja' }[purpose] ?? `de finalidade ${purpose} (finNFe)`}. A entrada por XML lê só a NF-e normal de venda (finNFe 1); uma diferença de valor vai em Contas a pagar.`,
    /** A field the note must have is missing. */
    missing: (field: string) => `A NF-e não tem o campo obrigatório ${field}.`,
    /** Two det of the same nItem: which of them is the item is unknowable, so the note is not entered. */
    itemRepeated: (itemNumber: number) =>
      `O item nº ${itemNumber} aparece duas vezes na nota (det nItem="${itemNumber}"): peça ao fornecedor a NF-e correta.`,
    /** The access key (infNFe/@Id) is not 44 characters. */
    accessKeyFormat: (id: string) => `A chave de acesso "${id}" não tem 44 caracteres (NFe seguido de 44 dígitos).`,
    /** The key's mod-11 check digit does not match. */
    accessKeyDigit: (key: string) => `A chave de acesso ${key} tem o dígito verificador errado.`,
    /** The key does not match the note's fields (cUF, AAMM, CNPJ, modelo, série, número, tpEmis, cNF, cDV). */
    accessKeyParts: (key: string, field: string) =>
      `A chave de acesso ${key} não confere com o campo ${field} da nota: o arquivo foi montado errado ou alterado.`,
    /** protNFe/infProt/chNFe is another note's key. */
    protocolOtherNote: 'O protocolo de autorização anexado é de outra nota (a chave não confere).',
    /** protNFe/infProt/cStat is not 100/150: SEFAZ did not authorise the note's use. */
    notAuthorised: (status: string, reason: string) =>
      `A SEFAZ não autorizou o uso desta nota (situação ${status}${reason ? `: ${reason}` : ''}).`,
    /** A signature that does not verify: the note was changed after it was signed. */
    signature: 'A assinatura digital da nota não confere: o arquivo foi alterado depois de assinado.',
    /** A signature of a form SEFAZ does not use (algorithm, reference, certificate). */
    signatureForm: (detail: string) => `A assinatura digital da nota não está no padrão da NF-e: ${detail}`,
    /** protNFe/infProt/digVal differs from the signature's DigestValue. */
    signatureProtocol:
      'A assinatura digital não é a que a SEFAZ autorizou (o digVal do protocolo difere): o arquivo foi alterado depois de autorizado.',
    /** protNFe present but no Signature: the protocol's digVal names a signature the file no longer carries. */
    signatureStripped:
      'A nota traz o protocolo de autorização da SEFAZ (protNFe) mas não a assinatura digital que ele autorizou (digVal): o arquivo foi alterado depois de autorizado.',
    /** An amount with more than 2 decimals, negative or not a number. */
    value: (field: string, value: string) =>
      `O valor ${field} "${value}" não é um valor em reais com até 2 casas decimais.`,
    /** A quantity with more than 4 decimals, zero or not a number. */
    quantity: (field: string, value: string) =>
      `A quantidade ${field} "${value}" não é uma quantidade positiva com até 4 casas decimais.`,
    /** A date that is not YYYY-MM-DD (dVenc) or an ISO date-time (dhEmi, dhRecbto). */
    date: (field: string, value: string) => `A data ${field} "${value}" não é válida.`,
  },
} as const;

const phones = (count: number) => `${count} ${count === 1 ? 'aparelho' : 'aparelhos'}`;

/** Texts of the entry by XML (issue 39 §2, decision 0049). */
/** The manager's reason for entering an unsigned note: at least this many characters (issue 57 §4). */
export const UNSIGNED_REASON_MIN = 15;

export const PURCHASE_ENTRY_TEXTS = {
  fileRequired: 'Envie o arquivo XML da NF-e do fornecedor (campo file).',
  decisionsInvalid: 'As escolhas enviadas (decisions) não são um JSON válido.',
  /** The JSON read, a field of it refused by the schema (`where`: its path, "items.0.units"). */
  decisionRefused: (where: string, message: string) =>
    `As escolhas enviadas (decisions) têm um erro em ${where}: ${message}`,
  idInvalid: 'Entrada inválida.',
  notFound: 'Entrada não encontrada.',
  /** 409: the same access key was entered before. */
  alreadyEntered: (key: string, when: string, who: string) =>
    `Esta nota (chave ${key}) já deu entrada em ${when}, por ${who}.`,
  /** The same note (issuer, model, series, number) under another access key (another cNF): issue 57 §3. */
  noteEnteredUnderAnotherKey: (e: {
    number: string;
    series: string;
    purchaseId: number;
    accessKey: string;
    enteredAt: string;
    employee: string;
  }) =>
    `A nota ${e.number}, série ${e.series}, deste emitente já deu entrada (entrada nº ${e.purchaseId}, chave ${e.accessKey}) em ${e.enteredAt}, por ${e.employee}: o mesmo número com outra chave de acesso é a mesma nota e não entra duas vezes.`,
  keyOfAnotherNote: 'Esta Idempotency-Key já confirmou a entrada de outra nota: gere uma nova chave para esta.',
  homologation:
    'Esta NF-e é de homologação (ambiente de testes da SEFAZ) e não tem valor fiscal: não pode dar entrada.',
  recipientWarning: (document: string, shop: string) =>
    `O destinatário da nota (${document}) não é o CNPJ da loja (${shop}). Confirme que a compra é da loja.`,
  recipientMissingWarning: (shop: string) =>
    `A nota não tem destinatário; o CNPJ da loja é ${shop}. Confirme que a compra é da loja.`,
  recipientNotConfirmed: 'O destinatário da nota não é a loja: confirme a entrada mesmo assim.',
  unsignedWarning: 'A nota não tem assinatura digital: informe o motivo para dar entrada mesmo assim.',
  unsignedReasonRequired: `A nota não tem assinatura digital: o gerente informa o motivo (ao menos ${UNSIGNED_REASON_MIN} caracteres).`,
  certificateWarning: (subject: string) =>
    `O certificado da assinatura (${subject}) não é do CNPJ do emitente da nota: aceite o aviso para dar entrada mesmo assim.`,
  certificateNotAccepted: 'O certificado da assinatura não é do CNPJ do emitente: aceite o aviso para dar entrada.',
  /** Item-level problems: "Item 1 (Apple iPhone 15): …". */
  item: (line: number, name: string, problem: string) => `Item ${line} (${name}): ${problem}`,
  chooseProduct: 'escolha um produto para vincular ou crie um produto.',
  productNotFound: 'o produto escolhido não existe ou está arquivado.',
  productTwice: (name: string) => `o produto ${name} já está em outro item desta nota: uma linha por produto.`,
  factorRequired: (unit: string) => `confirme quantas unidades vêm em cada ${unit} (fator de conversão).`,
  factorNotWhole: (quantity: string, factor: number) => `${quantity} × ${factor} não dá um número inteiro de unidades.`,
  /** A remembered code in a unit it was not learnt with (issue 57 §1): its old factor is not used. */
  factorNewUnit: (unit: string, learntUnit: string, learntFactor: number, prefilled: number) =>
    `este código veio antes em ${learntUnit} (× ${learntFactor}) e agora vem em ${unit}: confirme quantas unidades vêm em cada ${unit} (sugerido: ${prefilled}).`,
  /** The note states its taxable unit (uTrib/qTrib): the factor is pre-filled from it, to be confirmed. */
  factorStated: (unit: string, stated: number) =>
    `a nota informa ${stated} unidades por ${unit} (uTrib/qTrib): confirme o fator de conversão.`,
  /** 'Criar produto' with a brand (or reference) the catalogue does not have: the confirm would refuse it. */
  brandMissing: (brand: string) =>
    `a marca ${brand} não está cadastrada: cadastre-a em Produtos › Marcas ou escolha outra.`,
  referenceMissing: (brand: string, reference: string) =>
    `a referência ${reference} não está cadastrada na marca ${brand}: cadastre-a ou escolha outra.`,
  /** The phones given (units, or IMEIs one a unit) are not the units coming in. */
  imeiCount: (units: number, given: number) =>
    `controla IMEI: são ${phones(units)}, informe o IMEI de cada um (informados: ${phones(given)}).`,
  imeiInvalid: (imei: string) => `IMEI inválido: ${imei} (dígito verificador não confere).`,
  imeiRepeated: (imei: string) => `IMEI repetido na nota: ${imei}.`,
  imeiRegistered: (imei: string, product: string) => `IMEI já cadastrado: ${imei} (${product}).`,
  imeisNotSerialized: 'o produto não controla IMEI: não informe IMEIs.',
  /** A decision with both `units` and `imeis` (400). */
  unitsAndImeis: 'Informe os aparelhos em units (IMEI e o segundo IMEI de cada um) ou em imeis, não nos dois.',
  createInvalid: (detail: string) => `o produto a criar está incompleto: ${detail}`,
  barcodeTaken: (barcode: string, product: string) =>
    `o código de barras ${barcode} já é do produto ${product}: vincule a ele.`,
  notReady: 'A entrada tem pendências: resolva cada item indicado e confirme de novo.',
  billDescription: (number: string, series: string, supplier: string) => `NF-e ${number}/${series} — ${supplier}`,
  ledgerNote: (number: string, series: string, key: string) => `NF-e ${number}/${series}, chave ${key}`,
  /** §4 returns to the supplier. */
  returnReasonRequired: 'Informe o motivo da devolução ao fornecedor (ao menos 5 caracteres).',
  returnImeisRequired: 'Informe ao menos um IMEI a devolver.',
  returnUnitUnknown: (imei: string) => `IMEI não cadastrado: ${imei}.`,
  returnUnitUnavailable: (imei: string, status: string) =>
    `O aparelho ${imei} não está em estoque nem em análise (${status}): não pode voltar ao fornecedor.`,
  returnUnitWithoutNote: (imei: string) =>
    `O aparelho ${imei} não entrou por uma nota de fornecedor (Entrada por XML): não há de quem cobrar o crédito.`,
  returnSeveralSuppliers: 'Os aparelhos são de fornecedores diferentes: devolva os de um fornecedor por vez.',
  returnLedgerNote: (supplier: string, number: string, series: string, key: string, reason: string) =>
    `Devolução ao fornecedor ${supplier} — NF-e ${number}/${series}, chave ${key}: ${reason}`,
  returnCreditDescription: (count: number, reason: string) =>
    `Devolução de ${count} ${count === 1 ? 'aparelho' : 'aparelhos'} ao fornecedor: ${reason}`,
  matchLabels: {
    GTIN: 'Pelo código de barras (GTIN)',
    SUPPLIER_CODE: 'Pelo código do fornecedor',
    LINKED: 'Vinculado',
    CREATE: 'Criar produto',
    NONE: 'Sem produto',
  },
} as const;

export const PURCHASE_PAGE_SIZE = 20;

const moneyOut = z.number();

/** Creating a product from a note's item ('Criar produto'): prefilled from the note, completed by the user. */
export const purchaseNewProductSchema = z.object({
  name: z.string().trim().max(200),
  brand: z.string().trim().max(80),
  barcode: z.string().trim().max(20).nullish(),
  /** NCM and CEST as typed (dots allowed): checked by the catalogue's rules. */
  ncm: z.string().trim().max(20).nullish(),
  cest: z.string().trim().max(20).nullish(),
  /** The sale price in reais (two decimals); checked with the product's other fields by the catalogue's rules. */
  sellPrice: z.number().optional(),
  /** The level percentages; absent: the shop's defaults for products created from a note (decision 0090). */
  discount: z
    .object({
      goldPercentage: z.number(),
      silverPercentage: z.number(),
      bronzePercentage: z.number().default(0),
    })
    .optional(),
  /** 'Controla IMEI'. */
  serialized: z.boolean().default(false),
});
export type PurchaseNewProduct = z.output<typeof purchaseNewProductSchema>;

/** What the user decided for one item of the note (by nItem). */
export const purchaseItemDecisionSchema = z
  .object({
    line: z.number().int().min(1),
    /** 'Vincular a um produto': an existing product's id. */
    productId: z.number().int().positive().optional(),
    /** 'Criar produto'. */
    create: purchaseNewProductSchema.optional(),
    /** Units of the product in one unit of the note (a box of 10: 10); remembered per supplier code. */
    factor: z.number().int().min(1).max(10_000).optional(),
    /** The phones' IMEIs, one per unit (clients before `units`); absent, and no `units`: those the note lists. */
    imeis: z.array(z.string().trim()).max(10_000).optional(),
    /** The phones, one per unit: its IMEI and, for a dual-SIM phone, the second (decision 0050). */
    units: z.array(unitInputSchema).max(10_000).optional(),
    /** 'Custo conferido': the unit cost far from the product's average is right (decision 0090). */
    acceptCost: z.boolean().optional(),
  })
  .refine((d) => !(d.productId && d.create), { error: 'Escolha vincular OU criar o produto, não os dois.' })
  .refine((d) => !(d.units && d.imeis), { error: PURCHASE_ENTRY_TEXTS.unitsAndImeis, path: ['units'] });

/** The optional JSON field `decisions` of POST /purchases/nfe. */
export const purchaseDecisionsSchema = z.object({
  items: z.array(purchaseItemDecisionSchema).max(2000).default([]),
  /** The recipient is not the shop: enter it anyway. */
  confirmRecipient: z.boolean().default(false),
  /** An unsigned note: why it is entered anyway (audited; at least UNSIGNED_REASON_MIN characters). */
  unsignedReason: z.string().trim().max(500).optional(),
  /** A signature whose certificate does not name the issuer's CNPJ: entered anyway (issue 57 §4). */
  acceptCertificate: z.boolean().default(false),
  /** How the note is paid and what a difference of its duplicatas means (decision 0088). */
  ...entryBillingDecisionsSchema.shape,
  /** The cost of the bonus items (decision 0089). */
  ...entryCostDecisionsSchema.shape,
});
export type PurchaseDecisions = z.output<typeof purchaseDecisionsSchema>;
export type PurchaseDecisionsInput = z.input<typeof purchaseDecisionsSchema>;

export const purchaseNfeQuerySchema = z.object({
  dryRun: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});

export const PURCHASE_MATCHES = ['GTIN', 'SUPPLIER_CODE', 'LINKED', 'CREATE', 'NONE'] as const;
export type PurchaseMatch = (typeof PURCHASE_MATCHES)[number];

const previewProductSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  serialized: z.boolean(),
  stock: z.number().int(),
  cost: moneyOut,
});

export const purchasePreviewItemSchema = z.object({
  line: z.number().int(),
  supplierCode: z.string(),
  name: z.string(),
  gtin: z.string().nullable(),
  ncm: z.string().nullable(),
  cest: z.string().nullable(),
  unit: z.string(),
  /** qCom as written. */
  quantity: z.string(),
  factor: z.number().int(),
  /** Whether the factor is settled (remembered for this code in this unit, chosen, or a unit of one). */
  factorConfirmed: z.boolean(),
  /** The conversion in words: '8 CX × 10 = 80 UN' (issue 57 §1). */
  factorText: z.string(),
  /** Units of the product coming in (quantity × factor), or null when not whole. */
  units: z.number().int().nullable(),
  /** vProd + vFrete + vSeg + vOutro − vDesc + vIPI + vIPIDevol + vICMSST + vFCPST. */
  totalCost: moneyOut,
  freight: moneyOut,
  /**
   * What the item's cost is made of (reais, issue 57 §8): vProd − vDesc + vFrete + vSeg + vOutro + vIPI + vIPIDevol + vICMSST +
   * vFCPST = totalCost.
   */
  costParts: z.object({
    products: moneyOut,
    discount: moneyOut,
    freight: moneyOut,
    insurance: moneyOut,
    other: moneyOut,
    ipi: moneyOut,
    ipiReturned: moneyOut,
    icmsSt: moneyOut,
    fcpSt: moneyOut,
  }),
  /** entryCost ÷ units, rounded half up (unitCosts: the cents of the rounding on some units). */
  unitCost: moneyOut.nullable(),
  ...entryCostItemShape,
  match: z.enum(PURCHASE_MATCHES),
  product: previewProductSchema.nullable(),
  /** 'Criar produto' prefilled from the note. */
  suggested: z.object({
    name: z.string(),
    barcode: z.string().nullable(),
    ncm: z.string().nullable(),
    cest: z.string().nullable(),
    cost: moneyOut.nullable(),
  }),
  serialized: z.boolean(),
  /** The product's cost after the entry (weighted average) and its level prices. */
  newAverageCost: moneyOut.nullable(),
  levelPrices: z.object({ gold: moneyOut, silver: moneyOut, bronze: moneyOut }).nullable(),
  /** The unit cost far from the linked product's average cost (beyond the setting): acknowledged or not. */
  costDeviation: costDeviationSchema,
  /** The IMEIs, one per unit (a dual-SIM phone's first): the user's, else those the note lists. */
  imeis: z.array(z.string()),
  problems: z.array(z.string()),
});
export type PurchasePreviewItem = z.infer<typeof purchasePreviewItemSchema>;

/** How the signer's certificate chains to ICP-Brasil's roots (decision 0096). */
export const SIGNATURE_CHAINS = ['ICP_BRASIL', 'OUTSIDE', 'INCOMPLETE'] as const;
export type SignatureChain = (typeof SIGNATURE_CHAINS)[number];

export const PURCHASE_WARNINGS = ['RECIPIENT', 'UNSIGNED', 'CERTIFICATE'] as const;

export const purchasePreviewSchema = z.object({
  accessKey: z.string(),
  number: z.string(),
  series: z.string(),
  issuedAt: z.string(),
  total: moneyOut,
  supplier: z.object({ id: z.number().int().nullable(), name: z.string(), document: z.string() }),
  recipient: z.object({ document: z.string().nullable(), name: z.string().nullable() }),
  /**
   * `chain` (decision 0096): where the signer's certificate chains with the certificates the file carries —
   * ICP_BRASIL (reaches a shipped ICP-Brasil root), OUTSIDE (ends at a self-signed certificate that is not one of
   * them), INCOMPLETE (its issuer is not in the file: not verified); null when unsigned. Not blocking.
   */
  signature: z.object({
    status: z.enum(['VALID', 'ABSENT']),
    certificate: z.string().nullable(),
    chain: z.enum(SIGNATURE_CHAINS).nullable(),
  }),
  instalments: z.array(z.object({ documentNumber: z.string().nullable(), dueDate: z.string(), amount: moneyOut })),
  warnings: z.array(
    z.object({
      code: z.enum(PURCHASE_WARNINGS),
      message: z.string(),
      needsConfirmation: z.boolean(),
      confirmed: z.boolean(),
    }),
  ),
  items: z.array(purchasePreviewItemSchema),
  /** The level percentages a product created from this note starts with (the shop's defaults, decision 0090). */
  levelDefaults: z.object({ gold: z.number(), silver: z.number(), bronze: z.number() }),
  /** The duplicatas against vNF and the bills the entry makes (decision 0088). */
  billing: entryBillingSchema,
  /** Bonus, credits and the entry's cost (decision 0089). */
  costs: entryCostsSchema,
  /** 'Pago no ato' in cash and the clerk has no drawer open in a shop that uses drawers (decision 0090). */
  drawerClosed: z.boolean(),
  /** Every problem (items' and warnings' not confirmed), in order: none means the confirm will write. */
  problems: z.array(z.string()),
  ready: z.boolean(),
});
export type PurchasePreview = z.infer<typeof purchasePreviewSchema>;

export const purchaseItemSchema = z.object({
  line: z.number().int(),
  supplierCode: z.string(),
  description: z.string(),
  gtin: z.string().nullable(),
  unit: z.string(),
  quantity: z.string(),
  factor: z.number().int(),
  units: z.number().int(),
  product: z.object({ id: z.number().int(), code: z.string(), name: z.string() }),
  totalCost: moneyOut,
  unitCost: moneyOut,
  costBefore: moneyOut,
  costAfter: moneyOut,
  ...purchaseItemCostShape,
  imeis: z.array(z.string()),
});

export const purchaseSummarySchema = z.object({
  id: z.number().int(),
  accessKey: z.string(),
  number: z.string(),
  series: z.string(),
  issuedAt: z.string(),
  supplier: z.object({ id: z.number().int(), name: z.string(), document: z.string() }),
  total: moneyOut,
  itemsCount: z.number().int(),
  signatureStatus: z.enum(['VALID', 'ABSENT']),
  createdAt: z.string(),
  createdBy: z.string(),
});
export type PurchaseSummary = z.infer<typeof purchaseSummarySchema>;

export const purchaseSchema = purchaseSummarySchema.extend({
  /** Where the signer's certificate chained when it was entered (decision 0096); null unsigned or entered before. */
  signatureChain: z.enum(SIGNATURE_CHAINS).nullable(),
  unsignedReason: z.string().nullable(),
  recipientDocument: z.string().nullable(),
  recipientConfirmed: z.boolean(),
  billing: purchaseBillingSchema,
  /** Bonus rule and the credits netted (decision 0089). */
  costs: purchaseCostsSchema,
  items: z.array(purchaseItemSchema),
  payables: z.array(
    z.object({ id: z.number().int(), documentNumber: z.string().nullable(), dueDate: z.string(), amount: moneyOut }),
  ),
});
export type Purchase = z.infer<typeof purchaseSchema>;

export const purchaseListQuerySchema = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(100).default(PURCHASE_PAGE_SIZE),
  /** Supplier's name or document, the note's number or access key. */
  search: z.string().trim().max(200).optional(),
});
export type PurchaseListQuery = z.infer<typeof purchaseListQuerySchema>;
export const purchaseExportQuerySchema = purchaseListQuerySchema.omit({ page: true, size: true });
export const purchasePageSchema = pagedSchema(purchaseSummarySchema);
export type PurchasePage = z.infer<typeof purchasePageSchema>;

/** Body of POST /purchases/returns (issue 39 §4): the phones sent back to their supplier and why. */
export const supplierReturnBodySchema = z.object({
  imeis: z
    .array(z.string().trim(), { error: PURCHASE_ENTRY_TEXTS.returnImeisRequired })
    .min(1, PURCHASE_ENTRY_TEXTS.returnImeisRequired)
    .max(500),
  reason: z
    .string({ error: PURCHASE_ENTRY_TEXTS.returnReasonRequired })
    .trim()
    .min(5, PURCHASE_ENTRY_TEXTS.returnReasonRequired)
    .max(300),
});
export type SupplierReturnBody = z.infer<typeof supplierReturnBodySchema>;

export const supplierReturnSchema = z.object({
  supplier: z.object({ id: z.number().int(), name: z.string() }),
  units: z.array(
    z.object({
      imei: z.string(),
      product: z.string(),
      cost: moneyOut,
      accessKey: z.string(),
      purchaseId: z.number().int(),
    }),
  ),
  /** What the supplier owes back: the units' entry costs (a negative bill, 'Contas a pagar'). */
  credit: moneyOut,
  payableId: z.number().int(),
});
export type SupplierReturn = z.infer<typeof supplierReturnSchema>;

/** The most products one search of 'Vincular a um produto' answers. */
export const PURCHASE_PRODUCT_SEARCH_MAX = 50;

/**
 * GET /purchases/products: the products an item of a note may be linked to ('Vincular a um produto'), searched
 * as the catalogue searches them, for whoever holds 'Compras' (the catalogue's list needs 'Produtos').
 */
export const purchaseProductSearchQuerySchema = z.object({
  search: z.string().trim().max(PRODUCT_LIMITS.maxSearch, PRODUCT_TEXTS.searchTooLong).optional(),
  limit: z.coerce.number().int().min(1).max(PURCHASE_PRODUCT_SEARCH_MAX).default(20),
});
export type PurchaseProductSearchQuery = z.infer<typeof purchaseProductSearchQuerySchema>;

/** A product found to link an item to: what the card shows and whether it controls IMEI. */
export const purchaseProductOptionSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  serialized: z.boolean(),
  barcode: z.string().nullable(),
});
export type PurchaseProductOption = z.infer<typeof purchaseProductOptionSchema>;

export const PURCHASE_CSV_HEADERS = [
  'Entrada em',
  'Fornecedor',
  'CNPJ/CPF',
  'NF-e',
  'Série',
  'Emitida em',
  'Chave de acesso',
  'Itens',
  'Total',
  'Assinatura',
  'Por',
] as const;
