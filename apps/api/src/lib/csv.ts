import { Readable } from 'node:stream';
import { CSV_BOM, type CsvValue, csvLine, formatBusinessDate } from '@backoffice/contract';
import type { FastifyReply } from 'fastify';

/**
 * CSV downloads streamed by the server. Cells, lines and money come from the contract's `csv.ts` (the
 * same functions the web uses: `;`, CRLF, formulas made inert, money `1299,90`); this file adds the HTTP
 * headers, dates in the business's time zone and the streaming.
 */
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

/** The OpenAPI description of every CSV download. */
export const CSV_OPENAPI_DESCRIPTION =
  "UTF-8 com BOM, `;` entre células, CRLF ao fim de cada linha. Dinheiro como número que o Excel em pt-BR soma: `1299,90` (sem R$, sem ponto de milhar, `-12,50` se negativo). Uma célula que começaria com `=`, `+`, `-`, `@`, tabulação ou retorno de carro recebe um `'` à frente e não vira fórmula (injeção de CSV, OWASP), salvo um número nesse formato (`-12,50`).";

/** `attachment; filename="relatorio.csv"` for the Content-Disposition header. */
export const csvAttachment = (fileName: string) => `attachment; filename="${fileName}"`;

/** A CSV download's OpenAPI schema: its tags, summary and query, the CSV description, `text/csv`. */
export const csvExportSchema = <Q>(tags: string[], summary: string, querystring: Q) => ({
  tags,
  summary,
  description: CSV_OPENAPI_DESCRIPTION,
  querystring,
  produces: ['text/csv'],
});

/** Sends a CSV download as `fileName` (an attachment, never cached). */
export const sendCsv = (reply: FastifyReply, fileName: string, body: Readable) =>
  reply
    .header('content-type', CSV_CONTENT_TYPE)
    .header('content-disposition', csvAttachment(fileName))
    .header('cache-control', 'no-store')
    .send(body);

/** An ISO instant → "DD/MM/YYYY", the business's day (`clock.ts`). */
export const csvDate = (iso: string | Date | null | undefined) => (iso ? formatBusinessDate(new Date(iso)) : '');

/**
 * A CSV body streamed batch by batch: the BOM and header line, then each batch's lines as the batches
 * arrive, so a 30,000-row download never holds more than one batch in memory.
 */
export function csvStream<T>(
  headers: readonly string[],
  batches: AsyncIterable<readonly T[]> | Iterable<readonly T[]>,
  toCells: (row: T) => CsvValue[],
) {
  async function* lines() {
    yield CSV_BOM + csvLine(headers);
    for await (const batch of batches) {
      if (batch.length === 0) continue;
      yield batch.map((row) => csvLine(toCells(row))).join('');
    }
  }
  return Readable.from(lines(), { objectMode: false });
}
