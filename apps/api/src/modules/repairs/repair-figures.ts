/** Where the service orders' pictures are stored (lib/storage.ts). */
export const REPAIR_FILE_FOLDER = 'repairs';

/** What the customer pays: parts and labour, nothing under warranty. */
export function totalCents(row: { labour_cents: number; parts_cents: number; warranty_source: string | null }): number {
  return row.warranty_source ? 0 : row.labour_cents + row.parts_cents;
}
