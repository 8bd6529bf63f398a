import { bearer, type TestApp } from '../../test/helpers';
import { multipart } from './imports.test-files';

/** The multipart body of an upload (field `file` and text fields), for other modules' upload tests. */
export { multipart };

/** Windows-1252 bytes of a text (its accented letters are the Latin-1 ones: one byte each). */
export const windows1252 = (text: string) => Buffer.from(text, 'latin1');
export const utf8 = (text: string) => Buffer.from(text, 'utf8');

export interface UploadOptions {
  token: string;
  name?: string;
  fields?: Record<string, string>;
  headers?: Record<string, string>;
}

/** POST /api/imports/{kind}?{query} with the file, as the import dialog sends it. */
export function uploadSheet(
  t: TestApp,
  kind: 'products' | 'customers',
  file: Buffer,
  query: string,
  options: UploadOptions,
) {
  const body = multipart(file, options.name ?? 'planilha.csv', options.fields);
  return t.app.inject({
    method: 'POST',
    url: `/api/imports/${kind}?${query}`,
    headers: { ...bearer(options.token), ...body.headers, ...options.headers },
    payload: body.payload,
  });
}

/** A product as the import wrote it (its brand and reference by name), or undefined. */
export const productByCode = (t: TestApp, code: string) =>
  t.db
    .selectFrom('products as p')
    .innerJoin('brands as b', 'b.id', 'p.brand_id')
    .leftJoin('brand_references as r', 'r.id', 'p.reference_id')
    .select([
      'p.id',
      'p.name',
      'p.cost_cents',
      'p.sell_price_cents',
      'p.silver_percentage',
      'p.gold_percentage',
      'p.bronze_percentage',
      'p.stock',
      'p.stock_alert',
      'p.tags',
      'p.description',
      'b.name as brand',
      'r.name as reference',
    ])
    .where('p.code', '=', code)
    .executeTakeFirst();
