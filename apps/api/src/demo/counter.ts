import { customerSearchText, withCpfCheckDigits } from '@backoffice/contract';
import type { Insertable } from 'kysely';
import type { CustomersTable } from '../db/schema';
import { businessTime, DAY, HOUR, MINUTE } from './clock';
import type { CustomerPlan } from './customers';
import type { Random } from './random';
import type { Staff } from './staff';
import { slug } from './text';
import { EMAIL_DOMAINS, FIRST_NAMES_F, FIRST_NAMES_M, NEIGHBOURHOODS, SURNAMES } from './world/people';

/**
 * The counter of the demo (issue 38 §1): a few customers registered by hand by an attendant ('Cadastrar
 * cliente', approved at once, audited 'register') and each attendant's 'Consumidor final' (decision 0040), to
 * whom the year sells a few pickups at the store. Drawn from their own random stream, after the customers of
 * the year: the rest of the demo is the same with or without them.
 */

/** Customers registered by staff in the demo's last days (they have not bought yet). */
export const STAFF_REGISTERED = 4;

/** A store sale paid at the counter and taken there, by a customer without a level, warranty nor company. */
export interface CounterSale {
  index: number;
  channel: 'store' | 'app';
  delivery: number;
  seller: number | null;
  customer: CustomerPlan;
}

/**
 * Whether the year's order `index` goes to the seller's 'Consumidor final' instead: one in three of the sales that
 * could (at the store, pickup, sold by an attendant, to a customer at the list price without warranty — so the
 * order's lines, prices and totals are the same, and no random draw of the year changes).
 */
export function isWalkInSale(sale: CounterSale): boolean {
  const c = sale.customer;
  return (
    sale.channel === 'store' &&
    sale.delivery === 2 &&
    sale.seller !== null &&
    c.level === 0 &&
    !c.company &&
    c.warrantyPercentage === 0 &&
    sale.index % 3 === 0
  );
}

/** A walk-in's CPF on the note, for every other walk-in sale: a CPF of the order's own index. */
export function walkInNoteDocument(index: number): string | null {
  return index % 6 === 0 ? withCpfCheckDigits(String(300_000_000 + index)) : null;
}

interface Context {
  rng: Random;
  staff: Staff;
  anchor: number;
}

/** Each attendant's 'Consumidor final' (status WALK_IN, decision 0040), from `firstId` on. */
export function walkInCustomers(ctx: Context, firstId: number): CustomerPlan[] {
  const { staff, anchor } = ctx;
  const nb = NEIGHBOURHOODS[0] as (typeof NEIGHBOURHOODS)[number];
  return staff.attendants.map((attendant, i) => {
    const id = firstId + i;
    const createdAt = anchor - 400 * DAY;
    const row: Insertable<CustomersTable> = {
      id,
      name: 'Consumidor final',
      email: `consumidor-final-${attendant.id}@balcao.invalid`,
      phone: '',
      document: '',
      status: 'WALK_IN',
      walk_in_employee_id: attendant.id,
      search_text: customerSearchText({ name: 'Consumidor final', email: '', document: '', phone: '' }),
      created_at: new Date(createdAt),
      updated_at: new Date(createdAt),
    };
    return {
      id,
      status: 'APPROVED',
      level: 0,
      company: false,
      neighbourhood: nb,
      delivererId: null,
      shippingCents: 0,
      fastCents: 0,
      warrantyPercentage: 0,
      createdAt,
      buysFrom: createdAt,
      buysUntil: null,
      weight: 0,
      row,
    };
  });
}

/**
 * A few customers registered by hand at the counter in the demo's last week: approved at once by the attendant
 * who registered them, with a level, freight and courier, each with its audit row ('register').
 */
export function staffRegisteredCustomers(
  ctx: Context,
  firstId: number,
  taken: { emails: Set<string>; documents: Set<string> },
) {
  const { rng, staff, anchor } = ctx;
  const customers: Insertable<CustomersTable>[] = [];
  const audits: {
    employee_id: number;
    entity: string;
    entity_id: string;
    action: string;
    changes: string;
    created_at: Date;
  }[] = [];
  for (let i = 0; i < STAFF_REGISTERED; i++) {
    const female = rng.chance(0.5);
    const first = rng.pick(female ? FIRST_NAMES_F : FIRST_NAMES_M);
    const last = rng.pick(SURNAMES);
    const name = `${first} ${last}`;
    let email = `${slug(first)}.${slug(last)}@${rng.weighted(EMAIL_DOMAINS)}`;
    while (taken.emails.has(email)) email = email.replace('@', `${rng.int(1, 99)}@`);
    taken.emails.add(email);
    let document = withCpfCheckDigits(`${rng.int(1, 9)}${rng.digits(8)}`);
    while (taken.documents.has(document)) document = withCpfCheckDigits(`${rng.int(1, 9)}${rng.digits(8)}`);
    taken.documents.add(document);
    const phone = `119${rng.int(5, 9)}${rng.digits(7)}`;
    const nb = rng.weighted(NEIGHBOURHOODS.map((n) => [n, n.weight] as const));
    const level = rng.weighted([
      [0, 2],
      [3, 1],
    ] as const);
    const by = staff.attendant(rng);
    const at = Math.min(businessTime(anchor - rng.int(1 * DAY, 7 * DAY)), anchor - 30 * MINUTE);
    const delivererId = staff.courierOfRoute(nb.route, rng);
    const row = {
      id: firstId + i,
      name,
      email,
      phone,
      document,
      level,
      status: 'APPROVED' as const,
      status_changed_by: by,
      status_changed_at: new Date(at),
      approved_by: by,
      approved_at: new Date(at),
      deliverer_id: delivererId,
      shipping_cost_cents: nb.shippingCents,
      warranty_percentage: 0,
      fast_delivery_tax_cents: 0,
      street: rng.pick(nb.streets),
      number: String(rng.int(1, 2800)),
      complement: null,
      neighborhood: nb.name,
      zip_code: `${nb.cep}${rng.digits(3)}`,
      city: 'São Paulo',
      state: 'SP',
      search_text: customerSearchText({ name, email, document, phone }),
      created_at: new Date(at),
      updated_at: new Date(at + HOUR / 60),
    };
    customers.push(row);
    // What the service's `register` audits: the registration, the terms, who approved, the courier.
    audits.push({
      employee_id: by,
      entity: 'customer',
      entity_id: String(row.id),
      action: 'register',
      changes: JSON.stringify({
        name,
        email,
        phone,
        document,
        // People at the counter: no 'Inscrição estadual' (issue 41).
        stateRegistration: null,
        street: row.street,
        number: row.number,
        complement: null,
        neighborhood: row.neighborhood,
        zipCode: row.zip_code,
        city: row.city,
        state: row.state,
        level,
        shippingCost: nb.shippingCents / 100,
        warrantyPercentage: 0,
        fastDeliveryTax: 0,
        status: 'APPROVED',
        approvedBy: by,
        delivererId,
        deliverer: staff.couriers.find((c) => c.id === delivererId)?.name ?? '',
      }),
      created_at: new Date(at),
    });
  }
  return { customers, audits };
}
