import { z } from 'zod';
import { IMPORT_TEXTS } from './import-limits';

/* The import's API: the query of POST /imports/{kind}, the template's, the mapping, the answer. */

const booleanQuery = z
  .enum(['true', 'false'], { error: () => IMPORT_TEXTS.flagInvalid })
  .default('false')
  .transform((value) => value === 'true');

/** Query of POST /imports/{kind}. */
export const importQuerySchema = z.object({
  /** true: check and count, write nothing. */
  dryRun: booleanQuery,
  /** true: import the good lines and leave the bad ones; false: a file with errors imports nothing. */
  skipInvalid: booleanQuery,
  /** Products: brands and references the catalogue lacks are created (true) or refused (false). */
  createMissing: booleanQuery,
});
export type ImportQuery = z.output<typeof importQuerySchema>;

export const importTemplateQuerySchema = z.object({
  format: z.enum(['csv', 'xlsx'], { error: () => IMPORT_TEXTS.formatInvalid }).default('csv'),
});

/** The `mapping` field: file header → our column key ('' leaves the column out). */
export const importMappingSchema = z.record(z.string().max(200), z.string().max(60)).default({});

export const importErrorSchema = z.object({
  /** The spreadsheet's line (the header is line 1). */
  line: z.number().int(),
  /** The column's header as the file names it (or the template's, for a missing column). */
  column: z.string(),
  message: z.string(),
});
export type ImportError = z.infer<typeof importErrorSchema>;

export const importResultSchema = z.object({
  /** Lines of data read. */
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  /** Up to IMPORT_LIMITS.maxErrorsListed errors, by line. */
  errors: z.array(importErrorSchema),
  /** Every error, listed or not. */
  errorCount: z.number().int(),
  /** Lines with at least one error. */
  invalidRows: z.number().int(),
  /** Whether anything was written. */
  imported: z.boolean(),
  /** Each column of the file: its header and the column of ours it fills (null: left out). */
  columns: z.array(z.object({ header: z.string(), key: z.string().nullable() })),
  /**
   * Products: what the preview should make a shop look at twice, by line (a level at cost, a level under
   * half the sale price); they never keep a line out. Up to IMPORT_LIMITS.maxErrorsListed.
   */
  warnings: z.array(importErrorSchema).optional(),
  /** Every warning, listed or not. */
  warningCount: z.number().int().optional(),
  /**
   * Products: the prices each good line gives (reais): cost, each level's (cost + its percentage) and retail
   * (the sale price), the first IMPORT_LIMITS.maxErrorsListed lines.
   */
  prices: z
    .array(
      z.object({
        line: z.number().int(),
        name: z.string(),
        cost: z.number(),
        gold: z.number(),
        silver: z.number(),
        bronze: z.number(),
        retail: z.number(),
      }),
    )
    .optional(),
});
export type ImportResult = z.infer<typeof importResultSchema>;
