import { customerSearchText, withCnpjCheckDigits, withCpfCheckDigits } from '@backoffice/contract';
import type { Insertable } from 'kysely';
import type { CustomersTable } from '../db/schema';
import { businessTime, DAY, HOUR, MINUTE } from './clock';
import type { Random } from './random';
import type { Staff } from './staff';
import { slug } from './text';
import {
  BLOCK_REASONS,
  COMPANY_SUFFIXES,
  COMPLEMENTS,
  CUSTOMER_NOTES,
  EMAIL_DOMAINS,
  FIRST_NAMES_F,
  FIRST_NAMES_M,
  NEIGHBOURHOODS,
  type Neighbourhood,
  REPROVAL_REASONS,
  SHOP_WORDS,
  SURNAMES,
} from './world/people';

export type CustomerStatus = 'AWAITING' | 'APPROVED' | 'REPROVED' | 'BLOCKED';

/** What the order generator needs to know about a customer. */
export interface CustomerPlan {
  id: number;
  status: CustomerStatus;
  /** 0 none (pays the sell price), 1 Ouro, 2 Prata, 3 Bronze. */
  level: number;
  company: boolean;
  neighbourhood: Neighbourhood;
  delivererId: number | null;
  shippingCents: number;
  fastCents: number;
  warrantyPercentage: number;
  createdAt: number;
  /** From when the customer may buy (approval). */
  buysFrom: number | null;
  /** Until when (block), if blocked. */
  buysUntil: number | null;
  /** Relative buying frequency. */
  weight: number;
  row: Insertable<CustomersTable>;
}

const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNPQRSTUVWXYZ';

/** The alphanumeric CNPJ is issued to companies registered from July 2026 on. */
const ALPHANUMERIC_CNPJ_SINCE = Date.UTC(2026, 6, 1);

interface Context {
  rng: Random;
  staff: Staff;
  anchor: number;
  windowStart: number;
}

function pickNeighbourhood(rng: Random): Neighbourhood {
  return rng.weighted(NEIGHBOURHOODS.map((n) => [n, n.weight] as const));
}

function uniqueEmail(base: string, domain: string, used: Set<string>, rng: Random): string {
  let email = `${base}@${domain}`;
  while (used.has(email)) email = `${base}${rng.int(1, 999)}@${domain}`;
  used.add(email);
  return email;
}

function cpf(rng: Random, used: Set<string>): string {
  for (;;) {
    const doc = withCpfCheckDigits(`${rng.int(1, 9)}${rng.digits(8)}`);
    if (!used.has(doc)) {
      used.add(doc);
      return doc;
    }
  }
}

function cnpj(rng: Random, used: Set<string>, alphanumeric: boolean): string {
  for (;;) {
    let root = '';
    for (let i = 0; i < 8; i++) root += alphanumeric ? rng.pick([...ALPHANUMERIC]) : String(rng.int(0, 9));
    if (alphanumeric && /^\d+$/.test(root)) continue;
    const doc = withCnpjCheckDigits(`${root}0001`);
    if (!used.has(doc)) {
      used.add(doc);
      return doc;
    }
  }
}

/** A mobile number of São Paulo (DDD 11): 11 9XXXX-XXXX. */
function mobile(rng: Random): string {
  return `119${rng.int(5, 9)}${rng.digits(7)}`;
}

/** When the customer signed up, by what happened to the sign-up. */
function signedUpAt({ rng, anchor, windowStart }: Context, status: CustomerStatus): number {
  let createdAt: number;
  if (status === 'AWAITING') createdAt = anchor - rng.int(1 * HOUR, 14 * DAY);
  else if (status === 'REPROVED') createdAt = windowStart + rng.int(0, 350 * DAY);
  else if (rng.chance(0.75)) createdAt = windowStart - rng.int(20 * DAY, 4 * 365 * DAY);
  else createdAt = windowStart + rng.int(0, 330 * DAY);
  return Math.min(createdAt, anchor - 30 * MINUTE);
}

/** A company's name (a shop word, its neighbourhood or a surname) and e-mail. */
function companyName(rng: Random, nb: Neighbourhood, usedEmails: Set<string>): { name: string; email: string } {
  const word = rng.pick(SHOP_WORDS);
  const where = rng.chance(0.5) ? nb.name : rng.pick(SURNAMES);
  const name = `${word} ${where}${rng.chance(0.5) ? ` ${rng.pick(COMPANY_SUFFIXES)}` : ''}`;
  const email = rng.chance(0.6)
    ? uniqueEmail(`contato`, `${slug(word)}${slug(where)}.com.br`, usedEmails, rng)
    : uniqueEmail(
        `${slug(word)}${slug(where)}`,
        rng.pick(['gmail.com', 'hotmail.com', 'outlook.com']),
        usedEmails,
        rng,
      );
  return { name, email };
}

/** A person's name and e-mail. */
function personName(rng: Random, usedEmails: Set<string>): { name: string; email: string } {
  const female = rng.chance(0.5);
  const first = rng.pick(female ? FIRST_NAMES_F : FIRST_NAMES_M);
  const middleName = rng.pick(SURNAMES);
  const last = rng.pick(SURNAMES);
  const middle = rng.chance(0.4) && middleName !== last ? ` ${middleName}` : '';
  const name = `${first}${middle} ${last}`;
  const sep = rng.pick(['.', '', '_']);
  const tail = rng.chance(0.5) ? String(rng.int(1, 99)) : rng.chance(0.5) ? String(rng.int(1970, 2006)) : '';
  const email = uniqueEmail(`${slug(first)}${sep}${slug(last)}${tail}`, rng.weighted(EMAIL_DOMAINS), usedEmails, rng);
  return { name, email };
}

/**
 * About 300 customers × scale in every state: approved at each level (most of them), waiting for
 * approval (recent sign-ups), reproved and blocked with the reasons a real shop writes down.
 */
export function generateCustomers(ctx: Context, count: number, firstId: number): CustomerPlan[] {
  const { rng, staff, anchor, windowStart } = ctx;
  const usedEmails = new Set<string>();
  const usedDocs = new Set<string>();
  const out: CustomerPlan[] = [];
  for (let i = 0; i < count; i++) {
    const status: CustomerStatus = rng.weighted([
      ['APPROVED', 80],
      ['AWAITING', 8],
      ['REPROVED', 6],
      ['BLOCKED', 6],
    ] as const);
    const company = rng.chance(status === 'APPROVED' ? 0.38 : 0.3);
    const nb = pickNeighbourhood(rng);

    const createdAt = signedUpAt(ctx, status);

    // Companies registered recently have the new alphanumeric CNPJ.
    const newFormat = rng.chance(0.6);
    const alphanumeric = company && createdAt >= ALPHANUMERIC_CNPJ_SINCE && newFormat;
    const document = company ? cnpj(rng, usedDocs, alphanumeric) : cpf(rng, usedDocs);

    const { name, email } = company ? companyName(rng, nb, usedEmails) : personName(rng, usedEmails);
    const phone = mobile(rng);

    // Commercial terms, set at approval.
    let level = 0;
    let shippingCents = 0;
    let fastCents = 0;
    let warrantyPercentage = 0;
    let delivererId: number | null = null;
    let approvedAt: number | null = null;
    let approvedBy: number | null = null;
    let changedAt: number | null = null;
    let changedBy: number | null = null;
    let note: string | null = null;
    let buysUntil: number | null = null;
    if (status === 'APPROVED' || status === 'BLOCKED') {
      level = company
        ? rng.weighted([
            [1, 30],
            [2, 35],
            [3, 25],
            [0, 10],
          ] as const)
        : rng.weighted([
            [1, 3],
            [2, 12],
            [3, 30],
            [0, 55],
          ] as const);
      // Gold customers often get free or cheaper shipping.
      shippingCents = level === 1 && rng.chance(0.4) ? 0 : nb.shippingCents - (level === 1 ? 300 : 0);
      fastCents = rng.chance(company ? 0.7 : 0.45) ? nb.fastCents : 0;
      warrantyPercentage = rng.weighted([
        [0, 30],
        [5, 20],
        [8, 15],
        [10, 20],
        [12, 10],
        [15, 5],
      ] as const);
      delivererId = rng.chance(0.85) ? staff.courierOfRoute(nb.route, rng) : null;
      approvedAt = businessTime(createdAt + rng.int(20 * MINUTE, 3 * DAY));
      approvedBy = staff.attendant(rng);
      changedAt = approvedAt;
      changedBy = approvedBy;
    }
    if (status === 'BLOCKED') {
      const from = Math.max((approvedAt ?? createdAt) + 30 * DAY, windowStart + 30 * DAY);
      changedAt = businessTime(from + rng.int(0, Math.max(1, anchor - 3 * DAY - from)));
      if (changedAt >= anchor) changedAt = anchor - rng.int(1 * DAY, 2 * DAY);
      changedBy = staff.attendant(rng);
      note = rng.pick(BLOCK_REASONS);
      buysUntil = changedAt;
    }
    if (status === 'REPROVED') {
      changedAt = Math.min(businessTime(createdAt + rng.int(30 * MINUTE, 3 * DAY)), anchor - 10 * MINUTE);
      changedBy = staff.attendant(rng);
      note = rng.pick(REPROVAL_REASONS);
    }

    const id = firstId + i;
    const street = rng.pick(nb.streets);
    const row: Insertable<CustomersTable> = {
      id,
      name,
      email,
      phone,
      document,
      level,
      status,
      status_note: note,
      status_changed_by: changedBy,
      status_changed_at: changedAt === null ? null : new Date(changedAt),
      approved_by: approvedBy,
      approved_at: approvedAt === null ? null : new Date(approvedAt),
      deliverer_id: delivererId,
      shipping_cost_cents: shippingCents,
      warranty_percentage: warrantyPercentage,
      fast_delivery_tax_cents: fastCents,
      notes: rng.chance(0.15) ? rng.pick(CUSTOMER_NOTES) : null,
      street,
      number: String(rng.int(1, 2800)),
      complement: rng.chance(company ? 0.5 : 0.3) ? rng.pick(COMPLEMENTS) : null,
      neighborhood: nb.name,
      zip_code: `${nb.cep}-${rng.digits(3)}`,
      city: 'São Paulo',
      state: 'SP',
      search_text: customerSearchText({ name, email, document, phone }),
      created_at: new Date(createdAt),
      updated_at: new Date(Math.max(createdAt, changedAt ?? createdAt)),
    };
    out.push({
      id,
      status,
      level,
      company,
      neighbourhood: nb,
      delivererId,
      shippingCents,
      fastCents,
      warrantyPercentage,
      createdAt,
      buysFrom: approvedAt,
      buysUntil,
      weight: company ? rng.float(2.5, 8) * (level === 1 ? 1.6 : 1) : rng.float(0.3, 1.6),
      row,
    });
  }
  return out;
}
