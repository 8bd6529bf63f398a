import type { ICMS_CSTS } from '@backoffice/contract';
import type { Executor } from '../../../db/executor';
import { municipalityByName } from '../municipalities';
import type { IcmsTax, ItemTaxes, NfeAddress } from '../nfe/nfe-input';
import { notesRepository as repo } from './notes.repository';
import type { OrderForNote } from './order-note';

export type LockedOrder = NonNullable<Awaited<ReturnType<typeof repo.lockOrder>>>;

/** A profile's row as the note's item taxes. */
function taxesOf(profile: Awaited<ReturnType<typeof repo.profiles>>[number]): ItemTaxes {
  const icms: IcmsTax = profile.icms_csosn
    ? {
        kind: 'CSOSN',
        code: profile.icms_csosn as Extract<IcmsTax, { kind: 'CSOSN' }>['code'],
        creditRate: profile.icms_rate_ten_thousandths,
      }
    : {
        kind: 'CST',
        code: profile.icms_cst as (typeof ICMS_CSTS)[number],
        rate: profile.icms_rate_ten_thousandths,
      };
  return {
    cfopInState: profile.cfop_in_state,
    cfopOutState: profile.cfop_out_of_state,
    icms,
    pis: { cst: profile.pis_cst as ItemTaxes['pis']['cst'], rate: profile.pis_rate_ten_thousandths },
    cofins: { cst: profile.cofins_cst as ItemTaxes['cofins']['cst'], rate: profile.cofins_rate_ten_thousandths },
    ibsCbs:
      profile.ibs_cbs_cst && profile.c_class_trib
        ? {
            cst: profile.ibs_cbs_cst,
            classTrib: profile.c_class_trib,
            cbsRate: profile.cbs_rate_ten_thousandths ?? 0,
            ibsUfRate: profile.ibs_uf_rate_ten_thousandths ?? 0,
            ibsMunRate: profile.ibs_mun_rate_ten_thousandths ?? 0,
          }
        : null,
  };
}

/** The customer's address as the note's, its city found in the IBGE table; null when something is missing. */
function addressOf(customer: Awaited<ReturnType<typeof repo.customer>>): NfeAddress | null {
  const { street, number, neighborhood, city, state, zip_code } = customer;
  if (!street || !number || !neighborhood || !city || !state || !zip_code) return null;
  const municipality = municipalityByName(city, state);
  if (!municipality) return null;
  return {
    street,
    number,
    complement: customer.complement,
    district: neighborhood,
    cityCode: municipality.code,
    cityName: municipality.name,
    uf: state,
    cep: zip_code.replace(/\D/g, ''),
    phone: customer.phone.replace(/\D/g, '').slice(-11) || null,
  };
}

/** Everything of the order its note says, read under the order's lock. */
export async function orderForNote(trx: Executor, order: LockedOrder) {
  const [customer, items, units, parts, instalments, profiles] = await Promise.all([
    repo.customer(trx, order.customer_id),
    repo.items(trx, order.id),
    repo.units(trx, order.id),
    repo.confirmedParts(trx, order.id),
    repo.instalments(trx, order.id),
    repo.profiles(trx),
  ]);
  const byId = new Map(profiles.map((p) => [p.id, p]));
  const fallback = profiles.find((p) => p.is_default);
  const forNote: OrderForNote = {
    code: order.code,
    totalCents: Number(order.total_cents),
    shippingCents: Number(order.shipping_cost_cents),
    fastDeliveryTaxCents: Number(order.fast_delivery_tax_cents),
    warrantyCents: Number(order.warranty_cents),
    // A repair's labour is a service (LC 116/2003 item 14.01): on its NFS-e, not on the goods note (decision 0085).
    servicesCents: Number(order.labour_cents),
    // The order's discount is its lines' (each line carries its own and its share of the order's, selling's
    // `applyDiscounts`): what no line carries is the note's own, shared among the items by the builder.
    discountCents: Number(order.discount_cents) - items.reduce((sum, item) => sum + Number(item.discount_cents), 0),
    deliveryType: order.delivery_type,
    noteDocument: order.note_document?.replace(/\W/g, '').toUpperCase() || null,
    paymentMethod: order.payment_method,
    customer: {
      document: customer.document.replace(/\W/g, '').toUpperCase(),
      name: customer.name,
      email: customer.email,
      // Digits: an ICMS taxpayer (indIEDest 1, its IE); 'ISENTO': exempt (2); none: not a taxpayer (9).
      stateRegistration: customer.state_registration,
      walkIn: customer.status === 'WALK_IN',
      address: addressOf(customer),
    },
    items: items.map((item) => {
      const profile = item.fiscal_profile_id ? byId.get(item.fiscal_profile_id) : fallback;
      return {
        code: item.code,
        name: item.name,
        gtin: item.barcode,
        ncm: item.ncm,
        cest: item.cest,
        origin: item.origin,
        quantity: item.quantity,
        unitPriceCents: Number(item.unit_price_cents),
        discountCents: Number(item.discount_cents),
        taxes: profile ? taxesOf(profile) : null,
        imeis: units
          .filter((unit) => unit.product_id === item.product_id)
          .map((unit) => (unit.imei2 ? [unit.imei, unit.imei2] : [unit.imei])),
      };
    }),
    parts: parts.map((part) => ({
      method: part.method as OrderForNote['parts'][number]['method'],
      amountCents: Number(part.amount_cents),
      cardKind: part.card_kind,
      cardBrand: part.card_brand,
      authorization: part.authorization_code,
    })),
    instalments: instalments.map((d) => ({
      seq: d.seq,
      dueDate: d.due_date,
      amountCents: Number(d.amount_cents),
    })),
  };
  return forNote;
}
