/**
 * The IBPT table of approximate taxes (Lei 12.741/2012, Decreto 8.264/2014; issue 55 §2, decision 0077): the CSV
 * per state that IBPT's 'De Olho no Imposto' publishes, imported in 'Configurações' → 'Fiscal' → 'Tabela IBPT'.
 * Its header, limits, answers and texts; the parsing is the API's (`fiscal/ibpt/ibpt-csv.ts`).
 */
import { z } from 'zod';
import { UFS } from './fiscal-setup';

/** The header IBPT publishes, in its order (the importers of the market check the same thirteen columns). */
export const IBPT_COLUMNS = [
  'codigo',
  'ex',
  'tipo',
  'descricao',
  'nacionalfederal',
  'importadosfederal',
  'estadual',
  'municipal',
  'vigenciainicio',
  'vigenciafim',
  'chave',
  'versao',
  'fonte',
] as const;

/** A state's table is about 2 MB and 14,000 rows (NCM, NBS and LC 116); the caps leave room and stay bounded. */
export const IBPT_MAX_BYTES = 8 * 1024 * 1024;
export const IBPT_MAX_ROWS = 40_000;

/** tipo: 0 goods (NCM), 1 services (NBS), 2 services (LC 116/2003's list). */
export const IBPT_KINDS = [0, 1, 2] as const;

/** One state's imported table: its version, key, source, validity and rows; `expired` once its last day passed. */
export const ibptTableSchema = z.object({
  uf: z.enum(UFS),
  version: z.string(),
  key: z.string(),
  source: z.string(),
  validFrom: z.string(),
  validUntil: z.string(),
  rows: z.number().int(),
  expired: z.boolean(),
  importedAt: z.string(),
  importedBy: z.string().nullable(),
});
export type IbptTable = z.infer<typeof ibptTableSchema>;

/** GET /api/fiscal/ibpt: every state's table imported, and the issuer's state (the one the notes use). */
export const ibptSummarySchema = z.object({
  issuerUf: z.enum(UFS).nullable(),
  tables: z.array(ibptTableSchema),
});
export type IbptSummary = z.infer<typeof ibptSummarySchema>;

export const IBPT_TEXTS = {
  fileRequired: 'Envie o arquivo CSV da tabela IBPT (campo file) e a UF (campo uf).',
  ufInvalid: 'Informe a UF da tabela (duas letras, uma das 27).',
  tooLarge: `O arquivo passa de ${IBPT_MAX_BYTES / 1024 / 1024} MB: envie a tabela IBPT de uma UF, em CSV.`,
  tooManyRows: `O arquivo passa de ${IBPT_MAX_ROWS.toLocaleString('pt-BR')} linhas: envie a tabela IBPT de uma UF.`,
  header: `O arquivo não é a tabela do IBPT: a primeira linha deve ser ${IBPT_COLUMNS.join(';')}.`,
  empty: 'O arquivo não tem nenhuma linha além do cabeçalho.',
  line: (line: number, problem: string) => `Linha ${line}: ${problem}`,
  columns: (found: number) => `tem ${found} colunas, e a tabela IBPT tem ${IBPT_COLUMNS.length}.`,
  code: (code: string) => `o código "${code}" não é um NCM (8 dígitos), NBS (9) nem item da LC 116 (4 ou 5).`,
  ex: (ex: string) => `a exceção (ex) "${ex}" deve ser vazia ou de 1 a 3 dígitos.`,
  kind: (kind: string) => `o tipo "${kind}" deve ser 0 (NCM), 1 (NBS) ou 2 (LC 116).`,
  rate: (column: string, value: string) =>
    `a alíquota ${column} "${value}" deve ser um percentual de 0 a 100 com até 4 casas decimais.`,
  date: (column: string, value: string) => `a data ${column} "${value}" deve ser dd/mm/aaaa.`,
  period: 'a vigência termina antes de começar.',
  text: (column: string, max: number) => `${column} deve ter de 1 a ${max} caracteres.`,
  mixed: (column: string, value: string, first: string) =>
    `${column} "${value}" difere do "${first}" da linha 2: envie uma tabela de uma versão só.`,
  duplicate: (code: string, ex: string, firstLine: number) =>
    `o código ${code}${ex ? ` (ex ${ex})` : ''} já está na linha ${firstLine}.`,
  encoding: 'O arquivo não é um texto (CSV) legível.',
} as const;
