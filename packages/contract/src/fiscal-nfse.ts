/**
 * The national NFS-e of a repair's labour (issue 56 §4, decision 0085): its settings, the service invoices and
 * their texts. The DPS, the Sefin Nacional's API and its double are the API's (apps/api/src/modules/fiscal/nfse).
 */
import { z } from 'zod';

export const SERVICE_INVOICE_STATUSES = ['PENDING', 'AUTHORIZED', 'REJECTED', 'CANCELLED', 'TO_INVOICE'] as const;
export type ServiceInvoiceStatus = (typeof SERVICE_INVOICE_STATUSES)[number];

export const SERVICE_INVOICE_STATUS_LABELS: Readonly<Record<ServiceInvoiceStatus, string>> = {
  PENDING: 'Aguardando a Sefin Nacional',
  AUTHORIZED: 'Autorizada',
  REJECTED: 'Rejeitada',
  CANCELLED: 'Cancelada',
  TO_INVOICE: 'Serviço a faturar',
};

/** opSimpNac (TSOpSimpNac): 1 not opting, 2 MEI, 3 ME/EPP. */
export const NFSE_SIMPLES_OPTIONS = [1, 2, 3] as const;
/** cMotivo of the cancellation (TSCodJustCanc): 1 error in the emission, 2 service not rendered, 9 other. */
export const NFSE_CANCEL_REASONS = [1, 2, 9] as const;

export const nfseSettingsSchema = z.object({
  /** 'Município aderente ao padrão nacional'. */
  national: z.boolean(),
  /** LC 116/2003's item: '14.01'. */
  serviceItem: z.string(),
  /** cTribNac, 6 digits: '140101' (14.01.01). */
  nationalTaxCode: z.string(),
  /** ISS rate in percent (2 = 2,00 %). */
  issRate: z.number(),
  simplesOption: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  specialRegime: z.number().int(),
  /**
   * 'Alíquota aproximada do Simples Nacional (%)': the DPS's pTotTribSN for an ME/EPP (decision 0095); null while
   * not said (the NFS-e of an ME/EPP is then refused before signing).
   */
  simplesTaxRate: z.number().nullable(),
  /** 'Inscrição municipal' (the DPS's prest/IM, Anexo I's E0116 when the city's CNC has the shop); null: none. */
  municipalRegistration: z.string().nullable(),
  dpsSeries: z.string(),
  nextDpsNumber: z.number().int(),
  /** The Sefin Nacional's base address per environment; '' means the published one. */
  productionUrl: z.string(),
  homologationUrl: z.string(),
  /** The issuer's city (cLocEmi), read from 'Emitente'; null while none is saved. */
  cityCode: z.string().nullable(),
  cityName: z.string().nullable(),
});
export type NfseSettings = z.infer<typeof nfseSettingsSchema>;

const url = z
  .string()
  .trim()
  .max(300)
  .refine((value) => value === '' || /^https:\/\/\S+$/.test(value), 'Informe um endereço https:// ou deixe vazio.');

/**
 * In the Simples (MEI, or ME/EPP whose ISS is in the Simples: the DPS's regApTribSN 1) the special regime is 'Nenhum'
 * (regEspTrib 0): the Sistema Nacional NFS-e refuses anything else (Anexo I, E0174 and E0175).
 */
/** pTotTribSN is TSDec2V2 in the published schema: two digits and two decimals, 0 to 99,99 %. */
/** The DPS's IM is TSInscMun: 1 to 15 characters; the cities' registrations are digits, letters, '.', '/', '-'. */
const MUNICIPAL_REGISTRATION_MESSAGE =
  'A inscrição municipal tem até 15 caracteres: números, letras, ponto, barra ou hífen.';

const SIMPLES_RATE_MESSAGE =
  'A alíquota aproximada do Simples Nacional vai de 0 a 99,99 %, com até duas casas decimais.';

export const nfseSettingsBodySchema = z
  .object({
    national: z.boolean(),
    serviceItem: z.string().regex(/^\d{2}\.\d{2}$/, 'Informe o item da LC 116/2003 como 14.01.'),
    nationalTaxCode: z.string().regex(/^\d{6}$/, 'Informe o código de tributação nacional com 6 dígitos (140101).'),
    issRate: z.number().min(0, 'A alíquota do ISS vai de 0 a 5 %.').max(5, 'A alíquota do ISS vai de 0 a 5 %.'),
    simplesOption: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    specialRegime: z.number().int().min(0).max(6),
    simplesTaxRate: z
      .number()
      .min(0, SIMPLES_RATE_MESSAGE)
      .max(99.99, SIMPLES_RATE_MESSAGE)
      .refine((rate) => Math.abs(rate * 100 - Math.round(rate * 100)) < 1e-6, SIMPLES_RATE_MESSAGE)
      .nullable()
      .optional(),
    /** Absent keeps what is saved; '' or null: none. */
    municipalRegistration: z
      .string()
      .trim()
      .max(15, MUNICIPAL_REGISTRATION_MESSAGE)
      .regex(/^[0-9A-Za-z./-]*$/, MUNICIPAL_REGISTRATION_MESSAGE)
      .nullable()
      .optional()
      .transform((value) => (value === undefined ? undefined : value ? value : null)),
    dpsSeries: z.string().regex(/^\d{1,5}$/, 'A série da DPS tem de 1 a 5 dígitos.'),
    productionUrl: url,
    homologationUrl: url,
  })
  .refine((body) => body.simplesOption === 1 || body.specialRegime === 0, {
    path: ['specialRegime'],
    message: 'No Simples Nacional (MEI ou ME/EPP) o regime especial de tributação é "Nenhum".',
  });
export type NfseSettingsBody = z.infer<typeof nfseSettingsBodySchema>;

export const serviceInvoiceSchema = z.object({
  id: z.number().int(),
  repairId: z.number().int(),
  orderId: z.number().int().nullable(),
  status: z.enum(SERVICE_INVOICE_STATUSES),
  amount: z.number(),
  issRate: z.number(),
  iss: z.number(),
  takerDocument: z.string(),
  takerName: z.string(),
  description: z.string(),
  environment: z.number().int().nullable(),
  dpsSeries: z.string().nullable(),
  dpsNumber: z.number().int().nullable(),
  accessKey: z.string().nullable(),
  nfseNumber: z.string().nullable(),
  rejection: z.string().nullable(),
  cancelReason: z.string().nullable(),
  createdAt: z.string(),
  authorizedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
});
export type ServiceInvoice = z.infer<typeof serviceInvoiceSchema>;

export const serviceInvoicesQuerySchema = z.object({
  status: z.enum(SERVICE_INVOICE_STATUSES).optional(),
  repairId: z.coerce.number().int().positive().optional(),
});

export const serviceInvoiceCancelBodySchema = z.object({
  reasonCode: z.union([z.literal(1), z.literal(2), z.literal(9)]),
  reason: z
    .string()
    .trim()
    .min(15, 'Escreva o motivo do cancelamento com ao menos 15 caracteres.')
    .max(255, 'O motivo do cancelamento tem até 255 caracteres.'),
});
export type ServiceInvoiceCancelBody = z.infer<typeof serviceInvoiceCancelBodySchema>;

export const NFSE_TEXTS = {
  notFound: 'NFS-e não encontrada.',
  repairNotFound: 'Ordem de serviço não encontrada.',
  repairNotBilled: 'A ordem de serviço ainda não foi aprovada e cobrada: não há mão de obra a faturar.',
  noLabour: 'Esta ordem de serviço não tem mão de obra a faturar (sem valor ou em garantia).',
  alreadyInvoiced: 'A mão de obra desta ordem de serviço já tem NFS-e (ou está em Serviços a faturar).',
  simplesTaxRateMissing:
    'Informe a alíquota aproximada do Simples Nacional (%) em Configurações → Fiscal → NFS-e: a Sefin Nacional exige o total aproximado dos tributos da ME/EPP (pTotTribSN).',
  serviceTaxRatesMissing: (item: string) =>
    `Carregue em Configurações → Fiscal a tabela do IBPT vigente do estado do emitente com o item ${item} da LC 116/2003: a Sefin Nacional exige do não optante do Simples o total aproximado dos tributos (pTotTrib).`,
  issuerMissing: 'Salve o emitente em Configurações → Fiscal antes de emitir a NFS-e.',
  takerMissing: 'O cliente não tem CPF ou CNPJ válido para a NFS-e.',
  notCancellable: 'Só uma NFS-e autorizada pode ser cancelada.',
  notPending: 'Só uma NFS-e aguardando a Sefin Nacional pode ser enviada de novo.',
  unavailable: 'A Sefin Nacional não respondeu: a NFS-e fica aguardando e pode ser enviada de novo.',
  cancelUnavailable:
    'A Sefin Nacional não respondeu: a NFS-e segue autorizada; tente cancelar de novo em alguns minutos.',
  rejected: (reasons: string) => `A Sefin Nacional recusou: ${reasons}`,
  noDocument: 'Esta NFS-e ainda não foi autorizada: não há DANFSe nem XML.',
  description: (repairId: number, model: string) =>
    `Mão de obra do reparo (ordem de serviço nº ${repairId}): ${model}. Serviço da LC 116/2003, item 14.01.`,
} as const;
