/**
 * The state of the Nuvem Fiscal of the tests (test-provider.ts): what the tests script and read, the tokens given,
 * the documents and events it keeps, and how its answers are written.
 */
import type { NuvemFiscalDfe, NuvemFiscalEvent } from './provider-client';

export type ProviderScriptStep =
  | { kind: 'authorize' }
  | { kind: 'reject'; status: number; reason: string }
  | { kind: 'deny'; status: number; reason: string }
  /** 'pendente' now and to the next `polls` consultations, then 'autorizado'. */
  | { kind: 'pending'; polls: number }
  /** The provider's own 'erro' (not transmitted), with its message. */
  | { kind: 'error'; message: string }
  /** HTTP `status`; `keep`: the note authorised all the same (the answer lost, the note emitted). */
  | { kind: 'http'; status: number; keep?: boolean }
  | { kind: 'hang' };

export type ProviderEventScriptStep =
  | { kind: 'register' }
  | { kind: 'reject'; status: number; reason: string }
  | { kind: 'pending'; polls: number }
  | { kind: 'http'; status: number }
  | { kind: 'hang' };

export interface ProviderRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** The JSON body parsed (or the token request's form), null without one. */
  body: unknown;
  rawBody: string;
  authorization: string | null;
}

export interface TestProviderDocument {
  id: string;
  model: 55 | 65;
  referencia: string | null;
  status: NuvemFiscalDfe['status'];
  key: string;
  procXml: string | null;
  /** What the schema said of the note it wrote (empty when valid). */
  schemaProblems: string[];
}

export interface TestProvider {
  /** The API's base address (provider-client's baseUrl). */
  url: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  requests: ProviderRequest[];
  /** The next emissions' answers, in order (then 'autorizado'). */
  script: ProviderScriptStep[];
  /** The next events' and voidings' answers, in order (then 'registrado'). */
  eventScript: ProviderEventScriptStep[];
  /** Lifetime of the tokens it gives (expires_in). */
  tokenTtlSeconds: number;
  tokensIssued(): number;
  /** Every token given so far is refused from now on (401). */
  revokeTokens(): void;
  documents(): TestProviderDocument[];
  close(): Promise<void>;
}

/** Now, in Brasília's time (-03:00): the layout's date-times carry a Brazilian offset. */
export const stamp = () => new Date(Date.now() - 3 * 3_600_000).toISOString().replace(/\.\d{3}Z$/, '-03:00');

export interface StoredDocument extends TestProviderDocument {
  environment: 'homologacao' | 'producao';
  cnpj: string;
  dfe: NuvemFiscalDfe;
  /** The answer once the pending consultations are over. */
  final: NuvemFiscalDfe;
  pendingPolls: number;
  protocol: string | null;
  corrections: number;
}

export interface StoredEvent {
  event: NuvemFiscalEvent;
  final: NuvemFiscalEvent;
  pendingPolls: number;
  xml: string | null;
}

/** What the server keeps between requests. */
export interface ProviderState {
  clientId: string;
  clientSecret: string;
  /** The CNPJs of the companies registered here. */
  companies: Set<string>;
  /** The CSC registered here, the NFC-e's QR code's. */
  csc: { id: string; token: string };
  script: ProviderScriptStep[];
  eventScript: ProviderEventScriptStep[];
  /** The tokens given, with their scopes. */
  tokens: Map<string, string[]>;
  documents: Map<string, StoredDocument>;
  events: Map<string, StoredEvent>;
  /** How many tokens were given. */
  issued: number;
  protocolSeq: number;
  /** The tokens' lifetime (the provider's `tokenTtlSeconds`, which a test may change). */
  tokenTtlSeconds(): number;
}

/** The next protocol number (nProt). */
export const nextProtocol = (state: ProviderState) => `1352600000${String(++state.protocolSeq).padStart(5, '0')}`;

/** An answer: its status and JSON, or a body of its type; 'hang' never answers. */
export type Answer = { status: number; json?: unknown; body?: Buffer | string; type?: string } | 'hang';
export const json = (status: number, body: unknown): Answer => ({ status, json: body });
/** A refusal as the provider words it: `{ error: { code, message } }`. */
export const fail = (status: number, code: string, message: string): Answer =>
  json(status, { error: { code, message } });
export const notFound = () => fail(404, 'NotFound', 'Documento não encontrado.');
