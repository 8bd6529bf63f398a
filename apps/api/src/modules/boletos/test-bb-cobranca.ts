/**
 * A Banco do Brasil "API Cobranças" v2 of the tests (decision 0100), built from BB's "Guia de Introdução à API
 * Cobrança" (table 7.1, "Geração de um Boleto"): an HTTPS server on 127.0.0.1 that
 * - gives OAuth2 tokens by the client credentials flow at `/oauth/token` (HTTP Basic; RFC 6749 §4.4, refusals
 *   §5.2), and refuses a call without its bearer token (RFC 6750 §3.1) or without its `gw-dev-app-key`;
 * - registers boletos at `POST /cobrancas/v2/boletos` checking the guide's rules it reads (convênio of 7
 *   digits; `numeroTituloCliente` "000" + convênio + 10 digits, once; dates "dd.mm.aaaa", due day not before the
 *   issue day; `valorOriginal` above zero; `pagador` with tipoInscricao 1 or 2), each refusal in BB's shape
 *   `{ erros: [{ codigo, versao, mensagem, ocorrencia }] }` with 400 (the `codigo` and `ocorrencia` values are
 *   this double's, not BB's);
 * - follows the guide's field 29: `indicadorPix` "S" answers a dynamic Pix QR code (`qrCode: { url, txId, emv }`,
 *   the BR Code of its location); "N", absent, or any other character: "o sistema assumirá 'N'" — registered
 *   without Pix (`qrCode` with empty strings), never refused;
 * - details a boleto it registered at `GET /cobrancas/v2/boletos/{id}?numeroConvenio=…` ("Detalhar um Boleto"):
 *   `codigoEstadoTituloCobranca` 1 (normal) until the test's `liquidate` pays it (6, liquidado, with
 *   `dataCreditoLiquidacao` "dd.mm.aaaa", `valorPagoSacado` = original + fine + interest, `valorMultaRecebido`,
 *   `valorJuroMoraRecebido`); an id it never registered, or of another convênio: 404 in BB's `erros` shape;
 *   `unreachable` drops every connection (the bank silent);
 * - answers `numero`, `linhaDigitavel` and `codigoBarraNumerico` computed by FEBRABAN's rules (febraban.ts, the
 *   app's own code: the double proves the app reads what it answers, not BB's arithmetic).
 * A plain module (no test framework): the API tests use it. Not secret; tests only.
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { buildDynamicPixPayload } from '@backoffice/contract';
import { testSefazServerIdentity } from '../fiscal/sefaz/test-pki';
import { freeFieldBB } from './banco-do-brasil';
import { boletoCode } from './febraban';

export interface DoubleBoleto {
  request: Record<string, unknown>;
  numero: string;
  linhaDigitavel: string;
  codigoBarraNumerico: string;
  qrCode: { url: string; txId: string; emv: string };
  /** Set by `liquidate`: what the payer paid and BB's credit day (YYYY-MM-DD). */
  paid?: { originalCents: number; fineCents: number; interestCents: number; creditDay: string };
}

export interface TestBbCobranca {
  /** The API's base (BB_COBRANCA_URL) and token address (BB_OAUTH_URL). */
  apiUrl: string;
  oauthUrl: string;
  caPem: string;
  boletos: Map<string, DoubleBoleto>;
  requests: { method: string; path: string; status: number }[];
  refusals: { status: number; body: unknown }[];
  /** BB liquidates the boleto `numero` (20 digits): its original value plus fine and interest, credited on `creditDay`. */
  liquidate(numero: string, paid: { fineCents: number; interestCents: number; creditDay: string }): void;
  /** True: every connection dropped unanswered. */
  unreachable: boolean;
  close(): Promise<void>;
}

const DAY = /^(\d{2})\.(\d{2})\.(\d{4})$/;
const iso = (bb: string) => {
  const m = DAY.exec(bb);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : null;
};

type Erro = { codigo: string; versao: string; mensagem: string; ocorrencia: string };
const erro = (codigo: string, mensagem: string): Erro => ({
  codigo,
  versao: '1',
  mensagem,
  ocorrencia: `DOUBLE${randomBytes(4).toString('hex').toUpperCase()}`,
});

/** The guide's rules this double reads, each a refusal in BB's words where the guide gives them. */
function violations(body: Record<string, unknown>, seen: Map<string, DoubleBoleto>): Erro[] {
  const out: Erro[] = [];
  const convenio = String(body.numeroConvenio ?? '');
  if (!/^\d{7}$/.test(convenio)) out.push(erro('D001', 'Informar o número do convênio de cobrança, com 7 dígitos.'));
  const titulo = String(body.numeroTituloCliente ?? '');
  if (!new RegExp(`^000${convenio}\\d{10}$`).test(titulo)) {
    out.push(
      erro(
        'D002',
        'numeroTituloCliente: 20 dígitos, 000 + número do convênio (7 dígitos) + número de controle (10 dígitos).',
      ),
    );
  } else if (seen.has(titulo)) out.push(erro('D003', 'Nosso Número já incluído anteriormente.'));
  const issued = iso(String(body.dataEmissao ?? ''));
  const due = iso(String(body.dataVencimento ?? ''));
  if (!issued || !due) out.push(erro('D004', 'Datas sempre devem estar no formato dd.mm.aaaa.'));
  else if (due < issued) out.push(erro('D005', 'dataVencimento: qualquer data maior ou igual que a data de emissão.'));
  if (!(typeof body.valorOriginal === 'number' && body.valorOriginal > 0)) {
    out.push(erro('D006', 'valorOriginal: deve ser maior do que zero.'));
  }
  const payer = body.pagador as { tipoInscricao?: number; numeroInscricao?: number; nome?: string } | undefined;
  if (!payer || ![1, 2].includes(payer.tipoInscricao as number) || !payer.numeroInscricao || !payer.nome) {
    out.push(erro('D007', 'pagador: tipoInscricao (1 ou 2), numeroInscricao e nome.'));
  }
  return out;
}

function register(body: Record<string, unknown>, apiHost: string): DoubleBoleto {
  const titulo = String(body.numeroTituloCliente);
  const nossoNumero = titulo.slice(3);
  const carteira = String(body.numeroCarteira).padStart(2, '0');
  const due = iso(String(body.dataVencimento)) as string;
  const cents = Math.round((body.valorOriginal as number) * 100);
  const code = boletoCode('001', due, cents, freeFieldBB(nossoNumero, carteira));
  const pix = body.indicadorPix === 'S';
  const txId = pix ? `BB${nossoNumero}${randomBytes(8).toString('hex').toUpperCase()}`.slice(0, 35) : '';
  const location = `${apiHost}/qr/v2/cobv/${randomBytes(16).toString('hex')}`;
  return {
    request: body,
    numero: titulo,
    linhaDigitavel: code.digitableLine,
    codigoBarraNumerico: code.barcode,
    qrCode: pix
      ? {
          url: location,
          txId,
          emv: buildDynamicPixPayload({ location, merchantName: 'BANCO DO BRASIL TESTE', merchantCity: 'BRASILIA' }),
        }
      : { url: '', txId: '', emv: '' },
  };
}

/** "Detalhar um Boleto": normal (1) until liquidated (6); money as BB's numbers in reais. */
function detailOf(made: DoubleBoleto): Record<string, unknown> {
  const reais = (cents: number) => cents / 100;
  const base = {
    numeroContratoCobranca: 1,
    codigoLinhaDigitavel: made.linhaDigitavel,
    valorOriginalTituloCobranca: made.request.valorOriginal,
    dataVencimentoTituloCobranca: made.request.dataVencimento,
  };
  const p = made.paid;
  if (!p) {
    return { ...base, codigoEstadoTituloCobranca: 1, dataCreditoLiquidacao: '', valorPagoSacado: 0 };
  }
  const day = `${p.creditDay.slice(8, 10)}.${p.creditDay.slice(5, 7)}.${p.creditDay.slice(0, 4)}`;
  return {
    ...base,
    codigoEstadoTituloCobranca: 6,
    dataRecebimentoTitulo: day,
    dataCreditoLiquidacao: day,
    valorPagoSacado: reais(p.originalCents + p.fineCents + p.interestCents),
    valorMultaRecebido: reais(p.fineCents),
    valorJuroMoraRecebido: reais(p.interestCents),
    valorAbatimentoTotal: 0,
  };
}

export async function startTestBbCobranca(options: { clientId: string; clientSecret: string; appKey: string }) {
  const { keyPem, certPem } = testSefazServerIdentity();
  const tokens = new Set<string>();
  const boletos = new Map<string, DoubleBoleto>();
  const requests: TestBbCobranca['requests'] = [];
  const refusals: TestBbCobranca['refusals'] = [];
  let host = '';
  const state = { unreachable: false };

  const server = https.createServer({ key: keyPem, cert: certPem }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (state.unreachable) {
        request.socket.destroy();
        return;
      }
      const url = new URL(request.url ?? '/', 'https://127.0.0.1');
      const answer = (status: number, body: unknown) => {
        requests.push({ method: request.method ?? '', path: url.pathname, status });
        if (status >= 400) refusals.push({ status, body });
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      const text = Buffer.concat(chunks).toString('utf8');
      if (request.method === 'POST' && url.pathname === '/oauth/token') {
        const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
        if (request.headers.authorization !== `Basic ${basic}`) return answer(401, { error: 'invalid_client' });
        if (new URLSearchParams(text).get('grant_type') !== 'client_credentials') {
          return answer(400, { error: 'unsupported_grant_type' });
        }
        const token = randomBytes(24).toString('hex');
        tokens.add(token);
        return answer(200, { access_token: token, token_type: 'Bearer', expires_in: 600 });
      }
      if (!tokens.has((request.headers.authorization ?? '').replace(/^Bearer /, ''))) {
        return answer(401, { error: 'invalid_token' });
      }
      if (url.searchParams.get('gw-dev-app-key') !== options.appKey) {
        return answer(401, { errors: [{ code: '401', message: 'gw-dev-app-key inválida ou ausente.' }] });
      }
      const detail = /^\/cobrancas\/v2\/boletos\/(\d{20})$/.exec(url.pathname);
      if (request.method === 'GET' && detail) {
        const made = boletos.get(detail[1] as string);
        const convenio = url.searchParams.get('numeroConvenio');
        if (!made || String(made.request.numeroConvenio) !== convenio) {
          return answer(404, { erros: [erro('D404', 'Boleto não encontrado para o convênio informado.')] });
        }
        return answer(200, detailOf(made));
      }
      if (request.method !== 'POST' || url.pathname !== '/cobrancas/v2/boletos') return answer(404, {});
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(text) as Record<string, unknown>;
      } catch {
        return answer(400, { erros: [erro('D000', 'JSON inválido.')] });
      }
      const refused = violations(body, boletos);
      if (refused.length > 0) return answer(400, { erros: refused });
      const made = register(body, host);
      boletos.set(made.numero, made);
      return answer(201, {
        numero: made.numero,
        numeroCarteira: body.numeroCarteira,
        numeroVariacaoCarteira: body.numeroVariacaoCarteira,
        codigoCliente: 1,
        linhaDigitavel: made.linhaDigitavel,
        codigoBarraNumerico: made.codigoBarraNumerico,
        numeroContratoCobranca: 1,
        qrCode: made.qrCode,
      });
    });
  });

  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  host = `127.0.0.1:${port}`;
  return {
    apiUrl: `https://${host}/cobrancas/v2`,
    oauthUrl: `https://${host}/oauth/token`,
    caPem: certPem,
    boletos,
    requests,
    refusals,
    liquidate(numero, paid) {
      const made = boletos.get(numero);
      if (!made) throw new Error(`the double registered no boleto ${numero}`);
      made.paid = { originalCents: Math.round((made.request.valorOriginal as number) * 100), ...paid };
    },
    get unreachable() {
      return state.unreachable;
    },
    set unreachable(value: boolean) {
      state.unreachable = value;
    },
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  } satisfies TestBbCobranca;
}
