import { type Kysely, sql } from 'kysely';
import { generate, PostgresDialect } from 'kysely-codegen';
import type { Database } from './schema';

/** Where the generated types are written (`npm run db:types`), beside the hand-written `schema.ts`. */
export const GENERATED_SCHEMA_FILE = new URL('./schema.generated.ts', import.meta.url);

const columnTypes = './schema-columns';
const reportSummaries = [
  'report_product_sales',
  'report_customer_sales',
  'report_product_views',
  'report_search_terms',
  'report_customer_signins',
];

/**
 * The Kysely types of a migrated database, as kysely-codegen reads them from its catalogue (PGlite or
 * PostgreSQL). Text columns holding a closed set, and the summaries' bigint figures, get the types of
 * `schema-columns.ts`.
 */
export async function generateSchema(db: Kysely<Database>): Promise<string> {
  const columns: Record<string, string> = {
    'password_codes.purpose': 'Generated<CodePurpose>',
    'customers.status': 'Generated<CustomerStatus>',
    'stock_movements.kind': 'StockMovementKind',
    'orders.payment_method': 'PaymentMethodColumn',
    'order_images.kind': 'OrderImageKind',
    'order_adjustments.kind': 'OrderAdjustmentKind',
    'bank_settings.type': 'BankSettingsType',
    'pix_received.unmatched_reason': 'PixUnmatchedReasonColumn | null',
    'product_units.status': 'Generated<UnitStatus>',
    'order_payments.method': 'PartMethodColumn',
    'order_payments.status': 'PartStatusColumn',
    'order_payments.card_kind': 'CardKindColumn | null',
  };
  for (const table of reportSummaries) columns[`${table}.grain`] = 'Grain';
  // The schema in use only (`public` on PGlite, a private one in a shared PostgreSQL), named without prefix.
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema ?? 'public';
  const source = await generate({
    db,
    dialect: new PostgresDialect({ defaultSchemas: [schema] }),
    defaultSchemas: [schema],
    includePattern: `${schema}.*`,
    excludePattern: `${schema}.kysely_*`,
    customImports: Object.fromEntries(
      [
        'CodePurpose',
        'CustomerStatus',
        'StockMovementKind',
        'PaymentMethodColumn',
        'OrderImageKind',
        'PixUnmatchedReasonColumn',
        'UnitStatus',
        'OrderAdjustmentKind',
        'Grain',
        'BankSettingsType',
        'Figure',
        'PartMethodColumn',
        'PartStatusColumn',
        'CardKindColumn',
      ].map((name) => [name, `${columnTypes}#${name}`]),
    ),
    overrides: { columns },
    // Every bigint column is a summed figure of a report summary.
    typeMapping: { int8: 'Figure' },
    typeOnlyImports: true,
    print: false,
    outFile: null,
    logger: undefined,
  });
  return source;
}
