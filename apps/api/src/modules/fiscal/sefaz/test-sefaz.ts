/**
 * A SEFAZ of the tests (issue 41: no SEFAZ can be reached from these machines; issue 55: it refuses what a SEFAZ
 * refuses): an HTTPS SOAP 1.2 server on 127.0.0.1 that demands the client's certificate (mutual TLS, the shop's A1 as
 * the only one it trusts), serves one state (cUF, default 35) in one environment (tpAmb, default 2, homologação) and
 * answers the NF-e 4.00 web services as the Manual de Orientação do Contribuinte (MOC 7.0) documents them, keeping
 * its state as a SEFAZ does (double/sefaz-ledger.ts: notes by number and key, voided ranges, events):
 * - NFeStatusServico4: 107 'Serviço em Operação';
 * - NFeAutorizacao4: the lot validated against enviNFe_v4.00.xsd (225), then each note judged
 *   (double/sefaz-notes.ts: signature, key, environment, the published content rules, duplicates, voided numbers),
 *   then 104 'Lote processado' with its protNFe: 100 'Autorizado o uso da NF-e' (its digVal the note's digest) or
 *   the refusal. A script may answer instead a forced rejection, an asynchronous lot (103 with a receipt, then 105
 *   'Lote em processamento' as many times as asked, then 104), the service stopped (108, 109), an HTTP 503, or
 *   nothing (the client's timeout);
 * - NFeRetAutorizacao4: the receipt's state; NFeConsultaProtocolo4: an authorised key's protocol (100; 101 once
 *   cancelled), else 217;
 * - NFeRecepcaoEvento4: 128 with the event's 135 'Evento registrado e vinculado a NF-e' or its refusal
 *   (double/sefaz-events.ts: cancellation 110111, correction letter 110110, cancellation by substitution 110112); NFeInutilizacao4: 102 'Inutilização de número homologado' or the refusal
 *   (double/sefaz-voidings.ts).
 * Started with `serves: 'SVC-AN' | 'SVC-RS'` it acts as that SEFAZ Virtual de Contingência (issue 56 §2): it
 * receives only NF-e of its tpEmis (6, 7) and registers only cancellations (double/sefaz-contingency.ts); given
 * another double's `ledger`, it shares its database, as an SVC passes what it authorised on to the state's SEFAZ.
 * `setAway` makes every service of a double away at once (HTTP 503, or 108/109: the status service then answers
 * that code), until set back to null; `setSvcOff` switches an SVC double off for its state (113, 114).
 * Every code and text it answers is in double/sefaz-refusals.ts with the rule that publishes it. A plain module (no
 * test framework): the API tests and the browser journey use it; test-pki.ts makes the certificates.
 */
import { once } from 'node:events';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { NFE_NAMESPACE } from '../nfe/nfe-builder';
import { UF_CODES } from '../nfe/states';
import { compileSchemas, validateAgainstSchema } from '../nfe/xsd';
import { eventFields, eventRefusal } from './double/sefaz-events';
import { SefazLedger } from './double/sefaz-ledger';
import { noteFields, noteRefusal, type SefazPlace, substitutionFacts } from './double/sefaz-notes';
import { REFUSALS, type Refusal } from './double/sefaz-refusals';
import { voidingFields, voidingRefusal } from './double/sefaz-voidings';
import type { SvcName } from './svc';

export type ScriptedAnswer =
  | { kind: 'authorize' }
  /** A rejection forced on the next note, whatever it is. */
  | { kind: 'reject'; status: number; reason: string }
  /** 103 now; then `processing` answers 105 to the receipt's queries, then 104 with the note's 100. */
  | { kind: 'async'; processing: number }
  /** The service stopped: the lot answered 108 or 109 (an outage: the client treats it as a timeout). */
  | { kind: 'paused'; status: 108 | 109 }
  | { kind: 'http'; status: number }
  /** The note authorised, but the answer lost (HTTP 503): sent again, it is the duplicate (204) of an authorised one. */
  | { kind: 'lost' }
  | { kind: 'hang' };

export interface SefazRequest {
  service: string;
  body: string;
  /** The common name of the client's certificate. */
  client: string | null;
}

/** A refusal the double answered of its own judgement (not a scripted one): what and of which key or range. */
export interface SefazRefusal extends Refusal {
  service: string;
  /** The note's or the event's key; the voiding's Id. */
  subject: string;
}

export interface TestSefaz {
  /** The base address: the services are `${url}/NFeAutorizacao4`… (sefaz-urls.ts `sefazUrlsAt`). */
  url: string;
  requests: SefazRequest[];
  /** Every refusal it answered by its rules (schema, signature, key, duplicates…), in order. */
  refusals: SefazRefusal[];
  /** The next answers of the authorisation service, in order (then its judgement). */
  script: ScriptedAnswer[];
  /** Its database (notes, voidings, events): given to an SVC double to share it. */
  ledger: SefazLedger;
  /** Every service away (HTTP 503, or 108/109 answered) until set back to null. */
  setAway(answer: 503 | 108 | 109 | null): void;
  /**
   * An SVC double switched off for its state: 113 (being switched off: its status service says so, it still
   * authorises) or 114 (switched off by the state's SEFAZ: its status and its authorisation answer 114), until null.
   */
  setSvcOff(code: 113 | 114 | null): void;
  close(): Promise<void>;
}

const soap = (wsdl: string, body: string) =>
  '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope">' +
  `<soap:Body><nfeResultMsg xmlns="http://www.portalfiscal.inf.br/nfe/wsdl/${wsdl}">${body}</nfeResultMsg></soap:Body></soap:Envelope>`;

const tag = (xml: string, name: string) => new RegExp(`<${name}[^>]*>([^<]*)</${name}>`).exec(xml)?.[1] ?? '';
/**
 * The double's clock as a SEFAZ of SP writes it (dhRecbto, dhRegEvento): local time with its offset, −03:00 (no
 * summer time since 2019). The answers' schemas (TDateTimeUTC of retEvento, for one) accept only −01:00 to −04:00:
 * a '−00:00' made the procEventoNFe invalid (issue 56 §3).
 */
const now = () => `${new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 19)}-03:00`;
const APP = '<verAplic>SEFAZ-TESTE-1.0</verAplic>';

/** The message inside nfeDadosMsg. */
const messageOf = (envelope: string) => /<nfeDadosMsg[^>]*>([\s\S]*)<\/nfeDadosMsg>/.exec(envelope)?.[1] ?? '';

/** What the SEFAZ keeps between requests. */
interface SefazState {
  place: SefazPlace;
  ledger: SefazLedger;
  script: ScriptedAnswer[];
  refusals: SefazRefusal[];
  lots: Map<string, { notes: string[]; processing: number }>;
  svcOff: 113 | 114 | null;
  away: 503 | 108 | 109 | null;
}

type Answer = { status: number; body?: string } | 'hang';

const protNFe = (state: SefazState, key: string, inner: string) =>
  `<protNFe versao="4.00"><infProt><tpAmb>${state.place.environment}</tpAmb>${APP}<chNFe>${key}</chNFe>` +
  `<dhRecbto>${now()}</dhRecbto>${inner}</infProt></protNFe>`;

/** The note authorised (100): its protNFe, the note kept by its number and key. */
function authorised(state: SefazState, note: string, receipt: string): string {
  const fields = noteFields(note);
  const protocol = state.ledger.nextNumber('1');
  const prot = protNFe(
    state,
    fields.key,
    `<nProt>${protocol}</nProt><digVal>${fields.digest}</digVal><cStat>100</cStat><xMotivo>Autorizado o uso da NF-e</xMotivo>`,
  );
  state.ledger.keep(fields, {
    key: fields.key,
    prot,
    protocol,
    digest: fields.digest,
    receipt,
    authorisedAt: new Date(),
    ...substitutionFacts(note),
  });
  return prot;
}

/** The note's protNFe: its refusal, or its authorisation. */
function judged(state: SefazState, note: string, receipt: string): string {
  const refusal = noteRefusal(note, state.place, state.ledger);
  if (!refusal) return authorised(state, note, receipt);
  const key = noteFields(note).key;
  state.refusals.push({ ...refusal, service: 'NFeAutorizacao4', subject: key });
  return protNFe(state, key, `<cStat>${refusal.code}</cStat><xMotivo>${refusal.reason}</xMotivo>`);
}

const notesOf = (lot: string) => lot.match(/<NFe xmlns[\s\S]*?<\/NFe>/g) ?? [];
const retEnvi = (state: SefazState, status: number, reason: string, inner = '') =>
  `<retEnviNFe xmlns="${NFE_NAMESPACE}" versao="4.00"><tpAmb>${state.place.environment}</tpAmb>${APP}` +
  `<cStat>${status}</cStat><xMotivo>${reason}</xMotivo><cUF>${state.place.stateCode}</cUF><dhRecbto>${now()}</dhRecbto>${inner}</retEnviNFe>`;
const lotAnswer = (state: SefazState, status: number, reason: string, inner = ''): Answer => ({
  status: 200,
  body: soap('NFeAutorizacao4', retEnvi(state, status, reason, inner)),
});

async function authorize(state: SefazState, message: string): Promise<Answer> {
  // The service away comes before anything is read.
  const away = state.script[0];
  if (away && (away.kind === 'hang' || away.kind === 'http' || away.kind === 'paused')) {
    state.script.shift();
    if (away.kind === 'hang') return 'hang';
    if (away.kind === 'http') return { status: away.status, body: 'Service Unavailable' };
    const paused = away.status === 108 ? REFUSALS.pausedShort : REFUSALS.pausedLong;
    return lotAnswer(state, paused.code, paused.reason);
  }
  if (!(await validateAgainstSchema(message, 'enviNFe_v4.00.xsd')).valid) {
    state.refusals.push({ ...REFUSALS.lotSchema, service: 'NFeAutorizacao4', subject: tag(message, 'idLote') });
    return lotAnswer(state, REFUSALS.lotSchema.code, REFUSALS.lotSchema.reason);
  }
  const notes = notesOf(message);
  const receipt = state.ledger.nextNumber('3');
  // A note the database already holds (its answer lost, sent again…) is judged before any script.
  const known = notes.some((note) => state.ledger.noteAt(noteFields(note)));
  const answer = (known ? undefined : state.script.shift()) ?? { kind: 'authorize' };
  if (answer.kind === 'lost') {
    for (const note of notes) judged(state, note, receipt);
    return { status: 503, body: 'Service Unavailable' };
  }
  if (answer.kind === 'reject') {
    const prot = protNFe(
      state,
      noteFields(notes[0] ?? '').key,
      `<cStat>${answer.status}</cStat><xMotivo>${answer.reason}</xMotivo>`,
    );
    return lotAnswer(state, 104, 'Lote processado', prot);
  }
  if (answer.kind === 'async') {
    state.lots.set(receipt, { notes, processing: answer.processing });
    return lotAnswer(state, 103, 'Lote recebido com sucesso', `<infRec><nRec>${receipt}</nRec><tMed>1</tMed></infRec>`);
  }
  const prots = notes.map((note) => judged(state, note, receipt)).join('');
  return lotAnswer(state, 104, 'Lote processado', prots);
}

function receiptAnswer(state: SefazState, message: string): string {
  const number = tag(message, 'nRec');
  const lot = state.lots.get(number);
  const head = (status: number, reason: string) =>
    `<retConsReciNFe xmlns="${NFE_NAMESPACE}" versao="4.00"><tpAmb>${state.place.environment}</tpAmb>${APP}` +
    `<nRec>${number}</nRec><cStat>${status}</cStat><xMotivo>${reason}</xMotivo><cUF>${state.place.stateCode}</cUF><dhRecbto>${now()}</dhRecbto>`;
  if (!lot) return soap('NFeRetAutorizacao4', `${head(106, 'Lote não localizado')}</retConsReciNFe>`);
  if (lot.processing > 0) {
    lot.processing -= 1;
    return soap('NFeRetAutorizacao4', `${head(105, 'Lote em processamento')}</retConsReciNFe>`);
  }
  // Judged once; asked again, the lot's notes answer their protocol.
  const prots = lot.notes
    .map((note) => state.ledger.note(noteFields(note).key)?.prot ?? judged(state, note, number))
    .join('');
  return soap('NFeRetAutorizacao4', `${head(104, 'Lote processado')}${prots}</retConsReciNFe>`);
}

function protocolQuery(state: SefazState, message: string): string {
  const key = tag(message, 'chNFe');
  const kept = state.ledger.note(key);
  const head = (status: number, reason: string) =>
    `<retConsSitNFe xmlns="${NFE_NAMESPACE}" versao="4.00"><tpAmb>${state.place.environment}</tpAmb>${APP}` +
    `<cStat>${status}</cStat><xMotivo>${reason}</xMotivo><cUF>${state.place.stateCode}</cUF><dhRecbto>${now()}</dhRecbto><chNFe>${key}</chNFe>`;
  if (!kept)
    return soap(
      'NFeConsultaProtocolo4',
      `${head(217, 'Rejeição: NF-e não consta na base de dados da SEFAZ')}</retConsSitNFe>`,
    );
  const [status, reason] = kept.cancelled
    ? [101, 'Cancelamento de NF-e homologado']
    : [100, 'Autorizado o uso da NF-e'];
  return soap('NFeConsultaProtocolo4', `${head(status, reason)}${kept.prot}</retConsSitNFe>`);
}

/** The envEvento schema of each event type (SCHEMA_PACKAGE; 110112: the package 'Evento Cancelamento por Substituição'). */
const EVENT_SCHEMAS: Record<string, string> = {
  '110111': 'envEventoCancNFe_v1.00.xsd',
  '110112': 'envEventoCancSubst_v1.00.xsd',
  '110110': 'envCCe_v1.00.xsd',
};

async function eventAnswer(state: SefazState, message: string): Promise<string> {
  const event = eventFields(message);
  const head = (status: number, reason: string) =>
    `<retEnvEvento xmlns="${NFE_NAMESPACE}" versao="1.00"><idLote>${tag(message, 'idLote')}</idLote><tpAmb>${state.place.environment}</tpAmb>` +
    `${APP}<cOrgao>${state.place.stateCode}</cOrgao><cStat>${status}</cStat><xMotivo>${reason}</xMotivo>`;
  const schema = await validateAgainstSchema(message, EVENT_SCHEMAS[event.type] ?? 'envCCe_v1.00.xsd');
  if (!schema.valid) {
    state.refusals.push({ ...REFUSALS.schema, service: 'NFeRecepcaoEvento4', subject: event.key });
    return soap('NFeRecepcaoEvento4', `${head(REFUSALS.schema.code, REFUSALS.schema.reason)}</retEnvEvento>`);
  }
  const refusal = eventRefusal(message, state.place, state.ledger);
  if (refusal) state.refusals.push({ ...refusal, service: 'NFeRecepcaoEvento4', subject: event.key });
  else state.ledger.registerEvent(event.type, event.key, event.sequence);
  const [status, reason] = refusal ? [refusal.code, refusal.reason] : [135, 'Evento registrado e vinculado a NF-e'];
  // dhRegEvento always (the moment received, or registered), nProt only when registered (retEvento's schema).
  const registered = `<dhRegEvento>${now()}</dhRegEvento>${refusal ? '' : `<nProt>${state.ledger.nextNumber('1')}</nProt>`}`;
  const retEvento =
    `<retEvento versao="1.00"><infEvento><tpAmb>${state.place.environment}</tpAmb>${APP}<cOrgao>${state.place.stateCode}</cOrgao>` +
    `<cStat>${status}</cStat><xMotivo>${reason}</xMotivo><chNFe>${event.key}</chNFe><tpEvento>${event.type}</tpEvento>` +
    `<nSeqEvento>${event.sequence}</nSeqEvento>${registered}</infEvento></retEvento>`;
  return soap('NFeRecepcaoEvento4', `${head(128, 'Lote de evento processado')}${retEvento}</retEnvEvento>`);
}

async function voidingAnswer(state: SefazState, message: string): Promise<string> {
  const range = voidingFields(message);
  const schema = await validateAgainstSchema(message, 'inutNFe_v4.00.xsd');
  const refusal: (Refusal & { protocol?: string }) | null = schema.valid
    ? voidingRefusal(message, state.place, state.ledger)
    : REFUSALS.schema;
  // dhRecbto always (MOC DR16: also on a rejection); nProt when registered, or the first voiding's on 563.
  let protocol: string | undefined;
  if (refusal) {
    state.refusals.push({ code: refusal.code, reason: refusal.reason, service: 'NFeInutilizacao4', subject: range.id });
    protocol = refusal.protocol;
  } else {
    protocol = state.ledger.nextNumber('1');
    state.ledger.void({ ...range, protocol });
  }
  const tail = `<dhRecbto>${now()}</dhRecbto>${protocol ? `<nProt>${protocol}</nProt>` : ''}`;
  const [status, reason] = refusal ? [refusal.code, refusal.reason] : [102, 'Inutilização de número homologado'];
  return soap(
    'NFeInutilizacao4',
    `<retInutNFe xmlns="${NFE_NAMESPACE}" versao="4.00"><infInut><tpAmb>${state.place.environment}</tpAmb>${APP}` +
      `<cStat>${status}</cStat><xMotivo>${reason}</xMotivo><cUF>${state.place.stateCode}</cUF>${tail}</infInut></retInutNFe>`,
  );
}

/** The SVC's news when switched off (113, 114): the state it serves and, for 113, the moment (an hour ahead). */
function svcOffNews(state: SefazState): Refusal | null {
  const svc = state.place.serves;
  if (!svc || state.svcOff === null) return null;
  if (state.svcOff === 114) return REFUSALS.svcDisabled(svc);
  const uf = Object.entries(UF_CODES).find(([, code]) => code === state.place.stateCode)?.[0] ?? '';
  const at = new Date(Date.now() - 2 * 3_600_000).toISOString();
  return REFUSALS.svcClosing(uf, `${at.slice(8, 10)}/${at.slice(5, 7)}/${at.slice(2, 4)} às ${at.slice(11, 16)}`);
}

/** NFeStatusServico4: 107 'Serviço em Operação', or the stop it is in (108, 109), or the SVC's news (113, 114). */
function serviceStatus(state: SefazState): string {
  const paused =
    state.away === 108 ? REFUSALS.pausedShort : state.away === 109 ? REFUSALS.pausedLong : svcOffNews(state);
  const [status, reason] = paused ? [paused.code, paused.reason] : [107, 'Serviço em Operação'];
  return soap(
    'NFeStatusServico4',
    `<retConsStatServ xmlns="${NFE_NAMESPACE}" versao="4.00"><tpAmb>${state.place.environment}</tpAmb>${APP}` +
      `<cStat>${status}</cStat><xMotivo>${reason}</xMotivo><cUF>${state.place.stateCode}</cUF><dhRecbto>${now()}</dhRecbto></retConsStatServ>`,
  );
}

/** The answer of the web service `service` to `message`. */
async function answerOf(state: SefazState, service: string, message: string): Promise<Answer> {
  if (service === 'NFeStatusServico4' && state.away !== 503) return { status: 200, body: serviceStatus(state) };
  if (state.away === 503) return { status: 503, body: 'Service Unavailable' };
  if (state.away !== null) {
    const paused = state.away === 108 ? REFUSALS.pausedShort : REFUSALS.pausedLong;
    if (service === 'NFeAutorizacao4') return lotAnswer(state, paused.code, paused.reason);
    return { status: 503, body: 'Service Unavailable' };
  }
  if (service === 'NFeAutorizacao4' && state.svcOff === 114 && state.place.serves) {
    // The SVC's state, not a judgement of the note (kept out of `refusals`, as 108/109 are).
    const off = svcOffNews(state) as Refusal;
    return lotAnswer(state, off.code, off.reason);
  }
  if (service === 'NFeAutorizacao4') return authorize(state, message);
  if (service === 'NFeRetAutorizacao4') return { status: 200, body: receiptAnswer(state, message) };
  if (service === 'NFeConsultaProtocolo4') {
    const schema = await validateAgainstSchema(message, 'consSitNFe_v4.00.xsd');
    return {
      status: 200,
      body: schema.valid ? protocolQuery(state, message) : soap('NFeConsultaProtocolo4', REFUSALS.schema.reason),
    };
  }
  if (service === 'NFeRecepcaoEvento4') return { status: 200, body: await eventAnswer(state, message) };
  if (service === 'NFeInutilizacao4') return { status: 200, body: await voidingAnswer(state, message) };
  return { status: 404, body: 'not found' };
}

export async function startTestSefaz(options: {
  /** The server's key and certificate (for 127.0.0.1). */
  keyPem: string;
  certPem: string;
  /** The client certificates it accepts (the shop's A1). */
  trusted: string[];
  /** The environment of its endpoints (tpAmb): default 2, homologação. */
  environment?: 1 | 2;
  /** The state it authorises for (cUF): default 35, São Paulo. */
  stateCode?: string;
  /** Acts as this SEFAZ Virtual de Contingência (default: the state's own authoriser). */
  serves?: SvcName;
  /** Another double's database, shared (an SVC passes its notes on to the state's SEFAZ). */
  ledger?: SefazLedger;
}): Promise<TestSefaz> {
  const requests: SefazRequest[] = [];
  const state: SefazState = {
    place: {
      environment: options.environment ?? 2,
      stateCode: options.stateCode ?? '35',
      serves: options.serves ?? null,
    },
    ledger: options.ledger ?? new SefazLedger(),
    script: [],
    refusals: [],
    lots: new Map(),
    away: null,
    svcOff: null,
  };
  const hanging = new Set<import('node:http').ServerResponse>();
  const server = https.createServer(
    { key: options.keyPem, cert: options.certPem, ca: options.trusted, requestCert: true, rejectUnauthorized: true },
    (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        void (async () => {
          const service = (request.url ?? '').split('/').pop() ?? '';
          const message = messageOf(Buffer.concat(chunks).toString('utf8'));
          const peer = (request.socket as TLSSocket).getPeerCertificate();
          requests.push({
            service,
            body: message,
            client: ([peer?.subject?.CN].flat()[0] as string | undefined) ?? null,
          });
          const answer = await answerOf(state, service, message);
          if (answer === 'hang') {
            hanging.add(response);
            return;
          }
          response.writeHead(answer.status, { 'Content-Type': 'application/soap+xml; charset=utf-8' });
          response.end(answer.body ?? '');
        })();
      });
    },
  );
  // Its first answer would otherwise compile the schemas (a second or more on a loaded machine), inside the
  // client's timeout.
  compileSchemas(['enviNFe_v4.00.xsd', ...Object.values(EVENT_SCHEMAS), 'inutNFe_v4.00.xsd', 'consSitNFe_v4.00.xsd']);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}/ws`,
    requests,
    refusals: state.refusals,
    script: state.script,
    ledger: state.ledger,
    setAway: (answer) => {
      state.away = answer;
    },
    setSvcOff: (code) => {
      state.svcOff = code;
    },
    close: async () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
