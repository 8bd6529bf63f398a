import { formatDocument, withCnpjCheckDigits } from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { insertMany } from './bulk';
import { DAY, HOUR, MINUTE } from './clock';
import type { CustomerPlan } from './customers';
import type { ProductPlan } from './products';
import type { Random } from './random';

/** The demo shop itself. */
export const COMPANY = {
  id: 1,
  name: 'Conecta Cell Distribuidora Ltda',
  cnpj: withCnpjCheckDigits('345127780001'),
  /** The BR Code's merchant name and city (upper-case ASCII, ≤ 25 and ≤ 15). */
  merchantName: 'CONECTA CELL',
  merchantCity: 'SAO PAULO',
  /** Printed on the order's PDF with the name and CNPJ. */
  address: 'Rua Santa Ifigênia, 295 - Loja 12 - Santa Ifigênia\nSão Paulo/SP · 01207-001',
} as const;

/** Bank settings (a Pix key, a bank account, an old disabled key) and the company settings. */
export async function seedSettings(trx: Transaction<Database>, anchor: number): Promise<void> {
  const cnpj = formatDocument(COMPANY.cnpj);
  const since = new Date(anchor - 400 * DAY);
  await insertMany(trx, 'bank_settings', [
    {
      type: 'Pix',
      name: 'Pix CNPJ Conecta Cell',
      bank: 'Banco Inter (077)',
      cnpj,
      pix_type: 'CNPJ',
      pix_key: COMPANY.cnpj,
      disabled: false,
      created_at: since,
      updated_at: since,
    },
    {
      type: 'Transfer',
      name: 'Conta PJ Itaú',
      bank: 'Itaú Unibanco (341)',
      agency: '0912',
      account: '45873-2',
      cnpj,
      disabled: false,
      created_at: since,
      updated_at: since,
    },
    {
      type: 'Pix',
      name: 'Pix celular (antigo)',
      bank: 'Nubank (260)',
      cnpj,
      pix_type: 'PHONE',
      pix_key: '+5511987650000',
      disabled: true,
      created_at: since,
      updated_at: new Date(anchor - 200 * DAY),
    },
  ]);
  // Automatic Pix confirmation was switched off today (orders in PROCESSANDO/ERRO are left from it).
  await insertMany(trx, 'company_settings', [
    {
      company_id: COMPANY.id,
      name: COMPANY.name,
      pix_auto: false,
      merchant_name: COMPANY.merchantName,
      merchant_city: COMPANY.merchantCity,
      cnpj: formatDocument(COMPANY.cnpj),
      address: COMPANY.address,
      // The demo business is a shop set up long ago: no first-run setup (issue 21); its departures are
      // section 9's defaults (null: the contract's DEFAULT_DELIVERY_DEPARTURES).
      setup_completed_at: new Date(since),
      delivery_departures: null,
      updated_at: new Date(anchor - 10 * MINUTE),
    },
  ]);
}

/** A few customers with products in their cart, added over the last days. */
export async function seedCarts(
  trx: Transaction<Database>,
  rng: Random,
  customers: CustomerPlan[],
  products: ProductPlan[],
  anchor: number,
  scale: number,
): Promise<number> {
  const candidates = customers.filter((c) => c.status === 'APPROVED');
  const sellable = products.filter((p) => p.archivedAt === null && p.stock > 0);
  const rows = [];
  const chosen = new Set<number>();
  const wanted = Math.min(candidates.length, Math.max(3, Math.round(10 * scale)));
  for (let tries = 0; chosen.size < wanted && tries < wanted * 10; tries++) {
    const c = rng.pick(candidates);
    if (chosen.has(c.id)) continue;
    chosen.add(c.id);
    const items = new Set<number>();
    const n = rng.int(1, 4);
    for (let i = 0; i < n; i++) {
      const p = rng.pick(sellable);
      if (items.has(p.id)) continue;
      items.add(p.id);
      rows.push({
        customer_id: c.id,
        product_id: p.id,
        quantity: Math.min(p.stock, p.category === 'phone' ? 1 : rng.int(1, c.company ? 10 : 2)),
        added_at: new Date(anchor - rng.int(10 * MINUTE, 3 * 24 * HOUR)),
      });
    }
  }
  await insertMany(trx, 'cart_items', rows);
  return rows.length;
}
