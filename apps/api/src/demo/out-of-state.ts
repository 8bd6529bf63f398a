import { customerSearchText, STATE_REGISTRATION_EXEMPT } from '@backoffice/contract';
import type { CustomerPlan } from './customers';

/**
 * The demo's customers in other states and its companies without a state registration (issue 55 §2), so the notes of
 * every kind are in the demo: a few wholesale buyers of Rio de Janeiro, Belo Horizonte and Salvador (shops that buy
 * from São Paulo's wholesalers by phone), companies whose IE is 'ISENTO' (a service company, a shop under a regime
 * without one), and consumers of those states. Their goods go as the others': the motoboy of their plan takes them
 * (to the carrier's terminal in São Paulo, the freight to their city theirs), so the orders, routes and shipping
 * figures stay as generated. Chosen among the approved customers by their buying weight, with no draw of the
 * customers' random stream: the rest of the demo stays exactly as it was.
 */

interface Place {
  state: string;
  city: string;
  /** The area code of the city's phones. */
  ddd: string;
  neighborhood: string;
  street: string;
  /** The street's CEP (Correios). */
  zipCode: string;
}

/** Real streets of each city's centre, with their CEPs; the cities are found in the IBGE table by name. */
const RIO: Place = {
  state: 'RJ',
  city: 'Rio de Janeiro', // IBGE 3304557
  ddd: '21',
  neighborhood: 'Centro',
  street: 'Rua Uruguaiana',
  zipCode: '20050-091',
};
const BELO_HORIZONTE: Place = {
  state: 'MG',
  city: 'Belo Horizonte', // IBGE 3106200
  ddd: '31',
  neighborhood: 'Centro',
  street: 'Rua dos Caetés',
  zipCode: '30120-080',
};
const SALVADOR: Place = {
  state: 'BA',
  city: 'Salvador', // IBGE 2927408
  ddd: '71',
  neighborhood: 'Comércio',
  street: 'Avenida Estados Unidos',
  zipCode: '40010-020',
};

/**
 * A state registration of Rio de Janeiro for `base` (7 digits): its check digit by weights 2 7 6 5 4 3 2, the sum
 * mod 11, 0 or 1 giving 0, else 11 minus it (SEFAZ-RJ; as Sintegra's 'Conferência de Inscrições Estaduais' gives it).
 */
export function rioStateRegistration(base: string): string {
  const weights = [2, 7, 6, 5, 4, 3, 2];
  const sum = [...base].reduce((total, digit, i) => total + Number(digit) * (weights[i] as number), 0);
  const remainder = sum % 11;
  return `${base}${remainder <= 1 ? 0 : 11 - remainder}`;
}

/** What each chosen customer becomes: by rank of buying weight among the approved companies or consumers. */
const COMPANIES: readonly { rank: number; place: Place | null; ie: 'RJ' | typeof STATE_REGISTRATION_EXEMPT | null }[] =
  [
    // A taxpayer in Rio (its IE): an interstate sale, CFOP 6xxx, indIEDest 1.
    { rank: 2, place: RIO, ie: 'RJ' },
    // 'ISENTO' in Minas Gerais, one of the twelve states refusing indIEDest 2 (805): written indIEDest 9.
    { rank: 4, place: BELO_HORIZONTE, ie: STATE_REGISTRATION_EXEMPT },
    // A company of Salvador without an IE: not a taxpayer (indIEDest 9).
    { rank: 6, place: SALVADOR, ie: null },
    // 'ISENTO' in São Paulo.
    { rank: 8, place: null, ie: STATE_REGISTRATION_EXEMPT },
    { rank: 10, place: RIO, ie: 'RJ' },
  ];
const CONSUMERS: readonly { rank: number; place: Place }[] = [
  { rank: 3, place: BELO_HORIZONTE },
  { rank: 6, place: SALVADOR },
  { rank: 9, place: RIO },
];

function moveTo(plan: CustomerPlan, place: Place): void {
  const { row } = plan;
  const phone = `${place.ddd}${String(row.phone).slice(2)}`;
  Object.assign(row, {
    street: place.street,
    neighborhood: place.neighborhood,
    zip_code: place.zipCode,
    city: place.city,
    state: place.state,
    phone,
    search_text: customerSearchText({
      name: String(row.name),
      email: String(row.email),
      document: String(row.document),
      phone,
    }),
  });
}

/** Places the chosen customers (see above); `plans` as generated, changed in place. */
export function placeOutOfState(plans: CustomerPlan[]): CustomerPlan[] {
  const byWeight = (company: boolean) =>
    plans
      .filter((p) => p.status === 'APPROVED' && p.company === company)
      .sort((a, b) => b.weight - a.weight || a.id - b.id);
  const companies = byWeight(true);
  for (const { rank, place, ie } of COMPANIES) {
    const plan = companies[rank - 1];
    if (!plan) continue;
    if (place) moveTo(plan, place);
    plan.row.state_registration =
      ie === 'RJ' ? rioStateRegistration(String(8_100_000 + ((plan.id * 7_919) % 900_000))) : ie;
  }
  const consumers = byWeight(false);
  for (const { rank, place } of CONSUMERS) {
    const plan = consumers[rank - 1];
    if (plan) moveTo(plan, place);
  }
  return plans;
}
