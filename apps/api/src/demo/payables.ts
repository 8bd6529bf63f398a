import { businessDay, dayStart, shiftDay } from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { HOUR } from './clock';
import { demoAdminId } from './staff';
import type { DemoSupplierKey as SupplierKey } from './suppliers';

interface DemoPayment {
  /** Days after the bill's due day it was paid (negative: before). */
  at: number;
  cents: number;
  method: string;
  account: string | null;
  undone?: string;
}

interface DemoBill {
  supplier: SupplierKey;
  category: string;
  description: string;
  document: string | null;
  /** Due day: days from the demo's today. */
  due: number;
  cents: number;
  payments: DemoPayment[];
}

/** The shop's bank account the bills are paid from. */
export const DEMO_BANK_ACCOUNT = 'Itaú ag. 0912 c/c 45873-2';
const ITAU = DEMO_BANK_ACCOUNT;
const paidOnTime = (cents: number, method = 'BOLETO'): DemoPayment[] => [{ at: 0, cents, method, account: ITAU }];

/**
 * A few months of the shop's bills, typed by hand (rent, the couriers' fuel, purchases of the distributors),
 * at fixed days from today: those past paid (one of them after a payment undone as a duplicate), the last fuel
 * bill overdue with R$ 300,00 paid, the next ones open, and a credit of a returned phone. What this gives on
 * the demo's today (worked out by hand): next 7 days 4.800,00 + 2.340,00 + 8.900,00 = R$ 16.040,00 in 3 bills;
 * overdue 701,30 − 300,00 = R$ 401,30 in 1.
 */
export const DEMO_BILLS: DemoBill[] = [
  ...[-85, -55, -25].map((due, i) => ({
    supplier: 'landlord' as const,
    category: 'ALUGUEL',
    description: 'Aluguel da loja e do depósito',
    document: `ALG-${i + 1}`,
    due,
    cents: 480_000,
    payments: paidOnTime(480_000),
  })),
  {
    supplier: 'landlord',
    category: 'ALUGUEL',
    description: 'Aluguel da loja e do depósito',
    document: 'ALG-4',
    due: 5,
    cents: 480_000,
    payments: [],
  },
  ...(
    [
      [-80, 61_240],
      [-50, 69_815],
      [-20, 65_590],
    ] as const
  ).map(([due, cents]) => ({
    supplier: 'fuel' as const,
    category: 'COMBUSTIVEL',
    description: 'Combustível das motos (entregas)',
    document: null,
    due,
    cents,
    payments: paidOnTime(cents, 'PIX'),
  })),
  {
    supplier: 'fuel',
    category: 'COMBUSTIVEL',
    description: 'Combustível das motos (entregas)',
    document: null,
    due: -3,
    cents: 70_130,
    payments: [{ at: -1, cents: 30_000, method: 'PIX', account: ITAU }],
  },
  {
    supplier: 'techcell',
    category: 'COMPRA',
    description: 'Pedido 4415: smartphones Samsung',
    document: '4415/1',
    due: -40,
    cents: 512_000,
    payments: [
      { at: -1, cents: 512_000, method: 'TRANSFERENCIA', account: ITAU, undone: 'Pagamento lançado em duplicidade' },
      { at: 0, cents: 512_000, method: 'TRANSFERENCIA', account: ITAU },
    ],
  },
  {
    supplier: 'techcell',
    category: 'COMPRA',
    description: 'Pedido 4602: carregadores e cabos',
    document: '4602/1',
    due: 12,
    cents: 125_000,
    payments: [],
  },
  {
    supplier: 'paulista',
    category: 'COMPRA',
    description: 'Pedido 1187: capas e películas',
    document: '1187/1',
    due: 0,
    cents: 234_000,
    payments: [],
  },
  {
    supplier: 'mega',
    category: 'COMPRA',
    description: 'Pedido 9031: fones Bluetooth',
    document: '9031/1',
    due: 2,
    cents: 890_000,
    payments: [],
  },
];

/** The credit of a phone sent back to Mega (a negative bill, issue 39 §4): R$ 320,00, recorded 10 days ago. */
export const DEMO_CREDIT = { supplier: 'mega' as SupplierKey, due: -10, cents: 32_000 };

/**
 * Writes the demo's bills typed by hand (deterministic: fixed days from `anchor`), by the administrator, for the
 * suppliers written before (`ids` by key). Returns the rows written by table.
 */
export async function seedPayables(trx: Transaction<Database>, anchor: number, ids: ReadonlyMap<string, number>) {
  const admin = { id: await demoAdminId(trx) };
  const today = businessDay(anchor);
  const at = (day: string, hour: number) => new Date(dayStart(day).getTime() + hour * HOUR);
  let payments = 0;
  const bills = [
    ...DEMO_BILLS,
    {
      supplier: DEMO_CREDIT.supplier,
      category: 'DEVOLUCAO',
      description: 'Devolução de aparelho com defeito (garantia do fornecedor)',
      document: 'Pedido 8874',
      due: DEMO_CREDIT.due,
      cents: -DEMO_CREDIT.cents,
      payments: [],
    },
  ];
  for (const bill of bills) {
    const due = shiftDay(today, bill.due);
    const kept = bill.payments.filter((p) => !p.undone).reduce((sum, p) => sum + p.cents, 0);
    const { id } = await trx
      .insertInto('payables')
      .values({
        supplier_id: ids.get(bill.supplier) ?? null,
        purchase_id: null,
        category: bill.category,
        description: bill.description,
        document_number: bill.document,
        due_date: due,
        amount_cents: bill.cents,
        paid_cents: kept,
        created_by: admin.id,
        created_at: at(shiftDay(due, -20), 10),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const payment of bill.payments) {
      const paidOn = shiftDay(due, payment.at);
      await trx
        .insertInto('payable_payments')
        .values({
          payable_id: id,
          paid_on: paidOn,
          method: payment.method,
          account: payment.account,
          amount_cents: payment.cents,
          note: null,
          employee_id: admin.id,
          created_at: at(paidOn, 11),
          ...(payment.undone ? { undone_at: at(paidOn, 15), undone_by: admin.id, undo_reason: payment.undone } : {}),
        })
        .execute();
      payments++;
    }
  }
  return { payables: bills.length, payable_payments: payments };
}
