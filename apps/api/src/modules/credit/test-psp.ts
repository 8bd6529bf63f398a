/**
 * A PSP of the tests (issue 58 §1, decision 0094), built from BACEN's Pix API (bacen/pix-api openapi.yaml 2.9.0):
 * an HTTPS server on 127.0.0.1 that
 * - gives OAuth2 tokens by the client credentials flow at `/oauth/token` (HTTP Basic with its client id and
 *   secret; RFC 6749 §4.4, refusals §5.2) and, with `mtls`, demands the client's certificate (the shop's, as the
 *   only one it trusts) before any answer;
 * - keeps cobv as the document's `/cobv/{txid}` says: PUT creates (201, revisao 0, status ATIVA, its `loc` with the
 *   `location` of the dynamic BR Code), PATCH revises (revisao + 1) or removes (REMOVIDA_PELO_USUARIO_RECEBEDOR),
 *   GET reads; each refusal the document's problem (cobv/double/psp-problems.ts, with where it is published);
 * - registers the webhook per Pix key as the document's tag Webhook says: `PUT /webhook/{chave}` with
 *   `{ webhookUrl }` (200; the key must be the account's, the URL an absolute https one — the API's webhooks are
 *   called over TLS — else `WebhookOperacaoInvalida` with its violation), `GET /webhook/{chave}` (`webhookUrl`,
 *   `chave`, `criacao`) and `DELETE /webhook/{chave}` (204), `WebhookNaoEncontrado` when none; and, when a payer pays a cobv (`pay`: the amount
 *   of that day as the PSP computes it, cobv/double/psp-cobv.ts), posts `{ pix: [...] }` to `{webhookUrl}/pix` with the
 *   Pix's `componentesValor`; a delivery not answered 2xx stays pending and `deliver()` sends it again (the PSP's
 *   retry, driven by the test instead of a timer), the same endToEndId each time;
 * - lists the Pix received (`GET /pix?inicio&fim`, paginated, cobv/double/psp-pix-list.ts): those paid to a cobv,
 *   those `receive`d to the key without one, each with its `devolucoes` (`refund`).
 * A plain module (no test framework): the API tests use it. Not secret; tests only.
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { businessDay } from '@backoffice/contract';
import { testSefazServerIdentity } from '../fiscal/sefaz/test-pki';
import { amountOn, type CobvBody, cobvViolations, TXID } from './cobv/double/psp-cobv';
import { type DoubleReceivedPix, endToEndId, listPix, receivePix, refundPix } from './cobv/double/psp-pix-list';
import {
  cobvInvalid,
  cobvNotActive,
  cobvNotFound,
  type Problem,
  COBV_VIOLATIONS as V,
  WEBHOOK_VIOLATIONS as W,
  webhookInvalid,
  webhookNotFound,
} from './cobv/double/psp-problems';

export interface DoubleCobv extends CobvBody {
  txid: string;
  revisao: number;
  status: 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR';
  calendario: { criacao: string; dataDeVencimento: string; validadeAposVencimento: number };
  loc: { id: number; location: string; tipoCob: 'cobv' };
  location: string;
}

export interface DoublePix {
  endToEndId: string;
  txid: string;
  valor: string;
  horario: string;
  componentesValor: Record<string, { valor: string }>;
}

export interface TestPspOptions {
  clientId: string;
  clientSecret: string;
  /** The Pix key of the account the double keeps (a cobv's `chave` must be it). */
  pixKey: string;
  /** Demand the client's certificate (mutual TLS), trusting only this one (PEM). */
  mtlsClientCertPem?: string;
  /** How a delivery reaches the webhook: its HTTP status (default: fetch). */
  post?: (url: string, body: unknown) => Promise<number>;
}

export interface TestPsp {
  url: string;
  /** The server's certificate: the client trusts it (PIX_PSP_CA_FILE). */
  caPem: string;
  cobv: Map<string, DoubleCobv>;
  /** Every request, in order: method, path, and the client certificate's subject CN when one was shown. */
  requests: { method: string; path: string; status: number; client: string | null }[];
  /** Every refusal it answered of its own rules, in order. */
  problems: Problem[];
  /** Where deliveries go: the registered webhook's, or one a test sets. */
  webhookUrl: string | null;
  /** The webhooks registered by `PUT /webhook/{chave}`, by key. */
  webhooks: Map<string, { webhookUrl: string; chave: string; criacao: string }>;
  /** The payer pays the cobv on the moment `at`: the amount of that day; the delivery queued and sent. */
  pay(txid: string, at: Date): Promise<DoublePix>;
  /** Every Pix received to the double's key, in order (`GET /pix` lists them). */
  received: DoubleReceivedPix[];
  /** A Pix to the key without a charge (no txid) of `valor` (e.g. '150.00') on the moment `at`. */
  receive(valor: string, at: Date, infoPagador?: string): DoubleReceivedPix;
  /** The shop gives back `valor` of a Pix received (its devolução `id`), settled on the moment `at`. */
  refund(endToEndId: string, id: string, valor: string, at: Date): void;
  /** Sends every pending delivery again; answers how many were delivered now. */
  deliver(): Promise<number>;
  pending(): number;
  close(): Promise<void>;
}

interface LedgerState {
  cobv: Map<string, DoubleCobv>;
  pixKey: string;
  nextLoc: number;
}

function put(
  state: LedgerState,
  txid: string,
  existing: DoubleCobv | undefined,
  body: CobvBody,
  answer: (status: number, body: unknown) => void,
  problem: (p: Problem) => void,
) {
  if (!TXID.test(txid)) return problem(cobvInvalid([{ razao: V.txid, propriedade: 'txid' }]));
  if (existing && existing.status !== 'ATIVA') return problem(cobvNotActive(V.notActivePut));
  const now = new Date();
  const violations = cobvViolations(body, businessDay(now), state.pixKey);
  if (violations.length > 0) return problem(cobvInvalid(violations));
  const id = existing?.loc.id ?? state.nextLoc++;
  const location = `127.0.0.1/qr/v2/cobv/${randomBytes(16).toString('hex')}`;
  const made: DoubleCobv = {
    ...body,
    txid,
    revisao: existing ? existing.revisao + 1 : 0,
    status: 'ATIVA',
    calendario: {
      criacao: existing?.calendario.criacao ?? now.toISOString(),
      dataDeVencimento: body.calendario?.dataDeVencimento as string,
      validadeAposVencimento: body.calendario?.validadeAposVencimento ?? 30,
    },
    loc: existing?.loc ?? { id, location, tipoCob: 'cobv' },
    location: existing?.location ?? location,
  };
  state.cobv.set(txid, made);
  return answer(existing ? 200 : 201, made);
}

function patch(
  state: LedgerState,
  existing: DoubleCobv | undefined,
  body: CobvBody,
  answer: (status: number, body: unknown) => void,
  problem: (p: Problem) => void,
) {
  if (!existing) return problem(cobvNotFound());
  if (existing.status !== 'ATIVA') return problem(cobvNotActive(V.notActivePatch));
  if (body.status !== undefined) {
    if (body.status !== 'REMOVIDA_PELO_USUARIO_RECEBEDOR') {
      return problem(cobvInvalid([{ razao: V.status, propriedade: 'cobv.status' }]));
    }
    if (Object.keys(body).length > 1) {
      return problem(cobvInvalid([{ razao: V.removeWithChanges, propriedade: 'cobv.status' }]));
    }
    const removed: DoubleCobv = {
      ...existing,
      status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR',
      revisao: existing.revisao + 1,
    };
    state.cobv.set(existing.txid, removed);
    return answer(200, removed);
  }
  const merged: DoubleCobv = {
    ...existing,
    ...body,
    calendario: { ...existing.calendario, ...body.calendario } as DoubleCobv['calendario'],
    valor: { ...existing.valor, ...body.valor },
    devedor: body.devedor ?? existing.devedor,
    revisao: existing.revisao + 1,
    status: 'ATIVA',
  };
  // The due day is checked against the cobv's creation, not the revision's day.
  const violations = cobvViolations(merged, businessDay(new Date(existing.calendario.criacao)), state.pixKey);
  if (violations.length > 0) return problem(cobvInvalid(violations));
  state.cobv.set(existing.txid, merged);
  return answer(200, merged);
}

/** `PUT|GET|DELETE /webhook/{chave}` (the document's tag Webhook); `set` changes where deliveries go. */
function handleWebhook(
  hook: { webhooks: TestPsp['webhooks']; pixKey: string; set: (url: string | null) => void },
  method: string,
  chave: string,
  body: { webhookUrl?: unknown },
  answer: (status: number, body: unknown) => void,
  problem: (p: Problem) => void,
) {
  if (method === 'GET' || method === 'DELETE') {
    const kept = hook.webhooks.get(chave);
    if (!kept) return problem(webhookNotFound());
    if (method === 'GET') return answer(200, kept);
    hook.webhooks.delete(chave);
    if (chave === hook.pixKey) hook.set(null);
    return answer(204, null);
  }
  if (method !== 'PUT') return answer(405, {});
  if (chave.length === 0 || chave.length > 77) return problem(webhookInvalid(W.keyInvalid, 'chave'));
  if (chave !== hook.pixKey) return problem(webhookInvalid(W.keyNotOwned, 'chave'));
  let url: URL | null = null;
  try {
    url = typeof body.webhookUrl === 'string' ? new URL(body.webhookUrl) : null;
  } catch {
    url = null;
  }
  if (url?.protocol !== 'https:') return problem(webhookInvalid(W.url, 'webhook.webhookUrl'));
  const kept = { webhookUrl: body.webhookUrl as string, chave, criacao: new Date().toISOString() };
  hook.webhooks.set(chave, kept);
  hook.set(kept.webhookUrl);
  return answer(200, kept);
}

const half = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

export async function startTestPsp(options: TestPspOptions): Promise<TestPsp> {
  const { keyPem, certPem } = testSefazServerIdentity();
  const tokens = new Set<string>();
  const cobv = new Map<string, DoubleCobv>();
  const requests: TestPsp['requests'] = [];
  const problems: Problem[] = [];
  const queue: { pix: DoublePix; attempts: number }[] = [];
  const received: DoubleReceivedPix[] = [];
  const state: LedgerState = { cobv, pixKey: options.pixKey, nextLoc: 1 };
  let webhookUrl: string | null = null;
  const webhooks: TestPsp['webhooks'] = new Map();
  const post =
    options.post ??
    (async (url: string, body: unknown) =>
      (
        await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).status);

  const server = https.createServer(
    {
      key: keyPem,
      cert: certPem,
      ...(options.mtlsClientCertPem
        ? { ca: [options.mtlsClientCertPem], requestCert: true, rejectUnauthorized: true }
        : {}),
    },
    (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const [path = '/', search = ''] = (request.url ?? '/').split('?');
        const socket = request.socket as import('node:tls').TLSSocket;
        const peer = socket.getPeerCertificate?.();
        const client = peer && 'subject' in peer && peer.subject ? String(peer.subject.CN ?? '') : null;
        const answer = (status: number, body: unknown, type = 'application/json') => {
          requests.push({ method: request.method ?? '', path, status, client });
          if (type === 'application/problem+json') problems.push(body as Problem);
          response.writeHead(status, { 'content-type': type });
          response.end(JSON.stringify(body));
        };
        const problem = (p: Problem) => answer(p.status, p, 'application/problem+json');
        const text = Buffer.concat(chunks).toString('utf8');
        handle(request.method ?? '', path, new URLSearchParams(search), request.headers, text, answer, problem);
      });
    },
  );

  function handle(
    method: string,
    path: string,
    query: URLSearchParams,
    headers: import('node:http').IncomingHttpHeaders,
    text: string,
    answer: (status: number, body: unknown) => void,
    problem: (p: Problem) => void,
  ) {
    if (method === 'POST' && path === '/oauth/token') {
      // RFC 6749 §2.3.1 (HTTP Basic) and §4.4.2 (grant_type=client_credentials); refusals §5.2.
      const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
      if (headers.authorization !== `Basic ${basic}`) return answer(401, { error: 'invalid_client' });
      if (new URLSearchParams(text).get('grant_type') !== 'client_credentials') {
        return answer(400, { error: 'unsupported_grant_type' });
      }
      const token = randomBytes(24).toString('hex');
      tokens.add(token);
      return answer(200, {
        access_token: token,
        token_type: 'Bearer',
        expires_in: 3600,
        scope: 'cobv.write cobv.read webhook.write pix.read',
      });
    }
    const bearer = (headers.authorization ?? '').replace(/^Bearer /, '');
    // RFC 6750 §3.1: no token, or one it did not give.
    if (!tokens.has(bearer)) return answer(401, { error: 'invalid_token' });
    let body: CobvBody & { webhookUrl?: string } = {};
    try {
      body = text ? JSON.parse(text) : {};
    } catch {
      return problem(cobvInvalid([{ razao: 'JSON inválido.', propriedade: 'cobv' }]));
    }
    if (method === 'GET' && path === '/pix') {
      const listed = listPix(received, query);
      return 'problem' in listed ? problem(listed.body) : answer(listed.status, listed.body);
    }
    const webhook = /^\/webhook\/([^/]+)$/.exec(path);
    if (webhook) {
      const chave = decodeURIComponent(webhook[1] as string);
      const hook = { webhooks, pixKey: options.pixKey, set: (url: string | null) => (webhookUrl = url) };
      return handleWebhook(hook, method, chave, body, answer, problem);
    }
    const match = /^\/cobv\/([^/]*)$/.exec(path);
    if (!match)
      return problem({
        ...cobvNotFound(),
        type: 'https://pix.bcb.gov.br/api/v2/error/NaoEncontrado',
        detail: 'Entidade não encontrada.',
      });
    const txid = decodeURIComponent(match[1] as string);
    const existing = cobv.get(txid);
    if (method === 'GET') return existing ? answer(200, existing) : problem(cobvNotFound());
    if (method === 'PUT') return put(state, txid, existing, body, answer, problem);
    if (method === 'PATCH') return patch(state, existing, body, answer, problem);
    return answer(405, {});
  }

  async function deliver(): Promise<number> {
    let delivered = 0;
    for (const item of [...queue]) {
      item.attempts++;
      const status = webhookUrl ? await post(`${webhookUrl}/pix`, { pix: [item.pix] }).catch(() => 0) : 0;
      if (status >= 200 && status < 300) {
        queue.splice(queue.indexOf(item), 1);
        delivered++;
      }
    }
    return delivered;
  }

  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;

  return {
    url: `https://127.0.0.1:${port}`,
    caPem: certPem,
    cobv,
    requests,
    problems,
    webhooks,
    get webhookUrl() {
      return webhookUrl;
    },
    set webhookUrl(value: string | null) {
      webhookUrl = value;
    },
    async pay(txid, at) {
      const charge = cobv.get(txid);
      if (charge?.status !== 'ATIVA') throw new Error(`cobv ${txid} não está ATIVA: o app do pagador recusa`);
      const due = amountOn(charge, businessDay(at));
      if (!due) throw new Error(`cobv ${txid} vencida além da validade`);
      const pix: DoublePix = {
        endToEndId: endToEndId(at),
        txid,
        valor: half(due.totalCents),
        horario: at.toISOString(),
        componentesValor: {
          original: { valor: half(due.originalCents) },
          ...(due.fineCents > 0 ? { multa: { valor: half(due.fineCents) } } : {}),
          ...(due.interestCents > 0 ? { juros: { valor: half(due.interestCents) } } : {}),
        },
      };
      cobv.set(txid, { ...charge, status: 'CONCLUIDA' });
      received.push({ ...pix, chave: options.pixKey });
      queue.push({ pix, attempts: 0 });
      await deliver();
      return pix;
    },
    received,
    receive: (valor, at, infoPagador) => receivePix(received, options.pixKey, valor, at, infoPagador),
    refund: (e2e, id, valor, at) => refundPix(received, e2e, id, valor, at),
    deliver,
    pending: () => queue.length,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
