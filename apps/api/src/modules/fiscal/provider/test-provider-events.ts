/**
 * The events of the Nuvem Fiscal of the tests (test-provider.ts): a note's cancellation and correction letters, and
 * the voiding of numbers, each checked by its schema and answered by the event script; their consultations.
 */
import { randomUUID } from 'node:crypto';
import { NFE_NAMESPACE } from '../nfe/nfe-builder';
import { TEST_SIGNER } from '../nfe/test-notes';
import { validateAgainstSchema } from '../nfe/xsd';
import { eventMessage, voidingMessage } from '../sefaz/sefaz-messages';
import type { NuvemFiscalEvent } from './provider-client';
import {
  type Answer,
  fail,
  json,
  nextProtocol,
  type ProviderState,
  type StoredDocument,
  type StoredEvent,
  stamp,
} from './test-provider-state';

/** GET …/eventos/{id} or …/inutilizacoes/{id}: pending for the scripted consultations, then its final answer. */
export function eventAnswer(stored: StoredEvent): NuvemFiscalEvent {
  if (stored.pendingPolls > 0) {
    stored.pendingPolls -= 1;
    return stored.event;
  }
  return stored.final;
}

/** Cancellation or correction letter of the note `document`. */
export async function noteEvent(
  state: ProviderState,
  document: StoredDocument,
  kind: 'cancel' | 'correction',
  text: string,
): Promise<Answer> {
  if (document.status !== 'autorizado' && !(kind === 'cancel' && document.status === 'cancelado'))
    return fail(400, 'DfeNaoAutorizado', `O documento ${document.id} não está autorizado.`);
  const step = state.eventScript.shift() ?? { kind: 'register' };
  if (step.kind === 'hang') return 'hang';
  if (step.kind === 'http') return { status: step.status, body: 'Internal server error' };
  const tpAmb = document.environment === 'producao' ? 1 : 2;
  const sequence = kind === 'cancel' ? 1 : document.corrections + 1;
  const message = eventMessage(
    state.protocolSeq,
    {
      environment: tpAmb,
      stateCode: document.key.slice(0, 2),
      cnpj: document.cnpj,
      accessKey: document.key,
      at: stamp(),
      sequence,
      kind:
        kind === 'cancel'
          ? { type: 'cancel', protocol: document.protocol ?? '', reason: text }
          : { type: 'correction', text },
    },
    TEST_SIGNER,
  );
  const schema = await validateAgainstSchema(
    message,
    kind === 'cancel' ? 'envEventoCancNFe_v1.00.xsd' : 'envCCe_v1.00.xsd',
  );
  let [status, code, reason]: [NuvemFiscalEvent['status'], number, string] = [
    'registrado',
    135,
    'Evento registrado e vinculado a NF-e',
  ];
  if (kind === 'cancel' && document.status === 'cancelado')
    [status, code, reason] = ['rejeitado', 573, 'Rejeição: Duplicidade de evento'];
  else if (!schema.valid) [status, code, reason] = ['rejeitado', 225, 'Rejeição: Falha no Schema XML'];
  else if (step.kind === 'reject') [status, code, reason] = ['rejeitado', step.status, step.reason];
  const tpEvento = kind === 'cancel' ? '110111' : '110110';
  const protocol = status === 'registrado' ? nextProtocol(state) : null;
  const registered = stamp();
  const id = `evt_${randomUUID().replace(/-/g, '')}`;
  const base: NuvemFiscalEvent = {
    id,
    ambiente: document.environment,
    status: 'pendente',
    chave_acesso: document.key,
    data_evento: registered,
    numero_sequencial: sequence,
    tipo_evento: tpEvento,
  };
  const final: NuvemFiscalEvent = {
    ...base,
    status,
    data_recebimento: registered,
    codigo_status: code,
    motivo_status: reason,
    numero_protocolo: protocol,
  };
  const evento = /<evento [\s\S]*<\/evento>/.exec(message)?.[0] ?? '';
  const xml =
    status === 'registrado'
      ? `<procEventoNFe xmlns="${NFE_NAMESPACE}" versao="1.00">${evento}<retEvento versao="1.00"><infEvento>` +
        `<tpAmb>${tpAmb}</tpAmb><verAplic>NUVEMFISCAL-TESTE</verAplic><cOrgao>${document.key.slice(0, 2)}</cOrgao>` +
        `<cStat>${code}</cStat><xMotivo>${reason}</xMotivo><chNFe>${document.key}</chNFe><tpEvento>${tpEvento}</tpEvento>` +
        `<nSeqEvento>${sequence}</nSeqEvento><dhRegEvento>${registered}</dhRegEvento><nProt>${protocol}</nProt>` +
        '</infEvento></retEvento></procEventoNFe>'
      : null;
  if (status === 'registrado') {
    if (kind === 'cancel') document.status = 'cancelado';
    else document.corrections = sequence;
  }
  const pendingPolls = step.kind === 'pending' ? step.polls : 0;
  state.events.set(id, { event: base, final, pendingPolls, xml });
  const answer = step.kind === 'pending' ? base : final;
  return json(200, kind === 'cancel' ? { ...answer, justificativa: text } : { ...answer, correcao: text });
}

export async function voiding(
  state: ProviderState,
  kind: 'nfe' | 'nfce',
  body: Record<string, unknown>,
): Promise<Answer> {
  const problems: string[] = [];
  const fields = ['ambiente', 'cnpj', 'ano', 'serie', 'numero_inicial', 'numero_final', 'justificativa'];
  for (const field of fields)
    if (body[field] === undefined || body[field] === null) problems.push(`O campo '${field}' é obrigatório.`);
  for (const field of ['ano', 'serie', 'numero_inicial', 'numero_final'])
    if (body[field] !== undefined && !Number.isInteger(body[field]))
      problems.push(`O campo '${field}' deve ser um número inteiro.`);
  const justification = body.justificativa;
  if (typeof justification === 'string' && (justification.length < 15 || justification.length > 255))
    problems.push("O campo 'justificativa' deve ter de 15 a 255 caractere(s).");
  if (body.ambiente !== 'homologacao' && body.ambiente !== 'producao')
    problems.push("O campo 'ambiente' deve ser 'homologacao' ou 'producao'.");
  if (Number(body.serie) < 0 || Number(body.serie) > 999) problems.push("O campo 'serie' deve estar entre 0 e 999.");
  if (Number(body.numero_inicial) < 1 || Number(body.numero_final) > 999_999_999)
    problems.push('Os números devem estar entre 1 e 999999999.');
  if (problems.length) return fail(400, 'ValidationFailed', problems.join(' '));
  if (!state.companies.has(String(body.cnpj)))
    return fail(400, 'EmpresaNaoEncontrada', `Empresa ${body.cnpj} não cadastrada.`);
  const step = state.eventScript.shift() ?? { kind: 'register' };
  if (step.kind === 'hang') return 'hang';
  if (step.kind === 'http') return { status: step.status, body: 'Internal server error' };
  const model = kind === 'nfe' ? 55 : 65;
  const tpAmb = body.ambiente === 'producao' ? 1 : 2;
  const year = String(body.ano).padStart(2, '0');
  const stateCode = '35';
  const registered = step.kind === 'reject' ? null : nextProtocol(state);
  const [code, reason] =
    step.kind === 'reject' ? [step.status, step.reason] : [102, 'Inutilização de número homologado'];
  const id = `inu_${randomUUID().replace(/-/g, '')}`;
  const base: NuvemFiscalEvent & Record<string, unknown> = {
    id,
    ambiente: body.ambiente as 'homologacao' | 'producao',
    status: 'pendente',
    cnpj: body.cnpj,
    ano: body.ano,
    modelo: model,
    serie: body.serie,
    numero_inicial: body.numero_inicial,
    numero_final: body.numero_final,
    justificativa: body.justificativa,
  };
  const final = {
    ...base,
    status: step.kind === 'reject' ? 'rejeitado' : 'registrado',
    data_recebimento: stamp(),
    codigo_status: code,
    motivo_status: reason,
    numero_protocolo: registered,
  } as NuvemFiscalEvent;
  const inut = voidingMessage(
    {
      environment: tpAmb,
      stateCode,
      year,
      cnpj: String(body.cnpj),
      model,
      series: Number(body.serie),
      from: Number(body.numero_inicial),
      to: Number(body.numero_final),
      reason: String(body.justificativa),
    },
    TEST_SIGNER,
  );
  const xml = registered
    ? `<ProcInutNFe xmlns="${NFE_NAMESPACE}" versao="4.00">${inut.replace(` xmlns="${NFE_NAMESPACE}"`, '')}` +
      `<retInutNFe versao="4.00"><infInut><tpAmb>${tpAmb}</tpAmb><verAplic>NUVEMFISCAL-TESTE</verAplic>` +
      `<cStat>${code}</cStat><xMotivo>${reason}</xMotivo><cUF>${stateCode}</cUF><ano>${year}</ano>` +
      `<CNPJ>${String(body.cnpj)}</CNPJ><mod>${model}</mod><serie>${String(body.serie)}</serie>` +
      `<nNFIni>${String(body.numero_inicial)}</nNFIni><nNFFin>${String(body.numero_final)}</nNFFin>` +
      `<dhRecbto>${final.data_recebimento}</dhRecbto><nProt>${registered}</nProt></infInut></retInutNFe></ProcInutNFe>`
    : null;
  const pendingPolls = step.kind === 'pending' ? step.polls : 0;
  state.events.set(id, { event: base, final, pendingPolls, xml });
  return json(200, step.kind === 'pending' ? base : final);
}
