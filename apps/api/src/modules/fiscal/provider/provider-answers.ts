/**
 * What the provider answered, in the SEFAZ client's terms (sefaz-messages.ts: LotAnswer, EventAnswer, VoidingAnswer,
 * with the cStat/xMotivo the provider relays) and what only the provider has (its ids and statuses, the nfeProc it
 * keeps): for provider-client.ts.
 */
import type { EventAnswer, LotAnswer, NoteProtocol, VoidingAnswer } from '../sefaz/sefaz-messages';
import {
  type NuvemFiscalDfe,
  type NuvemFiscalEvent,
  type NuvemFiscalEventStatus,
  type NuvemFiscalStatus,
  PROVIDER_TEXTS,
} from './nuvem-fiscal-api';
import { elementText } from './provider-note-json';
import type { ProviderSession } from './provider-session';

/** What became of a note at the provider, as the SEFAZ client answers a lot, and what only the provider has. */
export interface ProviderEmission extends LotAnswer {
  /** The provider's id of the note (`receipt` too while it is pending): what status, cancel, xml and danfe take. */
  id: string;
  providerStatus: NuvemFiscalStatus;
  accessKey: string | null;
  /** The nfeProc the provider keeps (authorised or denied): the note it signed, with the SEFAZ's protocol. */
  procXml: string | null;
  /** The signed NFe inside procXml (the provider signed it: it replaces the note BackOffice built). */
  noteXml: string | null;
}

/**
 * An event's answer: the provider relays the event's own cStat (135, 136, a refusal), which is given as both `status`
 * and `eventStatus` (the envelope's 128 is not relayed); 0 and null while it is still pending.
 */
export interface ProviderEventAnswer extends EventAnswer {
  /** The provider's id of the event, null when it refused it before any SEFAZ. */
  id: string | null;
  providerStatus: NuvemFiscalEventStatus | null;
}

export interface ProviderVoidingAnswer extends VoidingAnswer {
  id: string | null;
  providerStatus: NuvemFiscalEventStatus | null;
}

export const modelPath = (model: 55 | 65) => (model === 55 ? '/nfe' : '/nfce');

/** A document's raw body (the XML, the PDF) at `path`. */
export async function documentAt(session: ProviderSession, path: string): Promise<Buffer> {
  return (await session.api('GET', path, undefined, '*/*')).body;
}

/** The note at the provider as a lot's answer: `pendingCode` while pending, else 104 with its protocol and nfeProc. */
export async function lotAnswer(
  session: ProviderSession,
  model: 55 | 65,
  dfe: NuvemFiscalDfe,
  pendingCode: 103 | 105,
): Promise<ProviderEmission> {
  const base = { id: dfe.id, providerStatus: dfe.status, accessKey: dfe.chave ?? null };
  if (dfe.status === 'pendente')
    return {
      ...base,
      status: pendingCode,
      reason: PROVIDER_TEXTS.pending,
      receipt: dfe.id,
      notes: [],
      procXml: null,
      noteXml: null,
    };
  const procXml =
    dfe.status === 'autorizado' || dfe.status === 'denegado'
      ? (await documentAt(session, `${modelPath(model)}/${dfe.id}/xml`)).toString('utf8')
      : null;
  const authorization = dfe.autorizacao ?? {};
  const protocol: NoteProtocol = {
    accessKey: dfe.chave ?? authorization.chave_acesso ?? '',
    status: authorization.codigo_status ?? 0,
    reason:
      authorization.motivo_status ??
      authorization.mensagem ??
      (dfe.status === 'erro' ? PROVIDER_TEXTS.notTransmitted : dfe.status),
    protocol: authorization.numero_protocolo ?? null,
    receivedAt: authorization.data_recebimento ?? null,
    digest: authorization.digest_value ?? null,
    xml: (procXml && elementText(procXml, 'protNFe')) ?? '',
  };
  return {
    ...base,
    status: 104,
    reason: PROVIDER_TEXTS.lotProcessed,
    receipt: null,
    notes: [protocol],
    procXml,
    noteXml: procXml ? elementText(procXml, 'NFe') : null,
  };
}

/** An event (cancellation, correction letter) once settled: pending, or what the SEFAZ said and its procEventoNFe. */
export async function eventAnswer(
  session: ProviderSession,
  model: 55 | 65,
  event: NuvemFiscalEvent,
): Promise<ProviderEventAnswer> {
  const settled = await session.settle(event, (id) => `${modelPath(model)}/eventos/${id}`);
  const base = { id: settled.id ?? null, providerStatus: settled.status ?? null };
  if (settled.status === 'pendente')
    return {
      ...base,
      status: 0,
      reason: PROVIDER_TEXTS.eventPending,
      eventStatus: null,
      eventReason: PROVIDER_TEXTS.eventPending,
      protocol: null,
      registeredAt: null,
      xml: null,
    };
  const xml =
    settled.status === 'registrado' && settled.id
      ? (await documentAt(session, `${modelPath(model)}/eventos/${settled.id}/xml`)).toString('utf8')
      : null;
  const status = settled.codigo_status ?? 0;
  const reason = settled.motivo_status ?? settled.mensagem ?? String(settled.status);
  return {
    ...base,
    status,
    reason,
    eventStatus: settled.codigo_status ?? null,
    eventReason: settled.motivo_status ?? settled.mensagem ?? null,
    protocol: settled.numero_protocolo ?? null,
    registeredAt: settled.data_recebimento ?? null,
    xml,
  };
}

/** A voiding once settled: what the SEFAZ said, and its ProcInutNFe once registered. */
export async function voidingAnswer(
  session: ProviderSession,
  path: string,
  first: NuvemFiscalEvent,
): Promise<ProviderVoidingAnswer> {
  const settled = await session.settle(first, (id) => `${path}/${id}`);
  const xml =
    settled.status === 'registrado' && settled.id
      ? (await documentAt(session, `${path}/${settled.id}/xml`)).toString('utf8')
      : '';
  return {
    id: settled.id ?? null,
    providerStatus: settled.status ?? null,
    status: settled.codigo_status ?? 0,
    reason:
      settled.motivo_status ??
      settled.mensagem ??
      (settled.status === 'pendente' ? PROVIDER_TEXTS.eventPending : String(settled.status)),
    protocol: settled.numero_protocolo ?? null,
    xml,
  };
}
