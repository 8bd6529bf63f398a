import { randomInt } from 'node:crypto';
import {
  FISCAL_NOTE_TEXTS,
  INVOICEABLE_ORDER_STATUSES,
  ORDER_STATUS_LABELS,
  type OrderStatusKey,
  toBusinessTimestamp,
  withBusinessOffset,
} from '@backoffice/contract';
import type { Executor } from '../../../db/executor';
import { badRequest, conflict, notFound } from '../../../lib/errors';
import { loadNfceCsc, loadTechnicalContact, readIssuer, type SigningCertificate } from '../fiscal.service';
import { withApproximateTaxRates } from '../ibpt/ibpt-rates';
import { buildNfe, HOMOLOGATION_FIRST_ITEM, HOMOLOGATION_RECIPIENT, NfeBuildError } from '../nfe/nfe-builder';
import type { NfeCarrier, NfeInput } from '../nfe/nfe-input';
import { breachesOf } from '../nfe/rules';
import { validateAgainstSchema } from '../nfe/xsd';
import { emissionNow } from './contingency';
import { takeNumber } from './note-numbers';
import { notesRepository as repo } from './notes.repository';
import { type NotesContext, signerOf } from './notes-context';
import { orderForNote } from './order-for-note';
import { defaultModel, type OrderForNote, OrderNoteError, orderNoteParts } from './order-note';

/** A note's model, series and number: a rejected note's, built again with them. */
export interface NoteNumber {
  model: 55 | 65;
  series: number;
  number: number;
}

/** The saved issuer as the note's; 409 while something the note needs is missing. */
async function noteIssuer(trx: Executor): Promise<{ issuer: NfeInput['issuer']; environment: 1 | 2 }> {
  const issuer = await readIssuer(trx);
  if (!issuer.saved || !issuer.address || !issuer.crt || !issuer.ie || !issuer.legalName)
    throw conflict(FISCAL_NOTE_TEXTS.issuerMissing);
  return {
    environment: issuer.environment as 1 | 2,
    issuer: {
      cnpj: issuer.cnpj as string,
      ie: issuer.ie,
      name: issuer.legalName,
      tradeName: issuer.tradeName,
      crt: issuer.crt as 1 | 2 | 3 | 4,
      address: {
        street: issuer.address.street,
        number: issuer.address.number,
        complement: issuer.address.complement,
        district: issuer.address.district,
        cityCode: issuer.address.cityCode,
        cityName: issuer.address.cityName,
        uf: issuer.address.uf,
        cep: issuer.address.cep.replace(/\D/g, ''),
        phone: issuer.phone?.replace(/\D/g, '') || null,
      },
    },
  };
}

/** The order, locked; 404 none, 409 when its status may not have a note. */
async function invoiceableOrder(trx: Executor, orderId: number) {
  const order = await repo.lockOrder(trx, orderId);
  if (!order) throw notFound(FISCAL_NOTE_TEXTS.orderNotFound);
  if (!INVOICEABLE_ORDER_STATUSES.includes(order.status as OrderStatusKey))
    throw conflict(
      FISCAL_NOTE_TEXTS.orderNotInvoiceable(
        ORDER_STATUS_LABELS[order.status as OrderStatusKey] ?? String(order.status),
      ),
    );
  return order;
}

/** The shop as the carrier of its own deliveries (its couriers): the issuer's CNPJ, name, IE and address. */
function shopAsCarrier(issuer: NfeInput['issuer']): NfeCarrier {
  const { address } = issuer;
  return {
    document: issuer.cnpj,
    name: issuer.name,
    ie: /^\d+$/.test(issuer.ie) ? issuer.ie : null,
    address: { street: `${address.street}, ${address.number}`.slice(0, 60), city: address.cityName, uf: address.uf },
  };
}

/** The order's figures as the note's; what the order lacks for a note is 400 in words. */
function noteParts(forNote: OrderForNote, model: 55 | 65, shop: NfeCarrier): ReturnType<typeof orderNoteParts> {
  try {
    return orderNoteParts(forNote, model, shop);
  } catch (error) {
    if (error instanceof OrderNoteError) throw badRequest(error.message);
    throw error;
  }
}

/**
 * A rule's message in the shop's words: in homologação the XML names the NFC-e's first item and the recipient by the
 * layout's fixed texts ('NOTA FISCAL EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL'), which the rules read;
 * the shop is told the product's and the customer's own names.
 */
function inShopWords(message: string, input: NfeInput): string {
  return message
    .replace(HOMOLOGATION_FIRST_ITEM, input.items[0]?.name ?? HOMOLOGATION_FIRST_ITEM)
    .replace(HOMOLOGATION_RECIPIENT, input.recipient?.name || HOMOLOGATION_RECIPIENT);
}

/** The note written and signed, then checked against the official schemas (400 naming the field) and the SEFAZ's
 * published rules (nfe/rules: 400 naming the product or customer to fix). */
async function signedNote(input: NfeInput, certificate: SigningCertificate): Promise<ReturnType<typeof buildNfe>> {
  let note: ReturnType<typeof buildNfe>;
  try {
    note = buildNfe(input, signerOf(certificate));
  } catch (error) {
    if (error instanceof NfeBuildError) throw badRequest(error.message);
    throw error;
  }
  const schema = await validateAgainstSchema(note.xml, 'nfe_v4.00.xsd');
  if (!schema.valid)
    throw badRequest(FISCAL_NOTE_TEXTS.schemaRefused(schema.problems[0]?.message ?? ''), 'BAD_REQUEST', {
      problems: schema.problems,
    });
  const breach = breachesOf(note.xml)[0];
  if (breach)
    throw badRequest(FISCAL_NOTE_TEXTS.ruleRefused(inShopWords(breach.message, input), breach.code), 'BAD_REQUEST', {
      rule: { code: breach.code, reason: breach.reason },
    });
  return note;
}

/** The note built from its order (a new note, or a rejected one's number again), signed and schema-checked. */
export async function buildOrderNote(
  context: NotesContext,
  trx: Executor,
  orderId: number,
  requestedModel: 55 | 65 | undefined,
  certificate: SigningCertificate,
  number?: NoteNumber,
) {
  const { issuer, environment } = await noteIssuer(trx);
  const order = await invoiceableOrder(trx, orderId);
  const forNote = await orderForNote(trx, order);
  const model = number?.model ?? requestedModel ?? defaultModel(forNote, issuer.address.uf);
  const parts = noteParts(forNote, model, shopAsCarrier(issuer));
  const csc = model === 65 ? await loadNfceCsc(trx, context.deps.serverSecret) : null;
  const taken = number ?? { model, ...(await takeNumber(trx, model, environment)) };
  const issuedAt = context.now();
  const input: NfeInput = {
    ...parts,
    model,
    environment,
    series: taken.series,
    number: taken.number,
    numericCode: String(randomInt(10_000_000, 100_000_000)),
    issuedAt: withBusinessOffset(toBusinessTimestamp(issuedAt)),
    // The NF-e's SVC while the shop is in contingency (contingency.ts), else normal.
    emission: await emissionNow(trx, model),
    natureOfOperation: 'Venda de mercadoria',
    issuer,
    insuranceCents: 0,
    additionalInfo: `Pedido ${forNote.code}.`,
    csc,
    technicalContact: await loadTechnicalContact(trx, context.deps.serverSecret),
  };
  const note = await signedNote(await withApproximateTaxRates(trx, input), certificate);
  return { order, forNote, input, note, issuedAt, taken, uf: issuer.address.uf };
}
