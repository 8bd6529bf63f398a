/**
 * The notes of the Nuvem Fiscal of the tests (test-provider.ts): POST /nfe and /nfce checked, written, signed and
 * "sent to the SEFAZ" as the provider would, answered by the script; GET /nfe/{id} through the pending consultations.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { composeAccessKey } from '../../../lib/nfe/access-key';
import { escapeText } from '../../../lib/nfe/canonical-xml';
import { signCanonical } from '../../../lib/nfe/xml-signature';
import { NFE_NAMESPACE, nfceQrCode } from '../nfe/nfe-builder';
import { nfceUrls, ufOfKey } from '../nfe/states';
import { TEST_SIGNER } from '../nfe/test-notes';
import { validateAgainstSchema, type XsdResult } from '../nfe/xsd';
import { nfeProc } from '../sefaz/sefaz-messages';
import type { NuvemFiscalDfe } from './provider-client';
import { completeIde, problemsOf, xmlOf } from './test-provider-body';
import {
  type Answer,
  fail,
  json,
  nextProtocol,
  type ProviderScriptStep,
  type ProviderState,
  type StoredDocument,
  stamp,
} from './test-provider-state';

type Group = Record<string, unknown>;

/** The note the provider writes from the body: its key, the XML signed with the company's certificate, its protocol. */
interface WrittenNote {
  key: string;
  /** The body's Id or cDV not those of the key it composes. */
  badKey: boolean;
  nfe: string;
  digest: string;
  tpAmb: number;
  received: string;
  protocolXml(status: number, reason: string, protocol: string | null): string;
}

/** The body's problems, the model of the endpoint, the company, the reference: a refusal, or null. */
function refusalOf(state: ProviderState, kind: 'nfe' | 'nfce', body: Group): Answer | null {
  const problems: string[] = [];
  problemsOf(body, '', '', '', problems);
  if (problems.length) return fail(400, 'ValidationFailed', problems.join(' '));
  const infNFe = body.infNFe as Group;
  const ide = infNFe.ide as Group;
  const emit = infNFe.emit as Group | undefined;
  const model = kind === 'nfe' ? 55 : 65;
  if (ide.mod !== undefined && ide.mod !== model)
    return fail(400, 'ValidationFailed', `O modelo ${String(ide.mod)} não é o deste endpoint (/${kind}).`);
  const cnpj = String(emit?.CNPJ ?? '');
  if (!state.companies.has(cnpj)) return fail(400, 'EmpresaNaoEncontrada', `Empresa ${cnpj} não cadastrada.`);
  const referencia = typeof body.referencia === 'string' ? body.referencia : null;
  if (referencia && [...state.documents.values()].some((d) => d.referencia === referencia && d.cnpj === cnpj))
    return fail(409, 'DfeAlreadyExists', `Já existe um documento com a referência ${referencia}.`);
  return null;
}

/** The key, the XML, the signature: the provider's part. */
function writeNote(state: ProviderState, model: 55 | 65, body: Group): WrittenNote {
  const infNFe = body.infNFe as Group;
  const ide = infNFe.ide as Group;
  const cnpj = String((infNFe.emit as Group | undefined)?.CNPJ ?? '');
  const tpAmb = body.ambiente === 'producao' ? 1 : 2;
  const dhEmi = String(ide.dhEmi);
  const cNF = typeof ide.cNF === 'string' ? ide.cNF : String(randomInt(10_000_000, 100_000_000));
  const key = composeAccessKey({
    stateCode: String(ide.cUF),
    yearMonth: `${dhEmi.slice(2, 4)}${dhEmi.slice(5, 7)}`,
    issuerDocument: cnpj,
    model: String(model),
    series: String(ide.serie),
    number: String(ide.nNF),
    emissionType: String(ide.tpEmis),
    numericCode: cNF,
  });
  const id = `NFe${key}`;
  const badKey =
    (infNFe.Id !== undefined && infNFe.Id !== id) || (ide.cDV !== undefined && ide.cDV !== Number(key.slice(43)));
  const { Id: _id, versao, ...groups } = infNFe;
  const inner = Object.entries(groups)
    .filter(([name]) => name !== 'ide')
    .map(([name, value]) => xmlOf(name, value))
    .join('');
  const ideXml = xmlOf('ide', completeIde(ide, { cNF, mod: model, cDV: Number(key.slice(43)), tpAmb }));
  const canonical = `<infNFe xmlns="${NFE_NAMESPACE}" Id="${id}" versao="${String(versao)}">${ideXml}${inner}</infNFe>`;
  const signature = signCanonical(canonical, id, TEST_SIGNER);
  let supl = '';
  if (model === 65) {
    const uf = ufOfKey(key);
    const urls = nfceUrls(uf, tpAmb as 1 | 2);
    const qrCode = nfceQrCode({ url: urls.qrCode, accessKey: key, environment: tpAmb as 1 | 2, csc: state.csc });
    supl = `<infNFeSupl><qrCode>${escapeText(qrCode)}</qrCode><urlChave>${urls.consultation}</urlChave></infNFeSupl>`;
  }
  const nfe = `<NFe xmlns="${NFE_NAMESPACE}">${canonical.replace(` xmlns="${NFE_NAMESPACE}"`, '')}${supl}${signature.xml}</NFe>`;
  const received = stamp();
  const protocolXml = (status: number, reason: string, protocol: string | null) =>
    `<protNFe versao="4.00"><infProt><tpAmb>${tpAmb}</tpAmb><verAplic>NUVEMFISCAL-TESTE</verAplic>` +
    `<chNFe>${key}</chNFe><dhRecbto>${received}</dhRecbto>${protocol ? `<nProt>${protocol}</nProt>` : ''}` +
    `<digVal>${signature.digest}</digVal><cStat>${status}</cStat><xMotivo>${reason}</xMotivo></infProt></protNFe>`;
  return { key, badKey, nfe, digest: signature.digest, tpAmb, received, protocolXml };
}

/** What the SEFAZ said: a bad key (502), the schema refused (225), else the script's answer (authorised by default). */
function outcomeOf(
  note: WrittenNote,
  schemaValid: boolean,
  step: ProviderScriptStep,
): [NuvemFiscalDfe['status'], number | null, string | null, string | null] {
  if (note.badKey) return ['rejeitado', 502, 'Rejeição: Erro na Chave de Acesso - Campo Id não corresponde', null];
  if (!schemaValid) return ['rejeitado', 225, 'Rejeição: Falha no Schema XML', null];
  if (step.kind === 'reject' || step.kind === 'deny')
    return [step.kind === 'reject' ? 'rejeitado' : 'denegado', step.status, step.reason, null];
  if (step.kind === 'error') return ['erro', null, null, step.message];
  return ['autorizado', 100, 'Autorizado o uso da NF-e', null];
}

/** The note as the provider keeps it: pending first, `final` once its consultations are over. */
function storedDocument(
  state: ProviderState,
  model: 55 | 65,
  body: Group,
  note: WrittenNote,
  step: ProviderScriptStep,
  schema: XsdResult,
): StoredDocument {
  const [status, code, reason, message] = outcomeOf(note, schema.valid, step);
  const infNFe = body.infNFe as Group;
  const ide = infNFe.ide as Group;
  const environment = body.ambiente as 'homologacao' | 'producao';
  const protocol = status === 'autorizado' || status === 'denegado' ? nextProtocol(state) : null;
  const procXml =
    status === 'autorizado' || status === 'denegado'
      ? nfeProc(note.nfe, note.protocolXml(code as number, reason as string, protocol))
      : null;
  const documentId = `nfe_${randomUUID().replace(/-/g, '')}`;
  const total = ((infNFe.total as Group).ICMSTot as Group).vNF as number;
  const referencia = typeof body.referencia === 'string' ? body.referencia : null;
  const dfe: NuvemFiscalDfe = {
    id: documentId,
    ambiente: environment,
    created_at: new Date().toISOString(),
    status: 'pendente',
    referencia,
    data_emissao: String(ide.dhEmi),
    modelo: model,
    serie: ide.serie as number,
    numero: ide.nNF as number,
    tipo_emissao: ide.tpEmis as number,
    valor_total: total,
    chave: note.key,
    autorizacao: null,
  };
  const final: NuvemFiscalDfe = {
    ...dfe,
    status,
    autorizacao: {
      id: `aut_${randomUUID().replace(/-/g, '')}`,
      ambiente: environment,
      status:
        status === 'autorizado' || status === 'denegado' ? 'registrado' : status === 'erro' ? 'erro' : 'rejeitado',
      chave_acesso: note.key,
      data_evento: String(ide.dhEmi),
      numero_sequencial: 1,
      data_recebimento: status === 'erro' ? null : note.received,
      codigo_status: code,
      motivo_status: reason,
      numero_protocolo: protocol,
      mensagem: message,
      digest_value: note.digest,
    },
  };
  return {
    id: documentId,
    model,
    referencia,
    status: step.kind === 'pending' ? 'pendente' : status,
    key: note.key,
    procXml,
    schemaProblems: schema.problems.map((p) => p.message),
    environment,
    cnpj: String((infNFe.emit as Group | undefined)?.CNPJ ?? ''),
    dfe,
    final,
    pendingPolls: step.kind === 'pending' ? step.polls : 0,
    protocol,
    corrections: 0,
  };
}

/** POST /nfe or /nfce: the note written, signed and checked as the provider and the SEFAZ would; answered by the script. */
export async function emitNote(state: ProviderState, kind: 'nfe' | 'nfce', body: Group): Promise<Answer> {
  const refused = refusalOf(state, kind, body);
  if (refused) return refused;
  const step = state.script.shift() ?? { kind: 'authorize' };
  if (step.kind === 'hang') return 'hang';
  if (step.kind === 'http' && !step.keep) return { status: step.status, body: 'Internal server error' };
  const model = kind === 'nfe' ? 55 : 65;
  const note = writeNote(state, model, body);
  const schema = await validateAgainstSchema(
    nfeProc(note.nfe, note.protocolXml(100, 'Autorizado o uso da NF-e', '135260000000000')),
    'procNFe_v4.00.xsd',
  );
  const document = storedDocument(state, model, body, note, step, schema);
  state.documents.set(document.id, document);
  if (step.kind === 'http') return { status: step.status, body: 'Internal server error' };
  return json(200, step.kind === 'pending' ? document.dfe : document.final);
}

/** GET /nfe/{id}: pending for the scripted consultations, then its final answer. */
export function consult(document: StoredDocument): NuvemFiscalDfe {
  if (document.status !== 'pendente') return { ...document.final, status: document.status };
  if (document.pendingPolls > 0) {
    document.pendingPolls -= 1;
    return document.dfe;
  }
  document.status = document.final.status;
  return document.final;
}
