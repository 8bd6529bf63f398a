/**
 * The SEFAZ's web services over SOAP 1.2 and mutual TLS (issue 41 §2, decision 0055): the shop's A1 certificate is the
 * client's identity, the SEFAZ's own certificate is verified (Node's roots and ICP-Brasil's, `sefazTrust`), and the
 * addresses are given (sefaz-urls.ts, or a base address of configuration: a local SEFAZ in the tests). One agent
 * keeps the connections alive. A SEFAZ that does not answer (refused, reset, timeout, HTTP 5xx), or answers that its
 * service is stopped (108 'Serviço Paralisado Momentaneamente (curto prazo)', 109 'Serviço Paralisado sem Previsão':
 * an outage, not a judgement of the message), throws `SefazUnavailableError`, which the caller turns into a retry, or
 * the NFC-e's offline contingency.
 */
import https from 'node:https';
import { rootCertificates } from 'node:tls';
import type { XmlSigner } from '../../../lib/nfe/xml-signature';
import { icpBrasilRootsPem } from '../icp-brasil';
import {
  type EventAnswer,
  type EventSpec,
  eventMessage,
  type LotAnswer,
  lotMessage,
  protocolQueryMessage,
  readEventAnswer,
  readLotAnswer,
  readProtocolAnswer,
  readStatusAnswer,
  readVoidingAnswer,
  receiptQueryMessage,
  signedEvento,
  statusQueryMessage,
  type VoidingAnswer,
  type VoidingSpec,
  voidingMessage,
} from './sefaz-messages';
import type { SefazService, SefazUrls } from './sefaz-urls';

export class SefazUnavailableError extends Error {}

/** The SEFAZ's codes of a stopped service (MOC 7.0, códigos de resultado): an outage, like a timeout. */
export const SERVICE_STOPPED: ReadonlySet<number> = new Set([108, 109]);

/**
 * The SVC's codes of its own state (MOC 7.0, códigos de resultado; nfephp-org/sped-nfe's storage/cstat.json): 113
 * 'SVC em processo de desativação…', 114 '…desabilitada pela SEFAZ de Origem'. Not an outage: the contingency is
 * over, the NF-e go back to the state's authoriser (notes/contingency-round.ts, notes/note-sending.ts).
 */
export const SVC_OFF: ReadonlySet<number> = new Set([113, 114]);

/** `answer` as it is, unless it says the service is stopped: then SefazUnavailableError. */
export function unlessStopped<T extends { status: number; reason: string }>(answer: T): T {
  if (SERVICE_STOPPED.has(answer.status))
    throw new SefazUnavailableError(`SEFAZ respondeu ${answer.status}: ${answer.reason}`);
  return answer;
}

/** The SOAP operation of each service (its WSDL's). */
const OPERATIONS: Readonly<Record<SefazService, { wsdl: string; operation: string }>> = {
  status: { wsdl: 'NFeStatusServico4', operation: 'nfeStatusServicoNF' },
  authorize: { wsdl: 'NFeAutorizacao4', operation: 'nfeAutorizacaoLote' },
  receipt: { wsdl: 'NFeRetAutorizacao4', operation: 'nfeRetAutorizacaoLote' },
  protocol: { wsdl: 'NFeConsultaProtocolo4', operation: 'nfeConsultaNF' },
  event: { wsdl: 'NFeRecepcaoEvento4', operation: 'nfeRecepcaoEvento' },
  voidNumbers: { wsdl: 'NFeInutilizacao4', operation: 'nfeInutilizacaoNF' },
};

const WSDL_NS = 'http://www.portalfiscal.inf.br/nfe/wsdl';

/** The SOAP 1.2 envelope of `body` for `service`, and its action. */
export function soapEnvelope(service: SefazService, body: string): { envelope: string; action: string } {
  const { wsdl, operation } = OPERATIONS[service];
  return {
    action: `${WSDL_NS}/${wsdl}/${operation}`,
    envelope:
      '<?xml version="1.0" encoding="utf-8"?>' +
      '<soap12:Envelope xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:soap12="http://www.w3.org/2003/05/soap-envelope">' +
      `<soap12:Body><nfeDadosMsg xmlns="${WSDL_NS}/${wsdl}">${body}</nfeDadosMsg></soap12:Body></soap12:Envelope>`,
  };
}

/** Who the SEFAZ's certificate may be signed by: Node's roots, ICP-Brasil's, and `extra` (a test's CA). */
export function sefazTrust(extra: string[] = []): string[] {
  return [...rootCertificates, ...icpBrasilRootsPem(), ...extra];
}

export interface SefazClientOptions {
  /** The shop's certificate: its key, the certificate and its chain (PEM). */
  identity: { keyPem: string; certPem: string; chainPem?: string[] };
  urls: SefazUrls;
  /** The certificates trusted for the SEFAZ's (default `sefazTrust()`). */
  ca?: string[];
  timeoutMs?: number;
}

export interface SefazClient {
  status(environment: 1 | 2, stateCode: string): Promise<{ status: number; reason: string }>;
  /** Sends a lot of signed notes; a synchronous lot (one note) is answered with its protocol. */
  authorize(lotId: number, notes: string[], synchronous: boolean): Promise<LotAnswer>;
  /** What became of an asynchronous lot. */
  receipt(environment: 1 | 2, receipt: string): Promise<LotAnswer>;
  /** What the SEFAZ knows of a note: its protocol when authorised (the answer of a duplicate, 204). */
  protocol(environment: 1 | 2, accessKey: string): Promise<LotAnswer>;
  event(lotId: number, spec: EventSpec, signer: XmlSigner): Promise<EventAnswer>;
  voidNumbers(spec: VoidingSpec, signer: XmlSigner): Promise<VoidingAnswer>;
  close(): void;
}

export function createSefazClient(options: SefazClientOptions): SefazClient {
  const agent = new https.Agent({
    key: options.identity.keyPem,
    cert: [options.identity.certPem, ...(options.identity.chainPem ?? [])].join('\n'),
    ca: options.ca ?? sefazTrust(),
    keepAlive: true,
    minVersion: 'TLSv1.2',
  });
  const timeoutMs = options.timeoutMs ?? 30_000;

  function call(service: SefazService, body: string): Promise<string> {
    const { envelope, action } = soapEnvelope(service, body);
    return new Promise((resolve, reject) => {
      const request = https.request(
        options.urls[service],
        {
          method: 'POST',
          agent,
          timeout: timeoutMs,
          headers: {
            'Content-Type': `application/soap+xml; charset=utf-8; action="${action}"`,
            'Content-Length': Buffer.byteLength(envelope),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            const status = response.statusCode ?? 0;
            if (status >= 500 || status === 0)
              return reject(new SefazUnavailableError(`SEFAZ respondeu HTTP ${status}`));
            if (status !== 200) return reject(new Error(`SEFAZ respondeu HTTP ${status}: ${text.slice(0, 300)}`));
            resolve(text);
          });
          response.on('error', (error) => reject(new SefazUnavailableError(error.message)));
        },
      );
      request.on('timeout', () => request.destroy(new SefazUnavailableError('SEFAZ não respondeu a tempo')));
      request.on('error', (error) =>
        reject(error instanceof SefazUnavailableError ? error : new SefazUnavailableError(error.message)),
      );
      request.end(envelope);
    });
  }

  return {
    async status(environment, stateCode) {
      // The status service answers 108/109 as its news, not as a failure of the call.
      return readStatusAnswer(await call('status', statusQueryMessage(environment, stateCode)));
    },
    async authorize(lotId, notes, synchronous) {
      return unlessStopped(readLotAnswer(await call('authorize', lotMessage(lotId, notes, synchronous)), 'retEnviNFe'));
    },
    async receipt(environment, receipt) {
      return unlessStopped(
        readLotAnswer(await call('receipt', receiptQueryMessage(environment, receipt)), 'retConsReciNFe'),
      );
    },
    async protocol(environment, accessKey) {
      return unlessStopped(readProtocolAnswer(await call('protocol', protocolQueryMessage(environment, accessKey))));
    },
    async event(lotId, spec, signer) {
      const message = eventMessage(lotId, spec, signer);
      return { ...unlessStopped(readEventAnswer(await call('event', message))), request: signedEvento(message) };
    },
    async voidNumbers(spec, signer) {
      const message = voidingMessage(spec, signer);
      return { ...unlessStopped(readVoidingAnswer(await call('voidNumbers', message))), request: message };
    },
    close: () => agent.destroy(),
  };
}
