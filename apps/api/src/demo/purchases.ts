import {
  businessDay,
  centsToReais,
  dayStart,
  PURCHASE_ENTRY_TEXTS,
  shiftDay,
  splitCents,
  withBusinessOffset,
  withCnpjCheckDigits,
} from '@backoffice/contract';
import { type Insertable, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { buildSampleNfe, type SampleNfeIssuer } from '../modules/purchases/nfe/sample-nfe';
import { enterNfe, readNfeFile } from '../modules/purchases/purchases.service';
import { columnTypes, insertColumns, insertMany, nextId } from './bulk';
import { at } from './clock';
import { DEMO_BANK_ACCOUNT } from './payables';
import type { ProductPlan } from './products';
import { COMPANY } from './settings';
import { demoAdminId } from './staff';
import { DEMO_SUPPLIERS, type Distributor } from './suppliers';
import { NCM } from './world/catalogue-kinds';
import { demoImei } from './year';
import type { PurchaseLine } from './year-state';

type SupplierKey = 'paulista' | 'mega' | 'techcell';

interface DemoNoteItem {
  /** The catalogue's product (world/catalogue.ts), linked by the stocker ('Vincular'). */
  product: string;
  /** cProd: the supplier's own code. */
  code: string;
  /** uCom: 'UN' unless the supplier sells it by the box (then `factor` units a box, confirmed). */
  unit?: string;
  factor?: number;
  qty: number;
  /** vUnCom, reais. */
  unitValue: string;
  /** vFrete, reais. */
  freight?: string;
  /** Where the phones' IMEIs are listed: infAdProd, or one rastro/nLote each. */
  imeisIn?: 'infAdProd' | 'rastro';
}

interface DemoNote {
  /** The distributor; the note's number is its number of today (`Distributor.todayNumber`). */
  supplier: SupplierKey;
  /** dhEmi: days before the demo's today, at 10:15 in the business's zone. */
  issuedDaysAgo: number;
  items: DemoNoteItem[];
  /** cobr/dup: due days from today and amounts in reais (together, the note's total). */
  instalments: { inDays: number; amount: string }[];
}

/**
 * The demo's entries by XML, worked out by hand (unit cost = (vProd + vFrete) ÷ units, decision 0049):
 * - TechCell 48213: Galaxy A15 3 × 812,00 + freight 30,00 = 2.466,00 (822,00 a phone); Galaxy A16 2 × 889,00
 *   + freight 20,00 = 1.798,00 (899,00 a phone); total R$ 4.264,00 in one bill due in 28 days. 5 phones by IMEI.
 * - Mega Acessórios 9127: 50 films × 9,80 = 490,00; 30 cases × 24,50 = 735,00; 10 chargers × 52,00 = 520,00;
 *   2 boxes of 10 cables × 89,00 = 178,00 (8,90 a cable); total R$ 1.923,00 in two bills of 961,50 (21 and 42 days).
 * - Distribuidora Paulista 1204: Redmi Note 13 2 × 1.045,00 = 2.090,00 (IMEIs in rastro); 20 cases × 24,50 = 490,00;
 *   30 films × 9,80 = 294,00; total R$ 2.874,00 in two bills of 1.437,00 (30 and 60 days).
 * Three entries, 9 items, 7 phones, 5 bills, R$ 9.061,00. None falls due in the next 7 days.
 */
const DEMO_NOTES: DemoNote[] = [
  {
    supplier: 'techcell',
    issuedDaysAgo: 3,
    items: [
      {
        product: 'Samsung Galaxy A15 5G 128GB Azul Escuro',
        code: 'SM-A156M-AZ128',
        qty: 3,
        unitValue: '812.00',
        freight: '30.00',
        imeisIn: 'infAdProd',
      },
      {
        product: 'Samsung Galaxy A16 5G 128GB Cinza',
        code: 'SM-A166M-CZ128',
        qty: 2,
        unitValue: '889.00',
        freight: '20.00',
        imeisIn: 'infAdProd',
      },
    ],
    instalments: [{ inDays: 28, amount: '4264.00' }],
  },
  {
    supplier: 'mega',
    issuedDaysAgo: 2,
    items: [
      { product: 'Película de Vidro 3D Geonav Galaxy A15', code: 'GEO-3D-A15', qty: 50, unitValue: '9.80' },
      {
        product: 'Capa Anti-impacto Gshield Galaxy A15 Transparente',
        code: 'GSH-AI-A15-TR',
        qty: 30,
        unitValue: '24.50',
      },
      {
        product: 'Carregador Samsung 25W USB-C Super Fast Charging Preto',
        code: 'EP-TA800-PT',
        qty: 10,
        unitValue: '52.00',
      },
      {
        product: 'Cabo i2GO USB para USB-C 2m Reforçado Preto',
        code: 'I2GO-USBC-2M-CX10',
        unit: 'CX',
        factor: 10,
        qty: 2,
        unitValue: '89.00',
      },
    ],
    instalments: [
      { inDays: 21, amount: '961.50' },
      { inDays: 42, amount: '961.50' },
    ],
  },
  {
    supplier: 'paulista',
    issuedDaysAgo: 1,
    items: [
      {
        product: 'Xiaomi Redmi Note 13 128GB Preto',
        code: 'XM-RN13-128-PT',
        qty: 2,
        unitValue: '1045.00',
        imeisIn: 'rastro',
      },
      {
        product: 'Capa Anti-impacto Gshield Redmi Note 13 Transparente',
        code: 'GSH-AI-RN13',
        qty: 20,
        unitValue: '24.50',
      },
      { product: 'Película de Vidro 3D Geonav Redmi Note 13', code: 'GEO-3D-RN13', qty: 30, unitValue: '9.80' },
    ],
    instalments: [
      { inDays: 30, amount: '1437.00' },
      { inDays: 60, amount: '1437.00' },
    ],
  },
];

/** The phones' serials of an entry: far past any the year gives a product (demoImei's serial per product). */
const ENTRY_SERIAL = 900_000;

/**
 * When the stocker enters the notes, today: 09:10, 09:45 and 10:20 when `now` is past them, else spread between
 * the day's start and `now` (a demo seeded early in the morning) — always after the year, which ends the day before.
 */
function entryTimes(anchor: number, now: number, count: number): Date[] {
  const preferred = Array.from({ length: count }, (_, i) => at(anchor, 9, 10 + 35 * i));
  if ((preferred.at(-1) ?? 0) <= now) return preferred.map((ms) => new Date(ms));
  return preferred.map((_, i) => new Date(anchor + Math.floor(((now - anchor) * (i + 1)) / (count + 1))));
}

/**
 * The service writes the entry at the clock's time; the demo dates it at `when` (today), as it dates everything:
 * the entry, its ledger rows and the phones they name, the bills, the supplier's codes remembered, the audit rows.
 */
async function dateEntry(trx: Transaction<Database>, purchaseId: number, when: Date) {
  await trx.updateTable('purchases').set({ created_at: when }).where('id', '=', purchaseId).execute();
  await trx.updateTable('stock_movements').set({ created_at: when }).where('purchase_id', '=', purchaseId).execute();
  await trx
    .updateTable('stock_movement_units')
    .set({ created_at: when })
    .where('movement_id', 'in', (eb) =>
      eb.selectFrom('stock_movements').select('id').where('purchase_id', '=', purchaseId),
    )
    .execute();
  await trx
    .updateTable('product_units')
    .set({ entered_at: when, updated_at: when })
    .where('purchase_id', '=', purchaseId)
    .execute();
  await trx.updateTable('payables').set({ created_at: when }).where('purchase_id', '=', purchaseId).execute();
  await sql`update supplier_product_codes c set updated_at = ${when} from purchase_items i join purchases p on p.id = i.purchase_id
    where i.purchase_id = ${purchaseId} and c.supplier_id = p.supplier_id and c.supplier_code = i.supplier_code`.execute(
    trx,
  );
  await sql`update products set updated_at = ${when} where id in (select product_id from purchase_items where purchase_id = ${purchaseId})`.execute(
    trx,
  );
  await sql`update audit_events set created_at = ${when}
    where (entity = 'purchase' and entity_id = ${String(purchaseId)})
       or (entity = 'payable' and entity_id in (select id::text from payables where purchase_id = ${purchaseId}))`.execute(
    trx,
  );
}

/**
 * The demo's entries by the supplier's NF-e XML (issue 39 §2): DEMO_NOTES built as the suppliers' signed XML
 * (sample-nfe.ts: their CNPJ, the shop as recipient), read and entered by the stocker through the purchases service
 * (`readNfeFile`, `enterNfe`) in the seed's transaction, each item linked to its catalogue product: 'Entradas' lists
 * them with their items and bills, the phones come in by IMEI, stock and average cost move by PURCHASE ledger rows.
 * A note whose products are not all in the catalogue (a demo below scale 0.3 keeps only the most popular products:
 * accessories) is left out; above, the same three notes at any scale. Returns the rows written by table.
 */
export async function seedPurchases(
  trx: Transaction<Database>,
  ctx: { products: ProductPlan[]; distributors: readonly Distributor[]; anchor: number; now: number },
): Promise<{ purchases: number; purchase_items: number }> {
  const stocker = await trx
    .selectFrom('employees')
    .select('id')
    .where('email', '=', 'estoquista@demo.com.br')
    .executeTakeFirstOrThrow();
  const byName = new Map(ctx.products.filter((p) => p.archivedAt === null).map((p) => [p.name, p]));
  const today = businessDay(ctx.anchor);
  const notes = DEMO_NOTES.filter((note) => note.items.every((item) => byName.has(item.product)));
  const times = entryTimes(ctx.anchor, ctx.now, notes.length);
  let items = 0;
  for (const [index, note] of notes.entries()) {
    const supplier = DEMO_SUPPLIERS.find((s) => s.key === note.supplier) as (typeof DEMO_SUPPLIERS)[number];
    const distributor = ctx.distributors.find((d) => d.key === note.supplier) as Distributor;
    const issuer: SampleNfeIssuer = {
      cnpj: withCnpjCheckDigits(supplier.base),
      name: supplier.name,
      tradeName: supplier.trade_name ?? supplier.name,
      stateRegistration: supplier.state_registration ?? 'ISENTO',
      phone: supplier.phone,
      street: supplier.street,
      number: supplier.number,
      complement: null,
      district: supplier.district,
      city: supplier.city,
      state: supplier.state,
      postalCode: supplier.postal_code,
      cityCode: distributor.cityCode,
    };
    const lines = note.items.map((item) => {
      const product = byName.get(item.product) as ProductPlan;
      const imeis =
        item.imeisIn && product.category === 'phone'
          ? Array.from({ length: item.qty }, (_, k) => demoImei(product.id, ENTRY_SERIAL + k))
          : [];
      return { item, product, imeis };
    });
    const xml = buildSampleNfe({
      issuer,
      recipientCnpj: COMPANY.cnpj,
      recipientName: COMPANY.name,
      number: distributor.todayNumber,
      issuedAt: withBusinessOffset(`${shiftDay(today, -note.issuedDaysAgo)}T10:15:00`),
      items: lines.map(({ item, product, imeis }) => ({
        code: item.code,
        name: product.name,
        ncm: NCM[product.category],
        unit: item.unit,
        qty: item.qty,
        unitValue: item.unitValue,
        freight: item.freight,
        ...(item.imeisIn === 'infAdProd' && imeis.length > 0 ? { infAdProd: `IMEI: ${imeis.join(' ')}` } : {}),
        ...(item.imeisIn === 'rastro' && imeis.length > 0 ? { rastro: imeis } : {}),
      })),
      instalments: note.instalments.map((instalment, n) => ({
        number: String(n + 1).padStart(3, '0'),
        dueDate: shiftDay(today, instalment.inDays),
        amount: instalment.amount,
      })),
    }).xml;
    const read = await readNfeFile(Buffer.from(xml, 'utf8'));
    const { id } = await enterNfe(trx, stocker.id, read, {
      items: lines.map(({ item, product }, n) => ({
        line: n + 1,
        productId: product.id,
        ...(item.factor ? { factor: item.factor } : {}),
      })),
      confirmRecipient: false,
      // The demo's notes are signed by the sample certificate, not the distributors' own: the clerk accepted it.
      acceptCertificate: true,
    });
    await dateEntry(trx, id, times[index] as Date);
    items += lines.length;
  }
  return { purchases: notes.length, purchase_items: items };
}

/** A note's bills: one due 28 days after issue up to R$ 2.000,00, else two halves at 30 and 60 days. */
function instalmentsOf(totalCents: number, issuedDay: string): { number: string; due: string; cents: number }[] {
  if (totalCents <= 200_000) return [{ number: '001', due: shiftDay(issuedDay, 28), cents: totalCents }];
  const [first, second] = splitCents(totalCents, 2, 'first') as [number, number];
  return [
    { number: '001', due: shiftDay(issuedDay, 30), cents: first },
    { number: '002', due: shiftDay(issuedDay, 60), cents: second },
  ];
}

/**
 * The distributors' notes of the last months (issue 39: "a few months of entries by XML"), from the year's arrivals
 * (`YearStats.purchaseLines`: one note a distributor a day, its items the ledger rows and phones the year wrote):
 * each note as 'Entrada por XML' writes it — the entry, its items with their costs and ledger rows, the
 * distributor's codes remembered, the phones and ledger rows naming it, its bills (paid on their due day by the
 * administrator; one in five of those due in the last ten days still open, overdue; the later ones open) and its
 * audit row. Written in bulk (thousands of notes at scale 100). Returns the rows written by table.
 */
export async function seedYearPurchases(
  trx: Transaction<Database>,
  ctx: {
    lines: readonly PurchaseLine[];
    supplierIds: ReadonlyMap<string, number>;
    products: ProductPlan[];
    anchor: number;
  },
): Promise<Record<string, number>> {
  const admin = { id: await demoAdminId(trx) };
  const today = businessDay(ctx.anchor);
  const productsById = new Map(ctx.products.map((p) => [p.id, p]));
  const notes = new Map<string, PurchaseLine[]>();
  for (const line of ctx.lines) {
    const lines = notes.get(line.accessKey);
    if (lines) lines.push(line);
    else notes.set(line.accessKey, [line]);
  }
  let purchaseId = await nextId(trx, 'purchases');
  let payableId = await nextId(trx, 'payables');
  const purchases: Insertable<Database['purchases']>[] = [];
  const items: Insertable<Database['purchase_items']>[] = [];
  const codes = new Map<string, Insertable<Database['supplier_product_codes']>>();
  const payables: Insertable<Database['payables']>[] = [];
  const payments: Insertable<Database['payable_payments']>[] = [];
  const audits: Insertable<Database['audit_events']>[] = [];
  const movements: { movement: number; purchase: number }[] = [];
  const units: { unit: number; purchase: number }[] = [];
  for (const lines of notes.values()) {
    const first = lines[0] as PurchaseLine;
    const id = purchaseId++;
    const supplierId = ctx.supplierIds.get(first.distributor.key) as number;
    const enteredAt = new Date(first.when);
    const rows = lines.map((line, index) => {
      const product = productsById.get(line.productId) as ProductPlan;
      const cents = line.quantity * line.unitCost;
      const code = `${first.distributor.codePrefix}-${product.code}`;
      codes.set(`${supplierId}:${code}`, {
        supplier_id: supplierId,
        supplier_code: code,
        product_id: product.id,
        factor: 1,
        unit: 'UN',
        updated_by: line.by,
        updated_at: enteredAt,
      });
      movements.push({ movement: line.movementId, purchase: id });
      for (const unit of line.unitIds) units.push({ unit, purchase: id });
      return {
        purchase_id: id,
        line: index + 1,
        supplier_code: code,
        description: product.name,
        gtin: null,
        ncm: NCM[product.category],
        unit: 'UN',
        quantity: `${line.quantity}.0000`,
        factor: 1,
        units: line.quantity,
        product_id: product.id,
        product_cents: cents,
        freight_cents: 0,
        insurance_cents: 0,
        discount_cents: 0,
        other_cents: 0,
        ipi_cents: 0,
        icms_st_cents: 0,
        total_cost_cents: cents,
        unit_cost_cents: line.unitCost,
        cost_before_cents: line.costBefore,
        cost_after_cents: line.costAfter,
        movement_id: line.movementId,
      };
    });
    items.push(...rows);
    const total = rows.reduce((sum, row) => sum + row.total_cost_cents, 0);
    const number = String(first.number);
    purchases.push({
      id,
      access_key: first.accessKey,
      supplier_id: supplierId,
      number,
      series: '1',
      issued_at: new Date(withBusinessOffset(`${first.issuedDay}T10:15:00`)),
      total_cents: total,
      items_count: rows.length,
      signature_status: 'VALID',
      unsigned_reason: null,
      recipient_document: COMPANY.cnpj,
      recipient_confirmed: false,
      idempotency_key: null,
      created_by: first.by,
      created_at: enteredAt,
    });
    for (const bill of instalmentsOf(total, first.issuedDay)) {
      const billId = payableId++;
      const overdue = bill.due >= shiftDay(today, -10) && billId % 5 === 0;
      const paid = bill.due < today && !overdue;
      payables.push({
        id: billId,
        supplier_id: supplierId,
        purchase_id: id,
        category: 'COMPRA',
        description: PURCHASE_ENTRY_TEXTS.billDescription(number, '1', first.distributor.name),
        document_number: bill.number,
        due_date: bill.due,
        amount_cents: bill.cents,
        paid_cents: paid ? bill.cents : 0,
        created_by: first.by,
        created_at: enteredAt,
      });
      if (paid)
        payments.push({
          payable_id: billId,
          paid_on: bill.due,
          method: 'BOLETO',
          account: DEMO_BANK_ACCOUNT,
          amount_cents: bill.cents,
          note: null,
          employee_id: admin.id,
          created_at: new Date(at(dayStart(bill.due).getTime(), 11)),
        });
    }
    audits.push({
      employee_id: first.by,
      entity: 'purchase',
      entity_id: String(id),
      action: 'nfe-entry',
      changes: JSON.stringify({
        accessKey: first.accessKey,
        supplierId,
        number,
        series: '1',
        total: centsToReais(total),
        signature: 'VALID',
        items: lines.map((line, index) => ({
          line: index + 1,
          productId: line.productId,
          units: line.quantity,
          unitCost: centsToReais(line.unitCost),
          costAfter: centsToReais(line.costAfter),
        })),
      }),
      created_at: enteredAt,
    });
  }
  await insertColumns(trx, 'purchases', purchases, await columnTypes(trx, 'purchases'));
  await insertColumns(trx, 'purchase_items', items, await columnTypes(trx, 'purchase_items'));
  await insertColumns(
    trx,
    'supplier_product_codes',
    [...codes.values()],
    await columnTypes(trx, 'supplier_product_codes'),
  );
  await insertColumns(trx, 'payables', payables, await columnTypes(trx, 'payables'));
  await insertColumns(trx, 'payable_payments', payments, await columnTypes(trx, 'payable_payments'));
  await insertMany(trx, 'audit_events', audits);
  // The ledger rows and the phones that came by a note name it.
  for (let i = 0; i < movements.length; i += 10_000) {
    const chunk = movements.slice(i, i + 10_000);
    await sql`update stock_movements set purchase_id = v.purchase
      from (select unnest(${chunk.map((m) => m.movement)}::int[]) as id, unnest(${chunk.map((m) => m.purchase)}::int[]) as purchase) as v
      where stock_movements.id = v.id`.execute(trx);
  }
  for (let i = 0; i < units.length; i += 10_000) {
    const chunk = units.slice(i, i + 10_000);
    await sql`update product_units set purchase_id = v.purchase
      from (select unnest(${chunk.map((u) => u.unit)}::int[]) as id, unnest(${chunk.map((u) => u.purchase)}::int[]) as purchase) as v
      where product_units.id = v.id`.execute(trx);
  }
  return {
    purchases: purchases.length,
    purchase_items: items.length,
    payables: payables.length,
    payable_payments: payments.length,
  };
}
