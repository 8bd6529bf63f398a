import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { normalizePixKey, PIX_KEY_TYPES, PIX_LIMITS, type PixKeyType, toPixText } from './frozen/0005-pix';
import { runStatements } from './run-statements';

/** Pix key types written before the types were fixed (the first demo wrote 'Celular'). */
const LEGACY_PIX_TYPES: Record<string, PixKeyType> = {
  celular: 'PHONE',
  telefone: 'PHONE',
  'e-mail': 'EMAIL',
  email: 'EMAIL',
  aleatoria: 'EVP',
  'chave aleatoria': 'EVP',
};

/** The tables as this migration finds them (not as schema.ts says later). */
interface Tables {
  company_settings: { company_id: number; name: string; merchant_name: string };
  bank_settings: { id: number; type: string; pix_type: string | null; pix_key: string | null; disabled: boolean };
}

/** The longest start of `text` of at most `max` characters that ends at a word. */
function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max + 1);
  const space = cut.lastIndexOf(' ');
  return (space > 0 ? cut.slice(0, space) : text.slice(0, max)).trim();
}

/**
 * The company's Pix merchant name (≤ 25) and city (≤ 15) for the BR Code, in upper-case ASCII; Pix keys
 * in the DICT's form under the fixed types (CPF, CNPJ, PHONE, EMAIL, EVP); at most one active key per type.
 */
export const companyMerchant: Migration = {
  async up(db: Kysely<Tables>) {
    await runStatements(db as Kysely<unknown>, [
      `alter table company_settings
         add column merchant_name text not null default ''
           check (char_length(merchant_name) <= ${PIX_LIMITS.merchantName} and merchant_name ~ '^[ -~]*$'),
         add column merchant_city text not null default ''
           check (char_length(merchant_city) <= ${PIX_LIMITS.merchantCity} and merchant_city ~ '^[ -~]*$')`,
    ]);
    // The name is known; the city is not (the seed sets it for the demo; the administrator sets it otherwise).
    const companies = await db.selectFrom('company_settings').select(['company_id', 'name']).execute();
    for (const company of companies) {
      await db
        .updateTable('company_settings')
        .set({ merchant_name: cutAtWord(toPixText(company.name), PIX_LIMITS.merchantName) })
        .where('company_id', '=', company.company_id)
        .execute();
    }

    const keys = await db
      .selectFrom('bank_settings')
      .select(['id', 'pix_type', 'pix_key', 'disabled'])
      .where('type', '=', 'Pix')
      .orderBy('id')
      .execute();
    const activeTypes = new Set<string>();
    for (const row of keys) {
      const raw = String(row.pix_type ?? '').trim();
      const folded = raw
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase();
      const type = (PIX_KEY_TYPES as readonly string[]).includes(raw.toUpperCase())
        ? (raw.toUpperCase() as PixKeyType)
        : LEGACY_PIX_TYPES[folded];
      const key = type && row.pix_key ? normalizePixKey(type, row.pix_key) : null;
      // A key that cannot be read stays listed, disabled, for the administrator to fix or remove;
      // a second active key of a type is disabled too.
      const disabled = Boolean(row.disabled) || !type || !key || activeTypes.has(type);
      if (!disabled && type) activeTypes.add(type);
      await db
        .updateTable('bank_settings')
        .set({ pix_type: type ?? row.pix_type, pix_key: key ?? row.pix_key, disabled })
        .where('id', '=', row.id)
        .execute();
    }
    await runStatements(db as Kysely<unknown>, [
      `create unique index bank_settings_one_active_pix_type on bank_settings (pix_type)
         where type = 'Pix' and not disabled`,
    ]);
  },
  async down(db) {
    await runStatements(db as Kysely<unknown>, [
      'drop index bank_settings_one_active_pix_type',
      'alter table company_settings drop column merchant_name, drop column merchant_city',
    ]);
  },
};
