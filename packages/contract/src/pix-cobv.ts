import { z } from 'zod';

/*
 * Pix Cobrança com vencimento (issue 58 §1, decision 0094): the shop's PSP (base URL, OAuth2 client, mTLS
 * certificate) and the instalment's cobv, as BACEN's Pix API (bacen/pix-api, openapi.yaml 2.9.0) defines it.
 */

/** The API's `TxId` of a cobv: 26 to 35 letters and digits. */
export const COBV_TXID = /^[a-zA-Z0-9]{26,35}$/;

/**
 * An instalment's cobv txid (decision 0094): 'BOCV', the instalment's id in 12 digits, 'G' and its generation in
 * 9 digits (a cobv removed because the instalment was paid otherwise, then reopened by an undo, is followed by
 * another, the PSP refusing to change one no longer ATIVA): 26 characters.
 */
export function cobvTxid(receivableId: number, generation: number): string {
  return `BOCV${String(receivableId).padStart(12, '0')}G${String(generation).padStart(9, '0')}`;
}

/** What the API's cobv carries of the shop's late charges (`valor.multa`, `valor.juros`): the spec's modalities. */
export const COBV_FINE_PERCENT = 2; // multa.modalidade 2: Percentual
export const COBV_INTEREST_PERCENT_A_MONTH = 3; // juros.modalidade 3: Percentual ao mês (dias corridos)

/** Days a cobv can still be paid after its due day (`calendario.validadeAposVencimento`). */
export const COBV_VALID_AFTER_DUE_DAYS = 365;

export const PSP_TEXTS = {
  title: 'Pix Cobrança (PSP)',
  description:
    'O banco (PSP) da loja gera uma cobrança com vencimento para cada parcela: o QR Code calcula multa e juros no dia do pagamento.',
  baseUrl: 'URL da API Pix do PSP',
  clientId: 'Client ID',
  clientSecret: 'Client secret',
  clientSecretKept: 'Guardado (deixe em branco para manter)',
  certificate: 'Certificado para mTLS (.pfx, se o PSP pedir)',
  certificatePassword: 'Senha do certificado',
  certificateKept: 'Certificado guardado',
  removeCertificate: 'Remover certificado',
  none: 'Nenhum PSP configurado: as parcelas usam o Pix estático da chave da loja.',
  configured: (url: string) => `Configurado: ${url}`,
  edit: 'Configurar',
  save: 'Salvar',
  saved: 'PSP salvo.',
  remove: 'Remover PSP',
  removed: 'PSP removido: as parcelas voltam ao Pix estático.',
  test: 'Testar conexão',
  testOk: 'Conexão com o PSP funcionando: token OAuth2 obtido.',
  testFailed: (why: string) => `Falha na conexão com o PSP: ${why}`,
  webhookRegistered: (url: string) => `Webhook do Pix registrado no PSP para a chave da loja: ${url}`,
  webhookNotHttps: (publicUrl: string) =>
    `Webhook do Pix não registrado: o endereço público do sistema (${publicUrl}, PUBLIC_URL do servidor) não é https, e o PSP só chama webhooks https. Configure PUBLIC_URL com o endereço https da loja e teste de novo.`,
  webhookNoKey:
    'Webhook do Pix não registrado: a loja não tem chave Pix cadastrada (o PSP registra o webhook por chave).',
  webhookRefused: (why: string) => `Webhook do Pix não registrado: ${why}`,
  webhookMismatch: (url: string) => `Webhook do Pix não conferiu: o PSP guardou ${url}.`,
  baseUrlInvalid: 'Informe a URL da API Pix do PSP, começando por https://.',
  clientIdInvalid: 'Informe o Client ID (até 200 caracteres).',
  clientSecretRequired: 'Informe o Client secret.',
  certificatePasswordRequired: 'Informe a senha do certificado.',
  notConfigured: 'Nenhum PSP configurado.',
  secretUnreadable: 'As credenciais do PSP não abrem com o segredo atual do servidor: informe-as de novo.',
  unreachable: (why: string) => `PSP inacessível (${why}).`,
  refused: (status: number, title: string, detail: string) => `o PSP recusou (${status} ${title}): ${detail}`,
  tokenRefused: (status: number) => `o PSP recusou as credenciais (HTTP ${status}).`,
  noPixKey: 'A loja não tem chave Pix cadastrada: a cobrança com vencimento precisa dela.',
  noDebtorDocument: 'O cliente não tem CPF ou CNPJ: a cobrança com vencimento precisa dele; usado o Pix estático.',
  overdueStatic:
    'Parcela vencida sem cobrança no PSP (ele não cria uma com vencimento passado): usado o Pix estático do valor de hoje.',
} as const;

export const pspSettingsSchema = z.object({
  configured: z.boolean(),
  baseUrl: z.string().nullable(),
  clientId: z.string().nullable(),
  /** Never the secret itself: only that one is kept. */
  hasClientSecret: z.boolean(),
  hasCertificate: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type PspSettings = z.infer<typeof pspSettingsSchema>;

export const pspSettingsBodySchema = z.object({
  baseUrl: z
    .string()
    .trim()
    .regex(/^https?:\/\/[^\s]+$/, PSP_TEXTS.baseUrlInvalid)
    .max(300, PSP_TEXTS.baseUrlInvalid),
  clientId: z.string().trim().min(1, PSP_TEXTS.clientIdInvalid).max(200, PSP_TEXTS.clientIdInvalid),
  /** Left out: the one kept stays (400 when none is kept). */
  clientSecret: z.string().min(1, PSP_TEXTS.clientSecretRequired).max(500).optional(),
  /** The .pfx in base64; with its password. Left out: the one kept stays; null: removed. */
  certificate: z.string().max(200_000).nullable().optional(),
  certificatePassword: z.string().max(200).optional(),
});
export type PspSettingsBody = z.infer<typeof pspSettingsBodySchema>;

export const pspTestSchema = z.object({
  ok: z.boolean(),
  message: z.string(),
  /** The Pix webhook registered at the PSP for the shop's key (`PUT /webhook/{chave}`); null when no token. */
  webhook: z.object({ registered: z.boolean(), url: z.string().nullable(), message: z.string() }).nullable(),
});
export type PspTest = z.infer<typeof pspTestSchema>;
