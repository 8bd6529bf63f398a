/**
 * A SEFAZ of the tests (issue 41: no SEFAZ can be reached from these machines): an HTTPS SOAP 1.2 server on
 * 127.0.0.1 that demands the client's certificate (mutual TLS, the shop's A1 as the only one it trusts) and answers
 * the NF-e 4.00 web services as the Manual de Orientação do Contribuinte documents them:
 * - NFeStatusServico4: 107 'Serviço em Operação';
 * - NFeAutorizacao4: the lot validated against enviNFe_v4.00.xsd first (225 'Rejeição: Falha no Schema XML' when it
 *   does not), then, by default, 104 'Lote processado' with the note's protNFe 100 'Autorizado o uso da NF-e' (its
 *   digVal the note's digest); a script may answer instead a rejection (539, 204…), an asynchronous lot (103 with a
 *   receipt, then 105 'Lote em processamento' as many times as asked, then 104 with 100), an HTTP 503, or nothing
 *   (a request left hanging: the client's timeout);
 * - NFeRetAutorizacao4: the receipt's state;
 * - a note it already authorised, sent again: 204 'Rejeição: Duplicidade de NF-e' (a script may authorise a note and
 *   lose the answer: HTTP 503); NFeConsultaProtocolo4 answers an authorised key's protocol (100), else 217;
 * - NFeRecepcaoEvento4: 128 with the event's 135 'Evento registrado e vinculado a NF-e' (schema checked);
 * - NFeInutilizacao4: 102 'Inutilização de número homologado' (schema checked).
 * A plain module (no test framework): the API tests and the browser journey use it. The certificates it serves and
 * trusts are made by test-pki.ts.
 */
import { once } from 'node:events';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { NFE_NAMESPACE } from '../nfe/nfe-builder';
import { validateAgainstSchema } from '../nfe/xsd';

export type ScriptedAnswer =
  | { kind: 'authorize' }
  | { kind: 'reject'; status: number; reason: string }
  /** 103 now; then `processing` answers 105 to the receipt's queries, then 104 with the note's 100. */
  | { kind: 'async'; processing: number }
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

export interface TestSefaz {
  /** The base address: the services are `${url}/NFeAutorizacao4`… (sefaz-urls.ts `sefazUrlsAt`). */
  url: string;
  requests: SefazRequest[];
  /** The next answers of the authorisation service, in order (then the default). */
  script: ScriptedAnswer[];
  close(): Promise<void>;
}

const soap = (wsdl: string, body: string) =>
  '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope">' +
  `<soap:Body><nfeResultMsg xmlns="http://www.portalfiscal.inf.br/nfe/wsdl/${wsdl}">${body}</nfeResultMsg></soap:Body></soap:Envelope>`;

const tag = (xml: string, name: string) => new RegExp(`<${name}[^>]*>([^<]*)</${name}>`).exec(xml)?.[1] ?? '';
const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, '-00:00');

/** The message inside nfeDadosMsg. */
const messageOf = (envelope: string) => /<nfeDadosMsg[^>]*>([\s\S]*)<\/nfeDadosMsg>/.exec(envelope)?.[1] ?? '';

/** What the SEFAZ keeps between requests. */
interface SefazState {
  script: ScriptedAnswer[];
  protocolSeq: number;
  receiptSeq: number;
  lots: Map<string, { notes: string[]; processing: number; tpAmb: string }>;
  /** The notes it authorised, by key: their protocol (a key sent again is answered 204; the protocol query finds it). */
  authorised: Map<string, string>;
}

type Answer = { status: number; body?: string } | 'hang';

/** The note authorised: its protNFe (100), kept by its key. */
function protocolOf(state: SefazState, note: string, tpAmb: string): string {
  state.protocolSeq += 1;
  const key = /Id="NFe(\d{44})"/.exec(note)?.[1] ?? '';
  const digest = tag(note, 'DigestValue');
  const prot =
    `<protNFe versao="4.00"><infProt><tpAmb>${tpAmb}</tpAmb><verAplic>SEFAZ-TESTE-1.0</verAplic>` +
    `<chNFe>${key}</chNFe><dhRecbto>${now()}</dhRecbto><nProt>1352600000${String(state.protocolSeq).padStart(5, '0')}</nProt>` +
    `<digVal>${digest}</digVal><cStat>100</cStat><xMotivo>Autorizado o uso da NF-e</xMotivo></infProt></protNFe>`;
  state.authorised.set(key, prot);
  return prot;
}
const notesOf = (lot: string) => lot.match(/<NFe xmlns[\s\S]*?<\/NFe>/g) ?? [];
const retEnvi = (tpAmb: string, status: number, reason: string, inner = '') =>
  `<retEnviNFe xmlns="${NFE_NAMESPACE}" versao="4.00"><tpAmb>${tpAmb}</tpAmb><verAplic>SEFAZ-TESTE-1.0</verAplic>` +
  `<cStat>${status}</cStat><xMotivo>${reason}</xMotivo><cUF>35</cUF><dhRecbto>${now()}</dhRecbto>${inner}</retEnviNFe>`;

async function authorize(state: SefazState, message: string): Promise<Answer> {
  const tpAmb = tag(message, 'tpAmb') || '2';
  const schema = await validateAgainstSchema(message, 'enviNFe_v4.00.xsd');
  if (!schema.valid)
    return { status: 200, body: soap('NFeAutorizacao4', retEnvi(tpAmb, 225, 'Rejeição: Falha no Schema XML')) };
  const notes = notesOf(message);
  // A note already authorised, sent again (its answer was lost): 204, the duplicate, with the first receipt.
  const again = /Id="NFe(\d{44})"/.exec(notes[0] ?? '')?.[1] ?? '';
  if (state.authorised.has(again)) {
    const prot =
      `<protNFe versao="4.00"><infProt><tpAmb>${tpAmb}</tpAmb><verAplic>SEFAZ-TESTE-1.0</verAplic><chNFe>${again}</chNFe>` +
      `<dhRecbto>${now()}</dhRecbto><cStat>204</cStat><xMotivo>Rejeição: Duplicidade de NF-e</xMotivo></infProt></protNFe>`;
    return { status: 200, body: soap('NFeAutorizacao4', retEnvi(tpAmb, 104, 'Lote processado', prot)) };
  }
  const answer = state.script.shift() ?? { kind: 'authorize' };
  if (answer.kind === 'hang') return 'hang';
  if (answer.kind === 'http') return { status: answer.status, body: 'Service Unavailable' };
  if (answer.kind === 'lost') {
    for (const note of notes) protocolOf(state, note, tpAmb);
    return { status: 503, body: 'Service Unavailable' };
  }
  if (answer.kind === 'reject') {
    const key = /Id="NFe(\d{44})"/.exec(notes[0] ?? '')?.[1] ?? '';
    const prot =
      `<protNFe versao="4.00"><infProt><tpAmb>${tpAmb}</tpAmb><verAplic>SEFAZ-TESTE-1.0</verAplic><chNFe>${key}</chNFe>` +
      `<dhRecbto>${now()}</dhRecbto><cStat>${answer.status}</cStat><xMotivo>${answer.reason}</xMotivo></infProt></protNFe>`;
    return { status: 200, body: soap('NFeAutorizacao4', retEnvi(tpAmb, 104, 'Lote processado', prot)) };
  }
  if (answer.kind === 'async') {
    state.receiptSeq += 1;
    const receipt = `35100000${String(state.receiptSeq).padStart(7, '0')}`;
    state.lots.set(receipt, { notes, processing: answer.processing, tpAmb });
    return {
      status: 200,
      body: soap(
        'NFeAutorizacao4',
        retEnvi(tpAmb, 103, 'Lote recebido com sucesso', `<infRec><nRec>${receipt}</nRec><tMed>1</tMed></infRec>`),
      ),
    };
  }
  const prots = notes.map((note) => protocolOf(state, note, tpAmb)).join('');
  return { status: 200, body: soap('NFeAutorizacao4', retEnvi(tpAmb, 104, 'Lote processado', prots)) };
}

function receipt(state: SefazState, message: string): string {
  const tpAmb = tag(message, 'tpAmb') || '2';
  const number = tag(message, 'nRec');
  const lot = state.lots.get(number);
  const head = (status: number, reason: string) =>
    `<retConsReciNFe xmlns="${NFE_NAMESPACE}" versao="4.00"><tpAmb>${tpAmb}</tpAmb><verAplic>SEFAZ-TESTE-1.0</verAplic>` +
    `<nRec>${number}</nRec><cStat>${status}</cStat><xMotivo>${reason}</xMotivo><cUF>35</cUF><dhRecbto>${now()}</dhRecbto>`;
  if (!lot) return soap('NFeRetAutorizacao4', `${head(106, 'Lote não localizado')}</retConsReciNFe>`);
  if (lot.processing > 0) {
    lot.processing -= 1;
    return soap('NFeRetAutorizacao4', `${head(105, 'Lote em processamento')}</retConsReciNFe>`);
  }
  const prots = lot.notes.map((note) => protocolOf(state, note, lot.tpAmb)).join('');
  return soap('NFeRetAutorizacao4', `${head(104, 'Lote processado')}${prots}</retConsReciNFe>`);
}

function protocolQuery(state: SefazState, message: string): string {
  const tpAmb = tag(message, 'tpAmb') || '2';
  const key = tag(message, 'chNFe');
  const prot = state.authorised.get(key);
  const head = (status: number, reason: string) =>
    `<retConsSitNFe xmlns="${NFE_NAMESPACE}" versao="4.00"><tpAmb>${tpAmb}</tpAmb><verAplic>SEFAZ-TESTE-1.0</verAplic>` +
    `<cStat>${status}</cStat><xMotivo>${reason}</xMotivo><cUF>35</cUF><dhRecbto>${now()}</dhRecbto><chNFe>${key}</chNFe>`;
  return soap(
    'NFeConsultaProtocolo4',
    prot
      ? `${head(100, 'Autorizado o uso da NF-e')}${prot}</retConsSitNFe>`
      : `${head(217, 'Rejeição: NF-e não consta na base de dados da SEFAZ')}</retConsSitNFe>`,
  );
}

async function event(state: SefazState, message: string): Promise<string> {
  const tpAmb = tag(message, 'tpAmb') || '2';
  const type = tag(message, 'tpEvento');
  const schema = await validateAgainstSchema(
    message,
    type === '110111' ? 'envEventoCancNFe_v1.00.xsd' : 'envCCe_v1.00.xsd',
  );
  const head = (status: number, reason: string) =>
    `<retEnvEvento xmlns="${NFE_NAMESPACE}" versao="1.00"><idLote>${tag(message, 'idLote')}</idLote><tpAmb>${tpAmb}</tpAmb>` +
    `<verAplic>SEFAZ-TESTE-1.0</verAplic><cOrgao>35</cOrgao><cStat>${status}</cStat><xMotivo>${reason}</xMotivo>`;
  if (!schema.valid) return soap('NFeRecepcaoEvento4', `${head(225, 'Rejeição: Falha no Schema XML')}</retEnvEvento>`);
  state.protocolSeq += 1;
  const retEvento =
    `<retEvento versao="1.00"><infEvento><tpAmb>${tpAmb}</tpAmb><verAplic>SEFAZ-TESTE-1.0</verAplic><cOrgao>35</cOrgao>` +
    '<cStat>135</cStat><xMotivo>Evento registrado e vinculado a NF-e</xMotivo>' +
    `<chNFe>${tag(message, 'chNFe')}</chNFe><tpEvento>${type}</tpEvento><nSeqEvento>${tag(message, 'nSeqEvento')}</nSeqEvento>` +
    `<dhRegEvento>${now()}</dhRegEvento><nProt>1352600000${String(state.protocolSeq).padStart(5, '0')}</nProt></infEvento></retEvento>`;
  return soap('NFeRecepcaoEvento4', `${head(128, 'Lote de evento processado')}${retEvento}</retEnvEvento>`);
}

async function voiding(state: SefazState, message: string): Promise<string> {
  const tpAmb = tag(message, 'tpAmb') || '2';
  const schema = await validateAgainstSchema(message, 'inutNFe_v4.00.xsd');
  const status = schema.valid ? 102 : 225;
  state.protocolSeq += 1;
  return soap(
    'NFeInutilizacao4',
    `<retInutNFe xmlns="${NFE_NAMESPACE}" versao="4.00"><infInut><tpAmb>${tpAmb}</tpAmb><verAplic>SEFAZ-TESTE-1.0</verAplic>` +
      `<cStat>${status}</cStat><xMotivo>${schema.valid ? 'Inutilização de número homologado' : 'Rejeição: Falha no Schema XML'}</xMotivo>` +
      `<cUF>35</cUF>${schema.valid ? `<dhRecbto>${now()}</dhRecbto><nProt>1352600000${String(state.protocolSeq).padStart(5, '0')}</nProt>` : ''}` +
      '</infInut></retInutNFe>',
  );
}

/** NFeStatusServico4: 107 'Serviço em Operação'. */
function serviceStatus(message: string): string {
  const tpAmb = tag(message, 'tpAmb') || '2';
  return soap(
    'NFeStatusServico4',
    `<retConsStatServ xmlns="${NFE_NAMESPACE}" versao="4.00"><tpAmb>${tpAmb}</tpAmb><verAplic>SEFAZ-TESTE-1.0</verAplic>` +
      `<cStat>107</cStat><xMotivo>Serviço em Operação</xMotivo><cUF>35</cUF><dhRecbto>${now()}</dhRecbto></retConsStatServ>`,
  );
}

/** The answer of the web service `service` to `message`. */
async function answerOf(state: SefazState, service: string, message: string): Promise<Answer> {
  if (service === 'NFeStatusServico4') return { status: 200, body: serviceStatus(message) };
  if (service === 'NFeAutorizacao4') return authorize(state, message);
  if (service === 'NFeRetAutorizacao4') return { status: 200, body: receipt(state, message) };
  if (service === 'NFeConsultaProtocolo4') {
    const schema = await validateAgainstSchema(message, 'consSitNFe_v4.00.xsd');
    return {
      status: 200,
      body: schema.valid ? protocolQuery(state, message) : soap('NFeConsultaProtocolo4', 'Falha no Schema XML'),
    };
  }
  if (service === 'NFeRecepcaoEvento4') return { status: 200, body: await event(state, message) };
  if (service === 'NFeInutilizacao4') return { status: 200, body: await voiding(state, message) };
  return { status: 404, body: 'not found' };
}

export async function startTestSefaz(tls: {
  /** The server's key and certificate (for 127.0.0.1). */
  keyPem: string;
  certPem: string;
  /** The client certificates it accepts (the shop's A1). */
  trusted: string[];
}): Promise<TestSefaz> {
  const requests: SefazRequest[] = [];
  const state: SefazState = { script: [], protocolSeq: 0, receiptSeq: 0, lots: new Map(), authorised: new Map() };
  const hanging = new Set<import('node:http').ServerResponse>();
  const server = https.createServer(
    { key: tls.keyPem, cert: tls.certPem, ca: tls.trusted, requestCert: true, rejectUnauthorized: true },
    (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        void (async () => {
          const service = (request.url ?? '').split('/').pop() ?? '';
          const envelope = Buffer.concat(chunks).toString('utf8');
          const message = messageOf(envelope);
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
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}/ws`,
    requests,
    script: state.script,
    close: async () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
