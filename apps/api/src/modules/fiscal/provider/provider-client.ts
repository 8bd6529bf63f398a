/**
 * The provider route of issue 41 §2 ("or, when configured, through a provider's REST API"): the note sent to
 * Nuvem Fiscal's REST API instead of the SEFAZ's web services. The provider signs it with the certificate the shop
 * registered there and talks to the SEFAZ itself; BackOffice sends the note's fields as JSON and reads back the
 * SEFAZ's answer. The answers are given in the SEFAZ client's terms (sefaz-messages.ts: LotAnswer, EventAnswer,
 * VoidingAnswer, with the cStat/xMotivo the provider relays), and a provider that does not answer (refused, reset,
 * timeout, HTTP 5xx, or 429 past its quotas) throws `SefazUnavailableError`, so the caller's retry and contingency
 * apply unchanged.
 *
 * What it is based on (Nuvem Fiscal's published API, version 2.60.0):
 * - The OpenAPI (Swagger 2.0) specification the official SDKs are generated from (github.com/nuvem-fiscal/
 *   nuvemfiscal-sdk-php, commit c082be4 "Compatibilidade com a versão 2.60 da API": docs/Api/NfeApi.md, NfceApi.md,
 *   docs/Model/*.md and lib/Model/*.php's attribute maps; the same spec as src/openapi/swagger.json of
 *   alijuniorbr/nuvemfiscal-sdk-node, info.version 2.60.0):
 *   - POST /nfe and POST /nfce, body NfePedidoEmissao { ambiente: 'homologacao' | 'producao', referencia?, infNFe,
 *     infNFeSupl? }; infNFe mirrors the layout's XML (NfeSefazInfNFe: versao, Id, ide, emit, dest, det[], total,
 *     transp, cobr, pag, infAdic…, the XML's own names: cUF, nNF, ICMSTot, vNF, infAdProd…; integers for the codes,
 *     numbers for values, rates and quantities, strings for the rest); the answer is a Dfe { id, status, chave,
 *     autorizacao: { codigo_status, motivo_status, numero_protocolo, data_recebimento, digest_value, mensagem } },
 *     status 'pendente' | 'autorizado' | 'rejeitado' | 'denegado' | 'cancelado' | 'encerrado' | 'erro'. 'pendente'
 *     is asynchronous: "requisitar periodicamente o endpoint Consultar NF-e" (GET /nfe/{id}) until it ends.
 *   - GET /nfe?cpf_cnpj=&ambiente=&referencia= (DfeListagem { data: Dfe[] }): the note found by our reference.
 *   - GET /nfe/{id}/xml: the nfeProc ("só estará disponível … caso a nota tenha sido autorizada ou denegada");
 *     GET /nfe/{id}/pdf and /nfce/{id}/pdf: the DANFE.
 *   - POST /nfe/{id}/cancelamento { justificativa } and /nfce/{id}/cancelamento → DfeCancelamento; POST
 *     /nfe/{id}/carta-correcao { correcao } (NF-e only, ≤ 1000 characters) → DfeCartaCorrecao; both events with
 *     status 'pendente' | 'registrado' | 'rejeitado' | 'erro' and the SEFAZ's codigo_status/motivo_status/
 *     numero_protocolo; GET /nfe/eventos/{id} and /nfe/eventos/{id}/xml.
 *   - POST /nfe/inutilizacoes and /nfce/inutilizacoes, body DfePedidoInutilizacao { ambiente, cnpj, ano, serie,
 *     numero_inicial, numero_final, justificativa (15–255) } → DfeInutilizacao; GET …/inutilizacoes/{id}[/xml].
 *   - Security: OAuth 2.0, flow "application" (client credentials), tokenUrl https://auth.nuvemfiscal.com.br/
 *     oauth/token, scopes 'nfe' and 'nfce' (securityDefinitions.oauth2); every request with `Authorization: Bearer`.
 * - dev.nuvemfiscal.com.br/docs/autenticacao: client_credentials; production credentials for
 *   https://api.nuvemfiscal.com.br, sandbox ones for https://api.sandbox.nuvemfiscal.com.br.
 * - The token request as the official Delphi SDK makes it (nuvem-fiscal/nuvemfiscal-sdk-delphi, Source/
 *   OpenApiRest.pas, TClientCredentialsTokenProvider.RetrieveToken): form-encoded grant_type=client_credentials and
 *   scope, the credentials as `Authorization: Basic base64(id:secret)`; the answer's access_token and expires_in,
 *   or `error`/`error_description` (RFC 6749 §5.2).
 * - The error body: the OpenAPI does not describe it; `{ error: { code, message } }` is what the SDKs' users read
 *   (alijuniorbr/nuvemfiscal-sdk-node's axios adapter: `data.error.message`), the messages naming the JSON field
 *   ("O campo 'infNFe.dest.IM' deve ter pelo menos 1 caractere(s)", suporte.nuvemfiscal.com.br/t/2463). A
 *   duplicate `referencia` is assumed answered 409 (not documented): the note is then looked up by its reference,
 *   since an HTTP 500 may come back for a note the provider did emit (suporte.nuvemfiscal.com.br/t/962).
 *
 * The JSON is not written by hand: the note is built by nfe-builder.ts (the same rules, apportionment and rounding as
 * the notes BackOffice signs itself) and its infNFe read back element by element, so both routes send the same
 * figures (`emitXml` reads a note already built and stored, as a resend has it). The builder signs what it writes; here the signature is thrown away (a key made once per process signs
 * it), the provider signing the note with the shop's certificate. The NFC-e's infNFeSupl (QR code, consultation
 * address) is left for the provider to write with the CSC registered there.
 *
 * The client id and secret are options and live only in the session's closure (provider-session.ts): never logged,
 * never in an error message. The token is kept until a minute before it expires (`now()` injectable), one request for
 * concurrent callers; a 401 drops it and asks once more. The API's shapes and words are in nuvem-fiscal-api.ts, the
 * note's JSON in provider-note-json.ts, the answers read in provider-answers.ts; here, one function per call.
 */
import type { NfeInput } from '../nfe/nfe-input';
import { SERVICE_STOPPED } from '../sefaz/sefaz-client';
import type { VoidingSpec } from '../sefaz/sefaz-messages';
import {
  type JsonObject,
  type NuvemFiscalDfe,
  type NuvemFiscalEvent,
  type NuvemFiscalNoteBody,
  ProviderRequestError,
} from './nuvem-fiscal-api';
import {
  documentAt,
  eventAnswer,
  lotAnswer,
  modelPath,
  type ProviderEmission,
  type ProviderEventAnswer,
  type ProviderVoidingAnswer,
  voidingAnswer,
} from './provider-answers';
import { nuvemFiscalNoteBody, nuvemFiscalNoteBodyOf } from './provider-note-json';
import { createProviderSession, type ProviderClientOptions, type ProviderSession } from './provider-session';

export {
  type JsonObject,
  NUVEM_FISCAL,
  type NuvemFiscalDfe,
  type NuvemFiscalEnvironment,
  type NuvemFiscalEvent,
  type NuvemFiscalEventStatus,
  type NuvemFiscalNoteBody,
  type NuvemFiscalStatus,
  PROVIDER_TEXTS,
  ProviderAuthError,
  ProviderRequestError,
} from './nuvem-fiscal-api';
export type { ProviderEmission, ProviderEventAnswer, ProviderVoidingAnswer } from './provider-answers';
export { nuvemFiscalNoteBody, nuvemFiscalNoteBodyOf } from './provider-note-json';
export type { ProviderClientOptions } from './provider-session';

export interface ProviderClient {
  /** Emits the note (POST /nfe or /nfce); a pending one is asked for `pendingPolls` times, then answered 103. */
  emit(input: NfeInput, options?: { reference?: string }): Promise<ProviderEmission>;
  /** The same, from a note already written (the signed NFe BackOffice stores): what a resend has at hand. */
  emitXml(nfeXml: string, options?: { reference?: string }): Promise<ProviderEmission>;
  /** What became of the note `id` (GET /nfe/{id}): 105 while pending, else 104 with its protocol. */
  status(model: 55 | 65, id: string): Promise<ProviderEmission>;
  /** Cancellation (110111) of the authorised note `id`. */
  cancel(model: 55 | 65, id: string, reason: string): Promise<ProviderEventAnswer>;
  /** A correction letter (110110) of the NF-e `id`; the provider numbers them. */
  correct(id: string, text: string): Promise<ProviderEventAnswer>;
  /** Voiding of numbers never used. */
  voidNumbers(spec: VoidingSpec): Promise<ProviderVoidingAnswer>;
  /** The nfeProc of the note `id`. */
  xml(model: 55 | 65, id: string): Promise<string>;
  /** The provider's DANFE (PDF) of the note `id`. */
  danfe(model: 55 | 65, id: string): Promise<Buffer>;
  /** Forgets the token. */
  close(): void;
}

/** The note found by our reference (GET /nfe?cpf_cnpj=&ambiente=&referencia=), or null. */
async function findByReference(
  session: ProviderSession,
  model: 55 | 65,
  body: NuvemFiscalNoteBody,
): Promise<NuvemFiscalDfe | null> {
  const query = new URLSearchParams({
    cpf_cnpj: String((body.infNFe.emit as JsonObject | undefined)?.CNPJ ?? ''),
    ambiente: body.ambiente,
    referencia: body.referencia,
  });
  const list = await session.getJson<{ data?: NuvemFiscalDfe[] }>(`${modelPath(model)}?${query}`);
  return list.data?.find((dfe) => dfe.referencia === body.referencia) ?? null;
}

/** At most this many references for one note: its key, then `<key>-2`… after each answer of a stopped SEFAZ. */
const MAX_REFERENCES = 20;

/** The provider's document answered by a stopped SEFAZ (108, 109): final for its reference, the note never received. */
const stoppedAnswer = (dfe: NuvemFiscalDfe) =>
  dfe.status === 'rejeitado' && SERVICE_STOPPED.has(dfe.autorizacao?.codigo_status ?? 0);

/**
 * POST /nfe or /nfce; a reference already used (409) is the note sent before without an answer, looked up. The
 * provider keeps a document per reference, and one the SEFAZ answered stopped (108, 109: an outage, the note never
 * received — issue 55 §1) stays so: the note goes again under the next reference (`<key>-2`, `<key>-3`…), as a
 * stopped service's note is sent again when the SEFAZ returns.
 */
async function emitBody(
  session: ProviderSession,
  model: 55 | 65,
  body: NuvemFiscalNoteBody,
): Promise<ProviderEmission> {
  const path = modelPath(model);
  let dfe: NuvemFiscalDfe | null = null;
  for (let attempt = 1; !dfe; attempt++) {
    const referencia = attempt === 1 ? body.referencia : `${body.referencia}-${attempt}`;
    try {
      dfe = await session.postJson<NuvemFiscalDfe>(path, { ...body, referencia });
    } catch (error) {
      // Sent before without an answer (a 5xx, a timeout) and kept by the provider: the note it has.
      if (!(error instanceof ProviderRequestError && error.httpStatus === 409)) throw error;
      const found = await findByReference(session, model, { ...body, referencia });
      if (!found) throw error;
      if (!stoppedAnswer(found) || attempt >= MAX_REFERENCES) dfe = found;
    }
  }
  return lotAnswer(session, model, await session.settle(dfe, (id) => `${path}/${id}`), 103);
}

/** POST /nfe/inutilizacoes or /nfce/inutilizacoes (DfePedidoInutilizacao). */
async function voidNumbers(session: ProviderSession, spec: VoidingSpec): Promise<ProviderVoidingAnswer> {
  const path = `${modelPath(spec.model)}/inutilizacoes`;
  const first = await session.postJson<NuvemFiscalEvent>(path, {
    ambiente: spec.environment === 1 ? 'producao' : 'homologacao',
    cnpj: spec.cnpj,
    ano: Number(spec.year),
    serie: spec.series,
    numero_inicial: spec.from,
    numero_final: spec.to,
    justificativa: spec.reason,
  });
  return voidingAnswer(session, path, first);
}

export function createProviderClient(options: ProviderClientOptions): ProviderClient {
  const session = createProviderSession(options);
  return {
    emit: async (input, emitOptions = {}) =>
      emitBody(session, input.model, nuvemFiscalNoteBody(input, emitOptions.reference).body),
    async emitXml(nfeXml, emitOptions = {}) {
      const { body, model } = nuvemFiscalNoteBodyOf(nfeXml, emitOptions.reference);
      return emitBody(session, model, body);
    },
    status: async (model, id) =>
      lotAnswer(session, model, await session.getJson<NuvemFiscalDfe>(`${modelPath(model)}/${id}`), 105),
    async cancel(model, id, reason) {
      const event = await session.postJson<NuvemFiscalEvent>(`${modelPath(model)}/${id}/cancelamento`, {
        justificativa: reason,
      });
      return eventAnswer(session, model, event);
    },
    correct: async (id, text) =>
      eventAnswer(
        session,
        55,
        await session.postJson<NuvemFiscalEvent>(`/nfe/${id}/carta-correcao`, { correcao: text }),
      ),
    voidNumbers: (spec) => voidNumbers(session, spec),
    xml: async (model, id) => (await documentAt(session, `${modelPath(model)}/${id}/xml`)).toString('utf8'),
    danfe: (model, id) => documentAt(session, `${modelPath(model)}/${id}/pdf`),
    close: () => session.forgetToken(),
  };
}
