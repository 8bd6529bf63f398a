import {
  businessDay,
  EMPLOYEE_FUNCS,
  FULL_ACCESS,
  luhnCheckDigit,
  productCreateSchema,
  type RepairAction,
  type RepairMoveBody,
  shiftDay,
} from '@backoffice/contract';
import { sql } from 'kysely';
import type { AppConfig } from '../config';
import type { DB } from '../db/database';
import { createFileLinks } from '../lib/file-links';
import type { Storage } from '../lib/storage';
import { insertProducts } from '../modules/products/products.service';
import { createRepairsService, lateAt } from '../modules/repairs/repairs.service';
import { moveStock, unitByImei } from '../modules/stock/stock.service';
import type { Principal } from '../plugins/auth';
import { at, DAY, HOUR, localDayStart, MINUTE } from './clock';
import { assertNoOpenDrawer, dateSince, marks, recodeOrder } from './dated';
import { packagingPicture, signaturePicture } from './images';
import { ensureBrands, pictureProducts } from './products';
import { stream } from './random';
import { demoAdminId } from './staff';

/** The parts the repair counter keeps in stock (reais), in the catalogue's brands. */
export const DEMO_REPAIR_PARTS: ReadonlyArray<{
  name: string;
  brand: string;
  cost: number;
  sell: number;
  stock: number;
}> = [
  { name: 'Tela iPhone 12 (peça)', brand: 'Apple', cost: 200, sell: 350, stock: 6 },
  { name: 'Bateria iPhone 11 (peça)', brand: 'Apple', cost: 90, sell: 180, stock: 10 },
  { name: 'Tela Galaxy S21 (peça)', brand: 'Samsung', cost: 260, sell: 450, stock: 4 },
  { name: 'Conector de carga Galaxy A54 (peça)', brand: 'Samsung', cost: 35, sell: 90, stock: 12 },
];

/** A customer's device brought for repair: TAC 87 (no demo model has it), its number, the Luhn check digit. */
export function repairDemoImei(n: number): string {
  const body = `87${String(n).padStart(12, '0')}`;
  return `${body}${luhnCheckDigit(body)}`;
}

const PROBLEMS = [
  { model: 'iPhone 12', problem: 'Tela trincada após queda; toque falhando no canto inferior.', part: 0, labour: 120 },
  {
    model: 'iPhone 11',
    problem: 'Bateria descarrega em poucas horas e o aparelho desliga sozinho.',
    part: 1,
    labour: 80,
  },
  { model: 'Galaxy S21', problem: 'Tela com manchas verdes e linhas.', part: 2, labour: 150 },
  { model: 'Galaxy A54', problem: 'Não carrega: o cabo só funciona em uma posição.', part: 3, labour: 60 },
] as const;

/**
 * The repair counter's work as the demo opens (issue 42 §2, decision 0059), through the repairs service itself: its
 * parts in stock, service orders in each step of the bench (received, in diagnosis, an estimate waiting for the
 * customer, one late), a device refused and returned, and a phone of our own sale repaired under its warranty (no
 * bill: its screen a warranty cost) — ready, and another delivered with the customer's signature. The counter's
 * day, not a year: a repair's bill is an order of today (decision 0059), which the year's orders do not hold.
 */
export async function seedRepairs(
  db: DB,
  options: { storage: Storage; scale?: number; now?: Date; serverSecret?: string },
): Promise<Record<string, number>> {
  const rng = stream('repairs');
  // The year's service orders, planned first: the parts' first stock a year ago covers what they will use.
  const year = planRepairYear(localDayStart((options.now ?? new Date()).getTime()), options.scale ?? 1);
  const uses = DEMO_REPAIR_PARTS.map(
    (_, index) => year.filter((r) => r.fate === 'DELIVERED' && r.problem.part === index).length,
  );
  // The service dates what it does by the clock: the counter's day is today's.
  const now = new Date();
  const today = businessDay(now);
  const service = createRepairsService({
    db,
    storage: options.storage,
    // The service signs picture links for the reader of a repair; the seed reads none.
    fileLinks: createFileLinks('demo-seed'),
    // The device passwords are sealed with the server's secret (never opened by the API: a stand-in secret will do).
    config: { publicUrl: '', jwtSecret: options.serverSecret ?? 'demo-seed' } as AppConfig,
  });
  const { adminId, admin, technician } = await counterStaff(db);
  const parts = await seedRepairParts(db, options.storage, adminId, uses, year);

  const customers = await db
    .selectFrom('customers')
    .select('id')
    .where('status', '=', 'APPROVED')
    .where(sql<boolean>`length(document) = 11`)
    .orderBy('id')
    .limit(20)
    .execute();
  const photo = (await packagingPicture(rng)).toString('base64');
  const counter = repairCounter({ service, admin, technician, parts, rng, now, photo, customers });

  // The year behind the counter, each service order's whole life through the service at its own moments.
  const signature = (await signaturePicture(rng)).toString('base64');
  await seedRepairYear(db, counter, year, { adminId, signature });
  await seedCounterDay(db, counter, today);
  const warranty = await seedWarrantyRepairs(db, counter, shiftDay(today, 3));
  return {
    repairs: year.length + counter.opened() + warranty,
    repairs_of_the_year: year.length,
    repair_parts_products: parts.length,
    warranty_repairs: warranty,
  };
}

/** The counter's staff: the demo's administrator (who receives and bills) and its first technician (the bench). */
async function counterStaff(db: DB) {
  const adminId = await db.transaction().execute((trx) => demoAdminId(trx));
  const admin: Principal = {
    employeeId: adminId,
    name: 'Administrador',
    permissions: [FULL_ACCESS],
    func: 1,
    tokenVersion: 0,
  };
  const techRow = await db
    .selectFrom('employees')
    .select(['id', 'name', 'token_version'])
    .where('func', '=', EMPLOYEE_FUNCS.TECHNICIAN)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const technician: Principal = {
    employeeId: techRow.id,
    name: techRow.name,
    permissions: [],
    func: EMPLOYEE_FUNCS.TECHNICIAN,
    tokenVersion: techRow.token_version,
  };
  return { adminId, admin, technician };
}

/**
 * The parts the counter keeps, made as products with their pictures; their first stock a year ago, as a product's
 * initial stock comes in ('Estoque inicial', an ADJUSTMENT row): what the year's repairs took and what is left today.
 */
async function seedRepairParts(
  db: DB,
  storage: Storage,
  adminId: number,
  uses: number[],
  year: PlannedRepair[],
): Promise<{ id: number }[]> {
  return db.transaction().execute(async (trx) => {
    await ensureBrands(
      trx,
      DEMO_REPAIR_PARTS.map((p) => p.brand),
    );
    const created = await insertProducts(
      trx,
      adminId,
      DEMO_REPAIR_PARTS.map((part) => ({
        input: productCreateSchema.parse({
          name: part.name,
          brand: part.brand,
          cost: part.cost,
          sellPrice: part.sell,
          discount: { goldPercentage: 10, silverPercentage: 15, bronzePercentage: 20 },
          stock: part.stock,
          tags: ['peça', 'assistência'],
          ncm: '85177900',
        }),
        origin: { source: 'demo' },
      })),
    );
    const mark = await marks(trx);
    await moveStock(
      trx,
      { kind: 'ADJUSTMENT', employeeId: adminId },
      created.map((product, index) => ({
        productId: product.id,
        newStock: (DEMO_REPAIR_PARTS[index] as (typeof DEMO_REPAIR_PARTS)[number]).stock + (uses[index] ?? 0),
      })),
    );
    if (year.length > 0) await dateSince(trx, mark, new Date((year[0] as PlannedRepair).opened - 7 * DAY));
    // Each with its picture, as every product of the demo.
    await pictureProducts(
      trx,
      storage,
      created.map((product, index) => {
        const part = DEMO_REPAIR_PARTS[index] as (typeof DEMO_REPAIR_PARTS)[number];
        return { id: product.id, name: part.name, brand: part.brand, file: `peca-${index + 1}.jpg` };
      }),
    );
    return created;
  });
}

type Problem = (typeof PROBLEMS)[number];
type RepairCounter = ReturnType<typeof repairCounter>;

/**
 * The counter's hands: a device brought in (`open`: the counter's form as it is sent), a fresh one for today's
 * board (`fresh`, counted by `opened`), an estimate sent by the bench.
 */
function repairCounter(counter: {
  service: ReturnType<typeof createRepairsService>;
  admin: Principal;
  technician: Principal;
  parts: { id: number }[];
  rng: ReturnType<typeof stream>;
  now: Date;
  photo: string;
  customers: { id: number }[];
}) {
  const { service, admin, technician, parts, rng, now, photo, customers } = counter;
  let n = 0;
  /** A device brought in with its problem: the counter's form as it is sent, at `at` (the clock's now by default). */
  const open = async (customerId: number, imei: string, problem: Problem, at = now, photos: string[] = [photo]) =>
    service.create(
      admin,
      {
        customerId,
        imei,
        model: problem.model,
        devicePassword: String(rng.int(1000, 999_999)),
        problem: problem.problem,
        checklist: [
          { item: 'Liga', ok: true },
          { item: 'Tela', ok: problem.part !== 0 && problem.part !== 2 },
          { item: 'Câmera', ok: true },
          { item: 'Carregamento', ok: problem.part !== 3 },
        ],
        accessories: rng.pick(['Capinha', 'Sem acessórios', 'Capinha e carregador']),
        photos,
        estimatedDate: shiftDay(businessDay(at), 3),
        technicianId: technician.employeeId,
      },
      at,
    );
  const fresh = async (step: number) => {
    n++;
    const problem = PROBLEMS[step % PROBLEMS.length] as Problem;
    const customer = customers[n % customers.length] as { id: number };
    return { repair: await open(customer.id, repairDemoImei(n), problem), problem };
  };
  const estimate = (id: number, problem: Problem) =>
    service.move(technician, id, 'sendEstimate', estimateBody(problem, parts));
  return { ...counter, open, fresh, estimate, opened: () => n };
}

/** The bench's estimate of a problem: its diagnosis, its part, its labour. */
function estimateBody(problem: Problem, parts: { id: number }[]): RepairMoveBody {
  return {
    diagnosis: `Diagnóstico: ${problem.problem.split(':')[0]?.toLowerCase() ?? 'defeito confirmado'}; troca da peça.`,
    parts: [{ productId: (parts[problem.part] as { id: number }).id, quantity: 1 }],
    labour: problem.labour,
  };
}

/** The year behind the counter: each planned service order's whole life through the service, at its own moments. */
async function seedRepairYear(
  db: DB,
  counter: RepairCounter,
  year: PlannedRepair[],
  { adminId, signature }: { adminId: number; signature: string },
): Promise<void> {
  const { service, admin, technician, parts, photo } = counter;
  // Customers approved by then (and not blocked since), as any sale's.
  const yearCustomers = await db
    .selectFrom('customers')
    .select(['id', 'approved_at'])
    .where('status', '=', 'APPROVED')
    .where('approved_at', 'is not', null)
    .orderBy('approved_at')
    .orderBy('id')
    .execute();
  const codes = stream('repair-bill-codes');
  // The bills are handed over in the admin's name: none may land in a register open today.
  await assertNoOpenDrawer(db, adminId);
  for (const [index, plan] of year.entries()) {
    const known = yearCustomers.filter((c) => new Date(c.approved_at as Date).getTime() < plan.opened - DAY);
    const customer = (known.length > 0 ? known[(index * 7) % known.length] : yearCustomers[0]) as { id: number };
    const step = async <T>(atMs: number, call: (at: Date) => Promise<T>): Promise<T> => {
      const mark = await marks(db);
      const result = await call(new Date(atMs));
      await dateSince(db, mark, new Date(atMs));
      return result;
    };
    const problem = plan.problem;
    // The arrival's photo on some (each is re-encoded and stored: the seed's time).
    const repair = await step(plan.opened, (at) =>
      counter.open(
        customer.id,
        repairDemoImei(YEAR_IMEI_FROM + index),
        plan.problem,
        at,
        index % 10 === 0 ? [photo] : [],
      ),
    );
    const move = (atMs: number, who: Principal, action: RepairAction, body: RepairMoveBody) =>
      step(atMs, (at) => service.move(who, repair.id, action, body, at));
    await move(plan.opened + 2 * HOUR, technician, 'startDiagnosis', {});
    if (plan.fate === 'RETURNED') {
      await move(plan.opened + DAY, admin, 'returnDevice', {
        note: 'Sem conserto viável: placa danificada por umidade.',
      });
      continue;
    }
    await move(plan.opened + DAY, technician, 'sendEstimate', estimateBody(problem, parts));
    if (plan.fate === 'REFUSED') {
      await move(plan.opened + DAY + 4 * HOUR, admin, 'refuse', { note: 'O cliente preferiu não consertar.' });
      await move(plan.opened + 2 * DAY, admin, 'returnDevice', { note: 'Devolvido ao cliente sem reparo.' });
      continue;
    }
    await move(plan.opened + DAY + 2 * HOUR + 30 * MINUTE, admin, 'approve', { payment: 'CASH' });
    // The bill's code from the demo's own sequence, so every run gives the same business (the service draws one).
    const bill = await db
      .selectFrom('orders')
      .select('id')
      .where('repair_id', '=', repair.id)
      .executeTakeFirstOrThrow();
    const code = await recodeOrder(db, bill.id, codes.next);
    await sql`update audit_events set changes = jsonb_set(changes, '{order}', to_jsonb(${code}::text))
      where entity = 'repair' and entity_id = ${String(repair.id)} and action = 'approve'`.execute(db);
    await move(plan.opened + 2 * DAY, technician, 'startRepair', {});
    await move(plan.opened + 2 * DAY + 4 * HOUR, technician, 'finishRepair', {});
    // Collected and paid at the counter: the bill finalized in the same event.
    await move(plan.delivered, admin, 'deliver', { signature });
    const delivered = new Date(plan.delivered);
    await db
      .updateTable('orders')
      .set({ finished_at: delivered, updated_at: delivered, status_since: delivered })
      .where('repair_id', '=', repair.id)
      .execute();
  }
}

/**
 * The counter's day: two just received, two in diagnosis, two estimates waiting for the customer's answer, one
 * refused and given back, one late.
 */
async function seedCounterDay(db: DB, counter: RepairCounter, today: string): Promise<void> {
  const { service, admin, technician, fresh, estimate } = counter;
  for (let i = 0; i < 2; i++) await fresh(i);
  for (let i = 0; i < 2; i++) {
    const { repair } = await fresh(i + 2);
    await service.move(technician, repair.id, 'startDiagnosis', {});
  }
  for (let i = 0; i < 2; i++) {
    const { repair, problem } = await fresh(i + 1);
    await service.move(technician, repair.id, 'startDiagnosis', {});
    await estimate(repair.id, problem);
  }
  // One refused by its customer and given back without repair.
  {
    const { repair, problem } = await fresh(3);
    await service.move(technician, repair.id, 'startDiagnosis', {});
    await estimate(repair.id, problem);
    await service.move(admin, repair.id, 'refuse', { note: 'O cliente preferiu não consertar.' });
    await service.move(admin, repair.id, 'returnDevice', { note: 'Devolvido ao cliente sem reparo.' });
  }
  // One received three days ago and promised for yesterday: late (the bell, the lists).
  const late = await fresh(0);
  await service.move(technician, late.repair.id, 'startDiagnosis', {});
  await db
    .updateTable('repairs')
    .set({ estimated_date: shiftDay(today, -1), late_at: lateAt(shiftDay(today, -1)) })
    .where('id', '=', late.repair.id)
    .execute();
}

/**
 * Phones of our own sale still under warranty, brought back with a defect: repaired at no cost to the customer (one
 * ready, one delivered with the customer's signature). Answers how many.
 */
async function seedWarrantyRepairs(db: DB, counter: RepairCounter, estimated: string): Promise<number> {
  const { service, admin, technician, rng, now, photo, estimate } = counter;
  const sold = await db
    .selectFrom('product_units as u')
    .innerJoin('orders as o', 'o.id', 'u.order_id')
    .innerJoin('products as p', 'p.id', 'u.product_id')
    .select(['u.imei', 'o.customer_id', 'p.name'])
    .where('u.status', '=', 'SOLD')
    .where('o.finished_at', 'is not', null)
    .orderBy('o.finished_at', 'desc')
    .limit(40)
    .execute();
  const covered: typeof sold = [];
  for (const unit of sold) {
    if (covered.length === 2) break;
    const known = await unitByImei(db, unit.imei, now).catch(() => null);
    if (known?.warrantyDaysLeft && known.warrantyDaysLeft > 30) covered.push(unit);
  }
  let warranty = 0;
  for (const [index, unit] of covered.entries()) {
    const problem = PROBLEMS[index + 1] as Problem;
    const repair = await service.create(admin, {
      customerId: unit.customer_id,
      imei: unit.imei,
      model: unit.name,
      problem: problem.problem,
      checklist: [{ item: 'Liga', ok: true }],
      accessories: 'Sem acessórios',
      photos: [photo],
      estimatedDate: estimated,
      technicianId: technician.employeeId,
    });
    await service.move(technician, repair.id, 'startDiagnosis', {});
    await estimate(repair.id, problem);
    await service.move(admin, repair.id, 'approve', {});
    await service.move(technician, repair.id, 'startRepair', {});
    await service.move(technician, repair.id, 'finishRepair', {});
    if (index === 1) {
      const signature = (await signaturePicture(rng)).toString('base64');
      await service.move(admin, repair.id, 'deliver', { signature });
    }
    warranty++;
  }
  return warranty;
}

/** The year's devices take IMEIs after the counter's day's (TAC 87, numbers from here). */
const YEAR_IMEI_FROM = 1000;

interface PlannedRepair {
  opened: number;
  delivered: number;
  problem: (typeof PROBLEMS)[number];
  fate: 'DELIVERED' | 'REFUSED' | 'RETURNED';
}

/**
 * The year's service orders (issue 42: a year of repairs): about two a week at scale 1 (at most three times that,
 * the bench's size), opened on working days over the year before `anchor`, each delivered within days: one in ten
 * refused at the estimate, one in twelve given back without repair. Every one is over before the counter's day.
 */
export function planRepairYear(anchor: number, scale: number): PlannedRepair[] {
  const rng = stream('repair-year');
  const count = Math.max(12, Math.round(100 * Math.min(scale, 3)));
  const from = anchor - 365 * DAY;
  const plans: PlannedRepair[] = [];
  for (let i = 0; i < count; i++) {
    const day = localDayStart(from + Math.floor(((i + 0.5) * (358 * DAY)) / count));
    const opened = at(day, 9, 30) + rng.int(0, 7 * 60 - 1) * MINUTE;
    const fate = i % 10 === 4 ? 'REFUSED' : i % 12 === 7 ? 'RETURNED' : 'DELIVERED';
    plans.push({
      opened,
      delivered: opened + (3 + rng.int(0, 3)) * DAY,
      problem: PROBLEMS[rng.int(0, PROBLEMS.length - 1)] as (typeof PROBLEMS)[number],
      fate,
    });
  }
  return plans;
}
