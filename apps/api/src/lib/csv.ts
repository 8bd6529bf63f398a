import { Readable } from 'node:stream';

/**
 * CSV downloads as the screens' 'Baixar CSV' writes them: UTF-8 with BOM (Excel reads the accents), `;`
 * between cells, CRLF between lines, money as 1.234,56 and dates as DD/MM/YYYY in the business timezone.
 */
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';
const BOM = '\uFEFF';

/** `attachment; filename="relatorio.csv"` for the Content-Disposition header. */
export const csvAttachment = (fileName: string) => `attachment; filename="${fileName}"`;

/** One cell: quoted when it holds `;`, a quote or a line break; a leading =, +, - or @ cannot start a formula. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d/.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: readonly (string | number | null | undefined)[]) =>
  `${cells.map(csvCell).join(';')}\r\n`;

const MONEY = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** 1234.5 reais → "1.234,50". */
export const csvMoney = (reais: number | null | undefined) =>
  reais === null || reais === undefined ? '' : MONEY.format(reais);

const DATE = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
/** An ISO instant → "DD/MM/YYYY" in Brasília time. */
export const csvDate = (iso: string | Date | null | undefined) => (iso ? DATE.format(new Date(iso)) : '');

/**
 * A CSV body streamed batch by batch: the header line, then each batch's lines as the batches arrive, so
 * a 30,000-row download never holds more than one batch in memory.
 */
export function csvStream<T>(
  headers: readonly string[],
  batches: AsyncIterable<readonly T[]>,
  toCells: (row: T) => (string | number | null | undefined)[],
) {
  async function* lines() {
    yield BOM + csvLine(headers);
    for await (const batch of batches) {
      if (batch.length === 0) continue;
      yield batch.map((row) => csvLine(toCells(row))).join('');
    }
  }
  return Readable.from(lines(), { objectMode: false });
}
