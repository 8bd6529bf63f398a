/**
 * Nuvem Fiscal's API as provider-client.ts speaks it (see its header for the sources): its addresses, the shapes of
 * what it answers (Dfe, DfeEvento), the emission's body, and how its refusals and the client's words read.
 */

/** Nuvem Fiscal's addresses (dev.nuvemfiscal.com.br/docs/autenticacao) and the scopes the notes need. */
export const NUVEM_FISCAL = {
  tokenUrl: 'https://auth.nuvemfiscal.com.br/oauth/token',
  productionUrl: 'https://api.nuvemfiscal.com.br',
  sandboxUrl: 'https://api.sandbox.nuvemfiscal.com.br',
  scope: 'nfe nfce',
} as const;

/** Dfe.status. */
export type NuvemFiscalStatus =
  | 'pendente'
  | 'autorizado'
  | 'rejeitado'
  | 'denegado'
  | 'encerrado'
  | 'cancelado'
  | 'erro';
/** DfeEvento.status (authorisation, cancellation, correction, voiding). */
export type NuvemFiscalEventStatus = 'pendente' | 'registrado' | 'rejeitado' | 'erro';
export type NuvemFiscalEnvironment = 'homologacao' | 'producao';

/** DfeEvento and its kin (DfeAutorizacao, DfeCancelamento, DfeCartaCorrecao, DfeInutilizacao). */
export interface NuvemFiscalEvent {
  id?: string;
  ambiente?: NuvemFiscalEnvironment;
  status?: NuvemFiscalEventStatus;
  chave_acesso?: string | null;
  data_evento?: string | null;
  numero_sequencial?: number | null;
  data_recebimento?: string | null;
  codigo_status?: number | null;
  motivo_status?: string | null;
  numero_protocolo?: string | null;
  codigo_mensagem?: number | null;
  mensagem?: string | null;
  tipo_evento?: string | null;
  /** DfeAutorizacao only. */
  digest_value?: string | null;
}

/** Dfe: the note as the provider keeps it. */
export interface NuvemFiscalDfe {
  id: string;
  ambiente?: NuvemFiscalEnvironment;
  created_at?: string;
  status: NuvemFiscalStatus;
  referencia?: string | null;
  data_emissao?: string | null;
  modelo?: number;
  serie?: number;
  numero?: number;
  tipo_emissao?: number;
  valor_total?: number;
  chave?: string | null;
  autorizacao?: NuvemFiscalEvent | null;
}

export type JsonValue = string | number | boolean | null | JsonObject | JsonValue[];
export interface JsonObject {
  [key: string]: JsonValue;
}

/** NfePedidoEmissao. */
export interface NuvemFiscalNoteBody {
  ambiente: NuvemFiscalEnvironment;
  referencia: string;
  infNFe: JsonObject;
}

/** The fields of the emission's body (infNFe) the OpenAPI types as integers: the codes. */
export const NOTE_BODY_INTEGERS: ReadonlySet<string> = new Set([
  'cUF',
  'mod',
  'serie',
  'nNF',
  'tpNF',
  'idDest',
  'tpImp',
  'tpEmis',
  'cDV',
  'tpAmb',
  'finNFe',
  'indFinal',
  'indPres',
  'indIntermed',
  'procEmi',
  'CRT',
  'indIEDest',
  'nItem',
  'orig',
  'modBC',
  'indTot',
  'modFrete',
  'indPag',
  'tpIntegra',
]);

/** The provider's refusal of the credentials or of the token (wrong client id or secret, a scope missing). */
export class ProviderAuthError extends Error {}

/** The provider's refusal of a request (HTTP 4xx): its status, its error code and message. */
export class ProviderRequestError extends Error {
  constructor(
    message: string,
    readonly httpStatus: number,
    readonly code: string | null,
  ) {
    super(message);
  }
}

export const PROVIDER_TEXTS = {
  credentialsRefused: (code: string) =>
    `A Nuvem Fiscal recusou as credenciais de acesso (${code}): confira o client ID e o client secret nas configurações fiscais.`,
  tokenRefused:
    'A Nuvem Fiscal recusou o token de acesso mesmo renovado: confira as credenciais nas configurações fiscais.',
  forbidden: (path: string) =>
    `A credencial da Nuvem Fiscal não tem permissão para ${path} (os escopos 'nfe' e 'nfce' são necessários).`,
  unavailable: (status: number) => `A Nuvem Fiscal respondeu HTTP ${status}.`,
  timeout: 'A Nuvem Fiscal não respondeu a tempo.',
  unreachable: (reason: string) => `A Nuvem Fiscal não pôde ser alcançada: ${reason}.`,
  refused: (status: number, message: string) => `A Nuvem Fiscal recusou o pedido (HTTP ${status}): ${message}`,
  unexpected: 'A Nuvem Fiscal respondeu algo que não é o JSON esperado.',
  badToken: 'A Nuvem Fiscal não devolveu um token de acesso.',
  noMessage: 'sem mensagem',
  lotProcessed: 'Lote processado',
  pending: 'Pendente na Nuvem Fiscal: a nota está na fila de transmissão à SEFAZ.',
  eventPending: 'Pendente na Nuvem Fiscal: o evento está na fila de transmissão à SEFAZ.',
  notTransmitted: 'A Nuvem Fiscal não transmitiu a nota à SEFAZ (status erro).',
} as const;
