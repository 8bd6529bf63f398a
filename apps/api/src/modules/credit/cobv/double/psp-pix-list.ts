import { randomBytes } from 'node:crypto';
import { pixListInvalid } from './psp-problems';

/*
 * The double's `GET /pix` ("Consultar Pix recebidos", bacen/pix-api openapi.yaml 2.9.0): the query's `inicio` and
 * `fim` (both required, RFC 3339 date-times, `ParametrosConsultaPix`), `paginacao.paginaAtual` (from 0, default 0)
 * and `paginacao.itensPorPagina` (1 to 1000, default 100); the answer `PixConsultados`: `parametros` (with its
 * `Paginacao`: paginaAtual, itensPorPagina, quantidadeDePaginas, quantidadeTotalDeItens) and `pix`, the page of the
 * Pix received with `inicio <= horario <= fim`, in their order. A refusal is `PixConsultaInvalida` (400) with the
 * violation of the document's "Tag Pix" section.
 */

export interface DoubleDevolucao {
  id: string;
  rtrId: string;
  valor: string;
  horario: { solicitacao: string; liquidacao?: string };
  status: 'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO';
}

export interface DoubleReceivedPix {
  endToEndId: string;
  txid?: string;
  valor: string;
  chave: string;
  horario: string;
  infoPagador?: string;
  componentesValor?: Record<string, { valor: string }>;
  devolucoes?: DoubleDevolucao[];
}

/** RFC 3339 §5.6 `date-time`: full date, `T`, time with optional fraction, and `Z` or an offset. */
const RFC3339 =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])[Tt]([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d+)?([Zz]|[+-]([01]\d|2[0-3]):[0-5]\d)$/;

export const PIX_LIST_VIOLATIONS = {
  schema: 'algum dos parâmetros informados para a consulta não respeita o _schema_.',
  endBeforeStart:
    'o _timestamp_ representado pelo parâmetro `fim` é anterior ao timestamp representado pelo parâmetro `inicio`.',
  pageNegative: 'o parâmetro `paginacao.paginaAtual` é negativo.',
  perPageNegative: 'o parâmetro `paginacao.itensPorPagina` é negativo.',
} as const;

const integer = (text: string | null, fallback: number) =>
  text === null ? fallback : /^-?\d+$/.test(text) ? Number(text) : Number.NaN;

/** The answer of `GET /pix?{query}` over the Pix received: 200 with a page, or the problem. */
export function listPix(received: readonly DoubleReceivedPix[], query: URLSearchParams) {
  const inicio = query.get('inicio');
  const fim = query.get('fim');
  const page = integer(query.get('paginacao.paginaAtual'), 0);
  const perPage = integer(query.get('paginacao.itensPorPagina'), 100);
  if (!inicio || !RFC3339.test(inicio)) return pixListInvalid(PIX_LIST_VIOLATIONS.schema, 'inicio');
  if (!fim || !RFC3339.test(fim)) return pixListInvalid(PIX_LIST_VIOLATIONS.schema, 'fim');
  if (Date.parse(fim) < Date.parse(inicio)) return pixListInvalid(PIX_LIST_VIOLATIONS.endBeforeStart, 'fim');
  if (page < 0) return pixListInvalid(PIX_LIST_VIOLATIONS.pageNegative, 'paginacao.paginaAtual');
  if (perPage < 0) return pixListInvalid(PIX_LIST_VIOLATIONS.perPageNegative, 'paginacao.itensPorPagina');
  if (!Number.isInteger(page)) return pixListInvalid(PIX_LIST_VIOLATIONS.schema, 'paginacao.paginaAtual');
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > 1000) {
    return pixListInvalid(PIX_LIST_VIOLATIONS.schema, 'paginacao.itensPorPagina');
  }
  const from = Date.parse(inicio);
  const to = Date.parse(fim);
  const within = received.filter((pix) => Date.parse(pix.horario) >= from && Date.parse(pix.horario) <= to);
  return {
    status: 200,
    body: {
      parametros: {
        inicio,
        fim,
        paginacao: {
          paginaAtual: page,
          itensPorPagina: perPage,
          quantidadeDePaginas: Math.max(1, Math.ceil(within.length / perPage)),
          quantidadeTotalDeItens: within.length,
        },
      },
      pix: within.slice(page * perPage, (page + 1) * perPage),
    },
  };
}

/** An id of the Pix's ISPB 12345678, its minute and 12 random hex digits: 32 characters, `E` or `D` (a return). */
export const endToEndId = (at: Date, prefix: 'E' | 'D' = 'E') =>
  `${prefix}12345678${at.toISOString().slice(0, 16).replace(/\D/g, '')}${randomBytes(6).toString('hex').toUpperCase()}`.slice(
    0,
    32,
  );

/** A Pix to the key without a charge (no txid), kept as received. */
export function receivePix(
  received: DoubleReceivedPix[],
  chave: string,
  valor: string,
  at: Date,
  infoPagador?: string,
): DoubleReceivedPix {
  const pix: DoubleReceivedPix = {
    endToEndId: endToEndId(at),
    valor,
    chave,
    horario: at.toISOString(),
    ...(infoPagador ? { infoPagador } : {}),
  };
  received.push(pix);
  return pix;
}

/** A devolução of a Pix received, settled (DEVOLVIDO) on the moment `at`. */
export function refundPix(received: DoubleReceivedPix[], e2e: string, id: string, valor: string, at: Date): void {
  const pix = received.find((item) => item.endToEndId === e2e);
  if (!pix) throw new Error(`Pix ${e2e} não recebido`);
  const when = at.toISOString();
  pix.devolucoes = [
    ...(pix.devolucoes ?? []),
    { id, rtrId: endToEndId(at, 'D'), valor, horario: { solicitacao: when, liquidacao: when }, status: 'DEVOLVIDO' },
  ];
}
