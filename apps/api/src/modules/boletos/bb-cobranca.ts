import { BOLETO_TEXTS } from '@backoffice/contract';
import type { BbCobrancaConfig } from '../../config';
import { clientCredentialsToken, sendJson } from '../../lib/json-api-client';

/*
 * Banco do Brasil's "API Cobranças" v2 (decision 0100), as BB's "Guia de Introdução à API Cobrança" publishes it:
 * - an OAuth2 token by the client credentials flow (HTTP Basic with the application's client id and secret) at
 *   BB's token address;
 * - `POST {base}/boletos?gw-dev-app-key={key}` ("Geração de um Boleto": "cria um boleto bancário, com ou sem PIX"),
 *   its body's fields numbered 1-29 in the guide's table 7.1, dates "dd.mm.aaaa", money "123.45";
 *   field 29 `indicadorPix`: "S - QRCode dinâmico; N - sem Pix", and "caso não informado, ou utilizado
 *   caractere inválido, o sistema assumirá 'N'";
 * - its answer: `numero` (the nosso número of 20 digits), `linhaDigitavel`, `codigoBarraNumerico`, and
 *   `qrCode: { url, txId, emv }` (the guide's "Consultar Pix de Boletos: retorna URL, TxID, EMV");
 * - a refusal: `{ erros: [{ codigo, versao, mensagem, ocorrencia }] }` (HTTP 400), read into Portuguese;
 * - `GET {base}/boletos/{id}?numeroConvenio={convênio}` ("Detalhar um Boleto"), the id being the 20-digit
 *   `numeroTituloCliente`: `codigoEstadoTituloCobranca` (1 normal, 6 liquidado, 7 baixado…),
 *   `dataCreditoLiquidacao` ("dd.mm.aaaa"), `valorPagoSacado` (what the payer paid, fine and interest included),
 *   `valorMultaRecebido`, `valorJuroMoraRecebido`, `valorAbatimentoTotal` — the names as BB's published answer
 *   and the public clients of it (ACBr's boleto, BB's Python and .NET samples) spell them.
 */

export interface BbBoletoRequest {
  numeroConvenio: number;
  numeroCarteira: number;
  numeroVariacaoCarteira: number;
  codigoModalidade: 1 | 4;
  dataEmissao: string;
  dataVencimento: string;
  valorOriginal: number;
  indicadorAceiteTituloVencido: 'S' | 'N';
  codigoAceite: 'A' | 'N';
  codigoTipoTitulo: number;
  descricaoTipoTitulo: string;
  indicadorPermissaoRecebimentoParcial: 'S' | 'N';
  numeroTituloBeneficiario: string;
  numeroTituloCliente: string;
  multa?: { tipo: 0 | 1 | 2; data?: string; porcentagem?: number };
  jurosMora?: { tipo: 0 | 1 | 2 | 3; porcentagem?: number };
  pagador: {
    tipoInscricao: 1 | 2;
    numeroInscricao: number;
    nome: string;
    endereco: string;
    cep: number;
    cidade: string;
    bairro: string;
    uf: string;
  };
  indicadorPix: 'S' | 'N';
}

export interface BbBoletoAnswer {
  numero: string;
  linhaDigitavel: string;
  codigoBarraNumerico: string;
  qrCode?: { url?: string; txId?: string; emv?: string };
}

/** BB's "Detalhar um Boleto" answer: the fields read here. */
export interface BbBoletoDetail {
  codigoEstadoTituloCobranca: number;
  dataCreditoLiquidacao?: string;
  dataRecebimentoTitulo?: string;
  valorPagoSacado?: number;
  valorMultaRecebido?: number;
  valorJuroMoraRecebido?: number;
  valorAbatimentoTotal?: number;
}

/** `codigoEstadoTituloCobranca` 6: liquidado. */
export const BB_LIQUIDATED = 6;

/** A call BB refused (its status and words) or could not be made (status 0). */
export class BbCobrancaError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

function send(url: URL, ca: string[], method: string, headers: Record<string, string>, body?: string) {
  return sendJson(
    { url, method, headers, body, ca },
    (message) => new BbCobrancaError(BOLETO_TEXTS.bankUnreachable(message), 0),
  );
}

/** BB's `erros[].mensagem` (and the gateway's `errors[].message`), joined. */
function refusal(status: number, body: unknown, text = BOLETO_TEXTS.bankRefused): BbCobrancaError {
  const b = (typeof body === 'object' && body ? body : {}) as {
    erros?: { mensagem?: string }[];
    errors?: { message?: string }[];
    error?: string;
  };
  const words = [...(b.erros ?? []).map((e) => e.mensagem), ...(b.errors ?? []).map((e) => e.message), b.error].filter(
    Boolean,
  );
  return new BbCobrancaError(text(status, words.join(' ') || String(body ?? '')), status);
}

/** A client of BB's API Cobranças: its token kept until it expires. */
export function bbCobrancaClient(config: BbCobrancaConfig) {
  const accessToken = clientCredentialsToken({
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    scope: 'cobrancas.boletos-requisicao',
    ask: (headers, body) => send(new URL(config.oauthUrl), config.ca, 'POST', headers, body),
    refused: (answer) => refusal(answer.status, answer.body),
  });

  return {
    /** POST /boletos: the boleto registered; BB's answer, or BbCobrancaError. */
    async register(request: BbBoletoRequest): Promise<BbBoletoAnswer> {
      const bearer = await accessToken();
      const url = new URL(`${config.apiUrl}/boletos`);
      url.searchParams.set('gw-dev-app-key', config.appKey);
      const answer = await send(
        url,
        config.ca,
        'POST',
        { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
        JSON.stringify(request),
      );
      if (answer.status >= 200 && answer.status < 300) return answer.body as BbBoletoAnswer;
      throw refusal(answer.status, answer.body);
    },

    /** GET /boletos/{id}: the boleto's state at BB (its nosso número of 17 digits); BbCobrancaError otherwise. */
    async detail(nossoNumero: string, convenio: string): Promise<BbBoletoDetail> {
      const bearer = await accessToken();
      const url = new URL(`${config.apiUrl}/boletos/000${nossoNumero}`);
      url.searchParams.set('numeroConvenio', String(Number(convenio)));
      url.searchParams.set('gw-dev-app-key', config.appKey);
      const answer = await send(url, config.ca, 'GET', { authorization: `Bearer ${bearer}` });
      if (answer.status === 200) return answer.body as BbBoletoDetail;
      throw refusal(answer.status, answer.body, BOLETO_TEXTS.bankAskRefused);
    },
  };
}
export type BbCobrancaClient = ReturnType<typeof bbCobrancaClient>;

/** "dd.mm.aaaa" of an ISO day (the guide's 5.3). */
export const bbDay = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

/** Up to `max` characters, accents kept (BB's fields are "até 30/60 caracteres"). */
const cut = (text: string, max: number) => text.trim().slice(0, max);

export interface BbBoletoInput {
  convenio: string;
  carteira: string;
  variacao: string;
  nossoNumero: string;
  issuedOn: string;
  dueDate: string;
  amountCents: number;
  documentNumber: string;
  /** The fine (hundredths of a percent) from the day after the due day, and the interest a month (hundredths). */
  fineHundredths: number;
  monthlyInterestHundredths: number;
  payer: {
    document: string;
    name: string;
    street: string;
    zipCode: string;
    city: string;
    neighborhood: string;
    state: string;
  };
  pix: boolean;
}

/**
 * The body of `POST /boletos` for one boleto (the guide's table 7.1): modalidade 1 (simples), DM (código 2),
 * aceite N, no partial payment, the nosso número as "000" + convênio + sequence (field 18), the fine as a
 * percent from the day after the due day (field 24, tipo 2) and the interest as a monthly rate (field 23, tipo 2),
 * and `indicadorPix` "S" for a híbrido, else "N".
 */
export function bbBoletoRequest(input: BbBoletoInput): BbBoletoRequest {
  const dayAfter = new Date(`${input.dueDate}T12:00:00Z`);
  dayAfter.setUTCDate(dayAfter.getUTCDate() + 1);
  const document = input.payer.document.replace(/\D/g, '');
  return {
    numeroConvenio: Number(input.convenio),
    numeroCarteira: Number(input.carteira),
    numeroVariacaoCarteira: Number(input.variacao),
    codigoModalidade: 1,
    dataEmissao: bbDay(input.issuedOn),
    dataVencimento: bbDay(input.dueDate),
    valorOriginal: input.amountCents / 100,
    indicadorAceiteTituloVencido: 'S',
    codigoAceite: 'N',
    codigoTipoTitulo: 2,
    descricaoTipoTitulo: 'DM',
    indicadorPermissaoRecebimentoParcial: 'N',
    numeroTituloBeneficiario: cut(input.documentNumber.toUpperCase(), 15),
    numeroTituloCliente: `000${input.nossoNumero}`,
    ...(input.fineHundredths > 0
      ? {
          multa: {
            tipo: 2 as const,
            data: bbDay(dayAfter.toISOString().slice(0, 10)),
            porcentagem: input.fineHundredths / 100,
          },
        }
      : {}),
    jurosMora:
      input.monthlyInterestHundredths > 0
        ? { tipo: 2, porcentagem: input.monthlyInterestHundredths / 100 }
        : { tipo: 3 },
    pagador: {
      tipoInscricao: document.length === 11 ? 1 : 2,
      numeroInscricao: Number(document),
      nome: cut(input.payer.name, 60),
      endereco: cut(input.payer.street, 60),
      cep: Number(input.payer.zipCode.replace(/\D/g, '') || '0'),
      cidade: cut(input.payer.city, 30),
      bairro: cut(input.payer.neighborhood, 30),
      uf: input.payer.state.toUpperCase(),
    },
    indicadorPix: input.pix ? 'S' : 'N',
  };
}
