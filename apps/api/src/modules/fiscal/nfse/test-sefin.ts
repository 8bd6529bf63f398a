/**
 * A Sefin Nacional of the tests (issue 56 §4, decisions 0085 and 0091): HTTPS with mutual TLS like the SEFAZ double
 * (it asks for the client's certificate and accepts only `trusted`), answering POST /nfse, GET /nfse/{chaveAcesso},
 * GET and HEAD /dps/{id} and POST /nfse/{chaveAcesso}/eventos with the shapes of the published OpenAPI ('API NFS-e -
 * Sefin Nacional' v1, Swagger 2.0, definitions NFSePostResponseSucesso, NFSePostResponseErro, NFSeGetResponseSucesso,
 * DpsGetResponse, EventosPostResponseSucesso, ResponseErro, MensagemProcessamento; read in the copy shipped by
 * nfse-nacional/nfse-php, references/api-specs/production, commit 07686b77), from what the published schemas say
 * (apps/api/fiscal-schemas/nfse-1.00). It checks each DPS (double/sefin-documents.ts) and refuses with
 * double/sefin-refusals.ts; it keeps what it generated: a DPS sent again is refused as a duplicate (E0014), the
 * NFS-e can be read by its key or by its DPS's Id, cancelled once (event 101101). Its registries (CNPJ, CNC NFS-e,
 * Simples Nacional) know only the taxpayers the test gives it (`taxpayers`, `register`): any other prestador is
 * refused (E0082), as is a Simples situation other than the cadastre's (E0160). `loseNextAnswer()` makes it
 * generate the next NFS-e and hang up without answering (the lost answer of issue 56). Its NFS-e's ISS: for a
 * non-optante, vBC × the city's rate (`municipalRate`, the municipal parameter the DPS may not carry, E0617). Its NFS-e: nNFSe counting from 1, the key of 50 digits as
 * TSIdNFSe says — city (7) + ambGer 2 + tpInsc 2 + CNPJ (14) + nNFSe (13) + year and month (4) + a code (9) + the
 * check digit (mod 11, the NF-e's rule, which the layout's text does not spell out) —, the DPS inside, signed
 * with the double's own key. Tests only.
 */
import { once } from 'node:events';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { centsToReais, reaisToCents } from '@backoffice/contract';
import forge from 'node-forge';
import { accessKeyCheckDigit } from '../../../lib/nfe/access-key';
import { el, group } from '../../../lib/nfe/canonical-xml';
import { signCanonical, type XmlSigner } from '../../../lib/nfe/xml-signature';
import { municipalityByCode } from '../municipalities';
import { checkDps, checkEventRequest, type DpsFacts, isRefusal, type SefinTaxpayer } from './double/sefin-documents';
import { SEFIN_REFUSALS, type SefinRefusal } from './double/sefin-refusals';
import { DPS_VERSION, NFSE_NAMESPACE } from './dps';
import { gunzipBase64, gzipBase64 } from './sefin-client';

export const SEFIN_BASE_PATH = '/SefinNacional';
const VERSION = 'SefinNacional_duplo';

export interface SefinProvider {
  name: string;
  street: string;
  number: string;
  district: string;
  cityCode: string;
  uf: string;
  cep: string;
}

interface Kept {
  accessKey: string;
  number: number;
  xml: string;
  cancelled: boolean;
}

export interface TestSefin {
  url: string;
  /** Puts `taxpayer` in the registries (replacing what they held for its CNPJ). */
  register(taxpayer: SefinTaxpayer): void;
  /** The next POST /nfse is processed (the NFS-e generated and kept) but its answer is never sent. */
  loseNextAnswer(): void;
  /** Every refusal it answered, in order. */
  refusals: SefinRefusal[];
  /** The NFS-e it generated, by key. */
  notes: Map<string, Kept>;
  close(): Promise<void>;
}

const localNow = (at: Date) => `${new Date(at.getTime() - 3 * 3_600_000).toISOString().slice(0, 19)}-03:00`;

function nfseKey(facts: DpsFacts, number: number, at: Date): string {
  const yymm = localNow(at).slice(2, 7).replace('-', '');
  const code = String(Math.floor(Math.random() * 1e9)).padStart(9, '0');
  const body = `${facts.cityCode}22${facts.cnpj.padStart(14, '0')}${String(number).padStart(13, '0')}${yymm}${code}`;
  return `${body}${accessKeyCheckDigit(body)}`;
}

/** The NFS-e of `facts` (the DPS `dpsXml` inside, its root's namespace declaration dropped as C14N does). */
function nfseXml(
  facts: DpsFacts,
  dpsXml: string,
  key: string,
  number: number,
  provider: SefinProvider,
  signer: XmlSigner,
  rate: number,
) {
  const city = municipalityByCode(facts.cityCode)?.name ?? facts.cityCode;
  const dps = dpsXml.replace(/^<\?xml[^>]*>/, '').replace(`<DPS xmlns="${NFSE_NAMESPACE}"`, '<DPS');
  const now = new Date();
  const amount = reaisToCents(Number(facts.amount));
  // A non-optante's ISS at the city's rate (its parameters); a Simples' ISS is in the Simples (no pAliqAplic).
  const iss = facts.simplesOption === '1' ? Math.round((amount * rate) / 10_000) : null;
  const body = [
    el('xLocEmi', city),
    el('xLocPrestacao', city),
    el('nNFSe', String(number)),
    el('xTribNac', 'Conserto, restauração, manutenção e conservação de máquinas, aparelhos e equipamentos'),
    el('verAplic', VERSION),
    el('ambGer', '2'),
    el('tpEmis', '1'),
    el('procEmi', '1'),
    el('cStat', '100'),
    el('dhProc', localNow(now)),
    el('nDFSe', String(number)),
    group(
      'emit',
      el('CNPJ', facts.cnpj),
      el('xNome', provider.name),
      group(
        'enderNac',
        el('xLgr', provider.street),
        el('nro', provider.number),
        el('xBairro', provider.district),
        el('cMun', provider.cityCode),
        el('UF', provider.uf),
        el('CEP', provider.cep),
      ),
    ),
    group(
      'valores',
      el('vBC', centsToReais(amount).toFixed(2)),
      iss === null ? '' : el('pAliqAplic', (rate / 100).toFixed(2)),
      iss === null ? '' : el('vISSQN', centsToReais(iss).toFixed(2)),
      el('vLiq', centsToReais(amount).toFixed(2)),
    ),
    dps,
  ].join('');
  const id = `NFS${key}`;
  const signature = signCanonical(
    `<infNFSe xmlns="${NFSE_NAMESPACE}" Id="${id}">${body}</infNFSe>`,
    id,
    signer,
    'sha1',
  );
  return `<NFSe xmlns="${NFSE_NAMESPACE}" versao="${DPS_VERSION}"><infNFSe Id="${id}">${body}</infNFSe>${signature.xml}</NFSe>`;
}

interface State {
  environment: 1 | 2;
  cities: ReadonlySet<string>;
  registry: Map<string, SefinTaxpayer>;
  municipalRate: number;
  loseNext: boolean;
  provider: SefinProvider;
  signer: XmlSigner;
  byDps: Map<string, string>;
  notes: Map<string, Kept>;
  refusals: SefinRefusal[];
  next: number;
}

type Reply = { status: number; body: Record<string, unknown>; lost?: boolean };

const header = (state: State) => ({
  tipoAmbiente: state.environment,
  versaoAplicativo: VERSION,
  dataHoraProcessamento: localNow(new Date()),
});

/**
 * A refusal: NFSePostResponseErro `{ …, idDPS, erros: [MensagemProcessamento] }` for POST /nfse (its `idDPS` when
 * read from the XML), ResponseErro `{ …, erro: MensagemProcessamento }` for the others.
 */
function refuse(state: State, refusal: SefinRefusal, post?: { idDps: string | null }): Reply {
  state.refusals.push(refusal);
  const message = { codigo: refusal.code, descricao: refusal.text, complemento: '' };
  return {
    status: refusal.status,
    body: {
      ...header(state),
      ...(post ? { ...(post.idDps ? { idDPS: post.idDps } : {}), erros: [message] } : { erro: message }),
    },
  };
}

function unzip(b64: unknown): string | null {
  try {
    return typeof b64 === 'string' ? gunzipBase64(b64) : null;
  } catch {
    return null;
  }
}

function emission(state: State, body: Record<string, unknown>): Reply {
  const xml = unzip(body.dpsXmlGZipB64);
  const post = { idDps: /<infDPS[^>]*\sId="([^"]+)"/.exec(xml ?? '')?.[1] ?? null };
  const world = { environment: state.environment, now: new Date(), cities: state.cities, registry: state.registry };
  const facts = xml === null ? SEFIN_REFUSALS.malformed : checkDps(xml, world);
  if (isRefusal(facts)) return refuse(state, facts, post);
  if (state.byDps.has(facts.id)) return refuse(state, SEFIN_REFUSALS.duplicate, post);
  const number = state.next++;
  const accessKey = nfseKey(facts, number, new Date());
  const nfse = nfseXml(facts, xml as string, accessKey, number, state.provider, state.signer, state.municipalRate);
  state.byDps.set(facts.id, accessKey);
  state.notes.set(accessKey, { accessKey, number, xml: nfse, cancelled: false });
  const lost = state.loseNext;
  state.loseNext = false;
  return {
    status: 201,
    lost,
    body: {
      ...header(state),
      idDps: facts.id,
      chaveAcesso: accessKey,
      nfseXmlGZipB64: gzipBase64(nfse),
      alertas: [],
    },
  };
}

/** GET /dps/{id} (Dps_Get): the key of the NFS-e generated from that DPS (DpsGetResponse), or 404 ResponseErro. */
function byDps(state: State, id: string): Reply {
  const key = state.byDps.get(id);
  if (!key) return refuse(state, SEFIN_REFUSALS.dpsNotFound);
  return { status: 200, body: { ...header(state), idDps: id, chaveAcesso: key } };
}

function eventOf(state: State, key: string, body: Record<string, unknown>): Reply {
  const xml = unzip(body.pedidoRegistroEventoXmlGZipB64);
  const facts = xml === null ? SEFIN_REFUSALS.malformed : checkEventRequest(xml, state.environment);
  if (isRefusal(facts)) return refuse(state, facts);
  if (facts.accessKey !== key) return refuse(state, SEFIN_REFUSALS.eventKey);
  const kept = state.notes.get(key);
  if (!kept) return refuse(state, SEFIN_REFUSALS.notFound);
  if (kept.cancelled) return refuse(state, SEFIN_REFUSALS.alreadyCancelled);
  kept.cancelled = true;
  const id = `EVT${key}${facts.type}${facts.sequence.padStart(3, '0')}`;
  const request = (xml as string).replace(`<pedRegEvento xmlns="${NFSE_NAMESPACE}"`, '<pedRegEvento');
  const content = [
    el('verAplic', VERSION),
    el('ambGer', '2'),
    el('nSeqEvento', '1'),
    el('dhProc', localNow(new Date())),
    el('nDFe', String(kept.number)),
    request,
  ].join('');
  const signature = signCanonical(
    `<infEvento xmlns="${NFSE_NAMESPACE}" Id="${id}">${content}</infEvento>`,
    id,
    state.signer,
  );
  const event = `<evento xmlns="${NFSE_NAMESPACE}" versao="${DPS_VERSION}"><infEvento Id="${id}">${content}</infEvento>${signature.xml}</evento>`;
  return {
    status: 201,
    body: { ...header(state), eventoXmlGZipB64: gzipBase64(event) },
  };
}

function answer(state: State, method: string, path: string, body: Record<string, unknown>): Reply {
  const events = /^\/nfse\/([^/]+)\/eventos$/.exec(path);
  if (method === 'POST' && path === '/nfse') return emission(state, body);
  if (method === 'POST' && events) {
    const key = decodeURIComponent(events[1] as string);
    if (!/^\d{50}$/.test(key)) return refuse(state, SEFIN_REFUSALS.keyShape);
    return eventOf(state, key, body);
  }
  const read = /^\/nfse\/([^/]+)$/.exec(path);
  if (method === 'GET' && read) {
    const key = decodeURIComponent(read[1] as string);
    if (!/^\d{50}$/.test(key)) return refuse(state, SEFIN_REFUSALS.keyShape);
    const kept = state.notes.get(key);
    if (!kept) return refuse(state, SEFIN_REFUSALS.notFound);
    return { status: 200, body: { ...header(state), chaveAcesso: key, nfseXmlGZipB64: gzipBase64(kept.xml) } };
  }
  const dps = /^\/dps\/([^/]+)$/.exec(path);
  if ((method === 'GET' || method === 'HEAD') && dps) return byDps(state, decodeURIComponent(dps[1] as string));
  return { status: 404, body: {} };
}

export async function startTestSefin(options: {
  keyPem: string;
  certPem: string;
  /** The client certificates it accepts (the shop's A1). */
  trusted: string[];
  /** The shop as the national registry knows it (the NFS-e's emit). */
  provider: SefinProvider;
  environment?: 1 | 2;
  /** The cities whose convênio is ATIVO (E0037, E0617); the provider's by default. */
  cities?: string[];
  /** The city's ISS rate for a non-optante, in hundredths of a percent (2,00 % by default). */
  municipalRate?: number;
  /** The taxpayers its registries know (none by default: every DPS is refused E0082 until one is registered). */
  taxpayers?: SefinTaxpayer[];
}): Promise<TestSefin> {
  const certificate = forge.pki.certificateFromPem(options.certPem);
  const state: State = {
    environment: options.environment ?? 2,
    cities: new Set(options.cities ?? [options.provider.cityCode]),
    registry: new Map((options.taxpayers ?? []).map((taxpayer) => [taxpayer.cnpj, taxpayer])),
    municipalRate: options.municipalRate ?? 200,
    loseNext: false,
    provider: options.provider,
    signer: {
      keyPem: options.keyPem,
      certificateBase64: forge.util.encode64(forge.asn1.toDer(forge.pki.certificateToAsn1(certificate)).getBytes()),
    },
    byDps: new Map(),
    notes: new Map(),
    refusals: [],
    next: 1,
  };
  const server = https.createServer(
    { key: options.keyPem, cert: options.certPem, ca: options.trusted, requestCert: true, rejectUnauthorized: true },
    (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        let body: Record<string, unknown> = {};
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
        } catch {
          body = {};
        }
        const url = request.url ?? '';
        const path = url.startsWith(SEFIN_BASE_PATH) ? url.slice(SEFIN_BASE_PATH.length) : url;
        const reply = answer(state, request.method ?? 'GET', path, body);
        if (reply.lost) {
          request.socket.destroy();
          return;
        }
        response.writeHead(reply.status, { 'Content-Type': 'application/json; charset=utf-8' });
        response.end(request.method === 'HEAD' ? undefined : JSON.stringify(reply.body));
      });
    },
  );
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}${SEFIN_BASE_PATH}`,
    register: (taxpayer) => {
      state.registry.set(taxpayer.cnpj, taxpayer);
    },
    loseNextAnswer: () => {
      state.loseNext = true;
    },
    refusals: state.refusals,
    notes: state.notes,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
