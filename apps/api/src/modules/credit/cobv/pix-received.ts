import { PSP_TEXTS } from '@backoffice/contract';
import type { Executor } from '../../../db/executor';
import { AppError, notFound } from '../../../lib/errors';
import { PspError, pspClient } from './psp-client';
import { pspConnection } from './psp-settings';

/** A Pix received as the PSP lists it (bacen/pix-api openapi.yaml 2.9.0, schemas `Pix` and `Devolucao`). */
export interface ReceivedPix {
  endToEndId: string;
  txid?: string;
  valor: string;
  chave?: string;
  horario: string;
  infoPagador?: string;
  devolucoes?: {
    id: string;
    rtrId: string;
    valor: string;
    horario?: { solicitacao?: string; liquidacao?: string };
    status: string;
  }[];
}

interface PixPage {
  parametros?: { paginacao?: { paginaAtual?: number; quantidadeDePaginas?: number } };
  pix?: ReceivedPix[];
}

/** Pages asked at most: 100 of 1.000 Pix (the document's largest `itensPorPagina`) each. */
const MAX_PAGES = 100;
const PER_PAGE = 1000;

/**
 * `GET /pix?inicio&fim` ("Consultar Pix recebidos") of the shop's PSP, every page (`paginacao.paginaAtual` from 0
 * until `quantidadeDePaginas`), through the configured connection (OAuth2, mTLS when set; decision 0094). 404 when no
 * PSP is configured; a refusal or an unreachable PSP is 502 PSP_FAILED with the PSP's words.
 */
export async function listReceivedPix(
  db: Executor,
  serverSecret: string,
  ca: string[],
  inicio: string,
  fim: string,
): Promise<ReceivedPix[]> {
  const conn = await pspConnection(db, serverSecret, ca);
  if (!conn) throw notFound(PSP_TEXTS.notConfigured);
  const client = pspClient(conn);
  const all: ReceivedPix[] = [];
  for (let page = 0; page < MAX_PAGES; page++) {
    const query = new URLSearchParams({
      inicio,
      fim,
      'paginacao.paginaAtual': String(page),
      'paginacao.itensPorPagina': String(PER_PAGE),
    });
    const answer = await client.call<PixPage>('GET', `pix?${query}`).catch((error: unknown) => {
      const message = error instanceof PspError ? error.message : String(error);
      throw new AppError(502, PSP_TEXTS.testFailed(message), { code: 'PSP_FAILED' });
    });
    all.push(...(answer.pix ?? []));
    const pages = answer.parametros?.paginacao?.quantidadeDePaginas ?? 1;
    if (page + 1 >= pages) break;
  }
  return all;
}
