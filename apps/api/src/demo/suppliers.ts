import { businessDay, dayStart, shiftDay, supplierSearchText, withCnpjCheckDigits } from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { HOUR } from './clock';
import type { ProductPlan } from './products';
import { stream } from './random';
import { demoAdminId } from './staff';
import { SURNAMES } from './world/people';

/**
 * The demo's suppliers (issue 39 §1): three distributors of phones and accessories, the shop's landlord and the
 * petrol station of the couriers' fuel, each with a valid CNPJ (a fixed 12-character base and its check digits).
 */
export const DEMO_SUPPLIERS = [
  {
    key: 'paulista',
    name: 'Distribuidora Paulista de Celulares Ltda',
    trade_name: 'DPC Celulares',
    base: '128456780001',
    state_registration: '110042490114',
    contact_name: 'Roberta Lima',
    phone: '1133224455',
    email: 'vendas@dpccelulares.com.br',
    street: 'Rua Santa Ifigênia',
    number: '512',
    district: 'Santa Ifigênia',
    city: 'São Paulo',
    state: 'SP',
    postal_code: '01207001',
  },
  {
    key: 'mega',
    name: 'Mega Acessórios Importação e Comércio Ltda',
    trade_name: 'Mega Acessórios',
    base: '334512980001',
    state_registration: '206117845112',
    contact_name: 'Fábio Nakamura',
    phone: '1140028922',
    email: 'comercial@megaacessorios.com.br',
    street: 'Rua 25 de Março',
    number: '1020',
    district: 'Centro',
    city: 'São Paulo',
    state: 'SP',
    postal_code: '01021100',
  },
  {
    key: 'techcell',
    name: 'TechCell Distribuidora de Eletrônicos S.A.',
    trade_name: 'TechCell',
    base: '472019330001',
    state_registration: '79512366',
    contact_name: 'Marcos Teixeira',
    phone: '4130251800',
    email: 'pedidos@techcell.com.br',
    street: 'Avenida Sete de Setembro',
    number: '3165',
    district: 'Rebouças',
    city: 'Curitiba',
    state: 'PR',
    postal_code: '80230010',
  },
  {
    key: 'landlord',
    name: 'Imobiliária Santa Cecília Administração de Bens Ltda',
    trade_name: null,
    base: '093377410001',
    state_registration: null,
    contact_name: 'Sônia',
    phone: '1132217700',
    email: 'financeiro@imobsantacecilia.com.br',
    street: 'Rua Jaguaribe',
    number: '88',
    district: 'Santa Cecília',
    city: 'São Paulo',
    state: 'SP',
    postal_code: '01224000',
  },
  {
    key: 'fuel',
    name: 'Auto Posto Rota Central Ltda',
    trade_name: 'Posto Rota Central',
    base: '615522090001',
    state_registration: '115588230117',
    contact_name: null,
    phone: '1133318080',
    email: null,
    street: 'Avenida Rio Branco',
    number: '1400',
    district: 'Campos Elíseos',
    city: 'São Paulo',
    state: 'SP',
    postal_code: '01206001',
  },
] as const;

export type DemoSupplierKey = (typeof DEMO_SUPPLIERS)[number]['key'];

/** The days before today the suppliers were registered: the purchases by the suppliers' notes start then. */
export const SUPPLIERS_SINCE_DAYS = 120;

/** What the distributors sell: phones, accessories, or both. */
type Line = 'phones' | 'accessories' | 'both';

/** A distributor the shop buys from: the demo's three, and more at a larger scale. */
export interface Distributor {
  key: string;
  name: string;
  /** Its CNPJ (14 characters, check digits computed). */
  cnpj: string;
  line: Line;
  /** IBGE codes of its city and state (the note's cMunFG and cUF, the access key's first two digits). */
  cityCode: string;
  stateCode: string;
  /** Its own code for a product starts with this (cProd). */
  codePrefix: string;
  /** The number of the note it issues today (the demo's entries by XML); the day before, one less, and so on. */
  todayNumber: number;
}

/** The demo's three distributors: what they sell, where they are, their codes and today's notes' numbers. */
const FIXED_DISTRIBUTORS: Record<'paulista' | 'mega' | 'techcell', Omit<Distributor, 'key' | 'name' | 'cnpj'>> = {
  paulista: { line: 'both', cityCode: '3550308', stateCode: '35', codePrefix: 'DPC', todayNumber: 1204 },
  mega: { line: 'accessories', cityCode: '3550308', stateCode: '35', codePrefix: 'MGA', todayNumber: 9127 },
  techcell: { line: 'phones', cityCode: '4106902', stateCode: '41', codePrefix: 'TC', todayNumber: 48213 },
};

/** Where a larger demo's other distributors are: São Paulo mostly, Curitiba and Belo Horizonte. */
const PLACES = [
  { city: 'São Paulo', state: 'SP', cityCode: '3550308', stateCode: '35', postal: '01', phone: '11', weight: 6 },
  { city: 'Curitiba', state: 'PR', cityCode: '4106902', stateCode: '41', postal: '80', phone: '41', weight: 1 },
  { city: 'Belo Horizonte', state: 'MG', cityCode: '3106200', stateCode: '31', postal: '30', phone: '31', weight: 1 },
] as const;

/** A supplier's row before it is written (DEMO_SUPPLIERS' fields, its CNPJ base). */
interface SupplierRow {
  key: string;
  name: string;
  trade_name: string | null;
  base: string;
  state_registration: string | null;
  contact_name: string | null;
  phone: string;
  email: string | null;
  street: string;
  number: string;
  district: string;
  city: string;
  state: string;
  postal_code: string;
}

/**
 * The demo's suppliers at `scale`: DEMO_SUPPLIERS, and above scale 1 four more distributors for each unit of scale
 * (a shop of 40,000 products buys from hundreds), drawn from a stream of their own: names, CNPJs, places.
 */
export function demoSuppliers(scale: number): { rows: SupplierRow[]; distributors: Distributor[] } {
  const rows: SupplierRow[] = [...DEMO_SUPPLIERS];
  const distributors: Distributor[] = (Object.keys(FIXED_DISTRIBUTORS) as (keyof typeof FIXED_DISTRIBUTORS)[]).map(
    (key) => {
      const row = DEMO_SUPPLIERS.find((s) => s.key === key) as (typeof DEMO_SUPPLIERS)[number];
      return { key, name: row.name, cnpj: withCnpjCheckDigits(row.base), ...FIXED_DISTRIBUTORS[key] };
    },
  );
  const extra = Math.max(0, Math.round(4 * (scale - 1)));
  const rng = stream('suppliers');
  const lines = ['phones', 'accessories', 'both'] as const;
  for (let i = 0; i < extra; i++) {
    const line = lines[i % 3] as Line;
    const place = rng.weighted(PLACES.map((p) => [p, p.weight] as const));
    const surname = rng.pick(SURNAMES);
    const trade = `${surname} ${line === 'phones' ? 'Celulares' : line === 'accessories' ? 'Acessórios' : 'Telecom'}`;
    const suffix = rng.pick(['Distribuidora Ltda', 'Comércio e Importação Ltda', 'Atacado Ltda', 'Distribuidora S.A.']);
    // A base no customer or fixed supplier has: 9 and the index, then the branch 0001.
    const base = `9${String(i).padStart(7, '0')}0001`;
    const key = `distributor-${i + 1}`;
    rows.push({
      key,
      name: `${trade} ${suffix}`,
      trade_name: trade,
      base,
      state_registration: rng.digits(12),
      contact_name: null,
      phone: `${place.phone}3${rng.digits(7)}`,
      email: null,
      street: `Rua ${rng.pick(SURNAMES)}`,
      number: String(rng.int(10, 2_000)),
      district: 'Centro',
      city: place.city,
      state: place.state,
      postal_code: `${place.postal}${rng.digits(6)}`,
    });
    distributors.push({
      key,
      name: `${trade} ${suffix}`,
      cnpj: withCnpjCheckDigits(base),
      line,
      cityCode: place.cityCode,
      stateCode: place.stateCode,
      codePrefix: `F${i + 1}`,
      todayNumber: rng.int(2_000, 90_000),
    });
  }
  return { rows, distributors };
}

/**
 * Who a product is bought from: always the same distributor, among those that sell its kind (the lists split
 * once, not at each arrival: a scale-100 year has tens of thousands of arrivals and hundreds of distributors).
 */
export function distributorPicker(distributors: readonly Distributor[]): (product: ProductPlan) => Distributor {
  const phones = distributors.filter((d) => d.line !== 'accessories');
  const accessories = distributors.filter((d) => d.line !== 'phones');
  return (product) => {
    const selling = product.category === 'phone' ? phones : accessories;
    return selling[product.id % selling.length] as Distributor;
  };
}

/**
 * Writes the suppliers (registered by the administrator `SUPPLIERS_SINCE_DAYS` before today); answers their ids by
 * key.
 */
export async function seedSuppliers(
  trx: Transaction<Database>,
  anchor: number,
  rows: readonly SupplierRow[],
): Promise<Map<string, number>> {
  const admin = { id: await demoAdminId(trx) };
  const created = new Date(dayStart(shiftDay(businessDay(anchor), -SUPPLIERS_SINCE_DAYS)).getTime() + 9 * HOUR);
  const written = await trx
    .insertInto('suppliers')
    .values(
      rows.map(({ key: _key, base, ...fields }) => {
        const document = withCnpjCheckDigits(base);
        return {
          ...fields,
          document,
          search_text: supplierSearchText({
            name: fields.name,
            tradeName: fields.trade_name,
            document,
            phone: fields.phone,
          }),
          created_by: admin.id,
          created_at: created,
          updated_at: created,
        };
      }),
    )
    .returning(['id', 'document'])
    .execute();
  const byDocument = new Map(written.map((w) => [w.document, w.id]));
  return new Map(rows.map((r) => [r.key, byDocument.get(withCnpjCheckDigits(r.base)) as number]));
}
