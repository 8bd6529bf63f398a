/**
 * Emitting an order's NF-e or NFC-e (issue 41 §2–3, decision 0057), from the order to the SEFAZ's answer:
 * 1. In one transaction, under the order's lock: the order may have a note (sold, not cancelled nor held, no other
 *    note alive); its figures become the note's (order-note.ts); the number is taken from the issuer's row (two
 *    notes never share one); the XML is built, signed and validated against the schemas — a refusal rolls it all
 *    back, the number with it. The signed note is stored (SIGNED).
 * 2. Sent to the SEFAZ (synchronously, one note a lot): authorised (100/150) → the nfeProc kept, never changed
 *    again (migration 0074's trigger); denied (110, 301–303) → DENIED (the number is spent); any other refusal →
 *    REJECTED, the code and text shown, the number kept for the corrected note ('Enviar de novo' rebuilds it from
 *    the order as it is then); an asynchronous lot (103) → PROCESSING, its receipt asked for by 'Enviar de novo';
 *    a SEFAZ that does not answer → the NF-e stays SIGNED to be sent again, the NFC-e is issued at once in offline
 *    contingency (tpEmis 9, a new key and signature) and sent when the SEFAZ answers.
 * 3. After: cancellation (110111) within 24 hours of the authorisation with a reason of 15 characters or more;
 *    correction letters (110110) of an NF-e, numbered; voiding of numbers never used (inutilização).
 */
import { randomInt } from 'node:crypto';
import {
  businessDay,
  CANCEL_WINDOW_HOURS,
  dayStart,
  FISCAL_NOTE_STATUS_LABELS,
  FISCAL_NOTE_TEXTS,
  type FiscalEmissionRequest,
  type FiscalNote,
  type FiscalNoteEmitBody,
  type FiscalNotePage,
  type FiscalNoteStatus,
  type FiscalNotesQuery,
  type FiscalVoiding,
  type FiscalVoidingBody,
  INVOICEABLE_ORDER_STATUSES,
  isHandover,
  MAX_CORRECTIONS,
  ORDER_STATUS_LABELS,
  type OrderStatusKey,
  shiftDay,
  toBusinessTimestamp,
  withBusinessOffset,
} from '@backoffice/contract';
import type { DB } from '../../../db/database';
import type { Executor } from '../../../db/executor';
import { recordAudit } from '../../../lib/audit';
import { badRequest, conflict, notFound } from '../../../lib/errors';
import type { Mailer } from '../../../lib/mailer';
import type { XmlSigner } from '../../../lib/nfe/xml-signature';
import type { Principal } from '../../../plugins/auth';
import { onMoveEnd } from '../../orders/workflow.service';
import { renderDanfe } from '../danfe/danfe';
import {
  loadNfceCsc,
  loadProviderCredentials,
  loadSigningCertificate,
  readIssuer,
  type SigningCertificate,
} from '../fiscal.service';
import { municipalityByName } from '../municipalities';
import { buildNfe, NfeBuildError } from '../nfe/nfe-builder';
import type { IcmsTax, ItemTaxes, NfeAddress, NfeInput } from '../nfe/nfe-input';
import { UF_CODES, ufOfKey } from '../nfe/states';
import { validateAgainstSchema } from '../nfe/xsd';
import {
  createProviderClient,
  NUVEM_FISCAL,
  ProviderAuthError,
  type ProviderClient,
  ProviderRequestError,
} from '../provider/provider-client';
import { createSefazClient, type SefazClient, SefazUnavailableError, sefazTrust } from '../sefaz/sefaz-client';
import { type LotAnswer, nfeProc } from '../sefaz/sefaz-messages';
import { sefazUrls, sefazUrlsAt } from '../sefaz/sefaz-urls';
import { type NoteRow, notesRepository as repo } from './notes.repository';
import { defaultModel, type OrderForNote, OrderNoteError, orderNoteParts } from './order-note';

export interface NotesDeps {
  db: DB;
  /** Nuvem Fiscal's addresses instead of its own (tests, a proxy). */
  providerUrl?: string;
  providerTokenUrl?: string;
  mailer?: Mailer;
  serverSecret: string;
  /** Every service at this base address (tests, a proxy); else each state's. */
  sefazUrl?: string;
  /** Certificates trusted for the SEFAZ besides Node's and ICP-Brasil's roots. */
  sefazCa?: string[];
  sefazTimeoutMs?: number;
  now?: () => Date;
}

const AUTHORISED = new Set([100, 150]);
const DENIED = new Set([110, 301, 302, 303]);
const EVENT_REGISTERED = new Set([135, 136, 155]);
/** 'Duplicidade de NF-e': the same key already authorised. */
const DUPLICATE = 204;
/** What the SEFAZ has not answered for good yet. */
const WAITING: readonly FiscalNoteStatus[] = ['SIGNED', 'PROCESSING', 'CONTINGENCY'];

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function view(row: NoteRow, events: Awaited<ReturnType<typeof repo.events>>): FiscalNote {
  return {
    id: row.id,
    order: row.order_id && row.order_code ? { id: row.order_id, code: row.order_code } : null,
    model: row.model as 55 | 65,
    series: row.series,
    number: row.number,
    environment: row.environment as 1 | 2,
    contingency: row.emission_type === 9,
    accessKey: row.access_key,
    status: row.status as FiscalNoteStatus,
    statusCode: row.status_code,
    statusReason: row.status_reason,
    protocol: row.protocol,
    authorizedAt: iso(row.authorized_at),
    issuedAt: iso(row.issued_at) as string,
    total: Number(row.total_cents) / 100,
    recipient: { document: row.recipient_document, name: row.recipient_name },
    createdBy: row.created_by && row.created_by_name ? { id: row.created_by, name: row.created_by_name } : null,
    events: events.map((e) => ({
      id: e.id,
      type: e.type as 'CANCEL' | 'CORRECTION',
      sequence: e.sequence,
      text: e.text,
      statusCode: e.status_code,
      statusReason: e.status_reason,
      protocol: e.protocol,
      registeredAt: iso(e.registered_at),
      createdAt: iso(e.created_at) as string,
      createdBy: e.created_by && e.created_by_name ? { id: e.created_by, name: e.created_by_name } : null,
    })),
  };
}

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
        code: profile.icms_cst as Extract<IcmsTax, { kind: 'CST' }>['code'],
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
async function orderForNote(trx: Executor, order: NonNullable<Awaited<ReturnType<typeof repo.lockOrder>>>) {
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
    // A repair's labour (decision 0059) is on the note as other charges (vOutro), as the warranty is.
    warrantyCents: Number(order.warranty_cents) + Number(order.labour_cents),
    // The order's discount is its lines' (each line carries its own and its share of the order's, selling's
    // `applyDiscounts`): what no line carries is the note's own, shared among the items by the builder.
    discountCents: Number(order.discount_cents) - items.reduce((sum, item) => sum + Number(item.discount_cents), 0),
    deliveryType: order.delivery_type,
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

/**
 * What the notes do in the order workflow: an order handed over (delivered, or finalized from 'Aguardando cliente')
 * asks for its note when the shop emits automatically ('HANDOVER'), in the move's transaction; the sender's round
 * (notes.scheduler.ts) emits it.
 */
export function registerNotesWorkflow(): void {
  onMoveEnd('fiscalNotes', async ({ trx, order, action, employeeId }) => {
    if (!isHandover(action, order.status)) return;
    if ((await repo.autoEmit(trx)) !== 'HANDOVER') return;
    await repo.requestEmission(trx, order.id, employeeId);
  });
}

export function createNotesService(deps: NotesDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  registerNotesWorkflow();

  function signerOf(certificate: SigningCertificate): XmlSigner {
    return { keyPem: certificate.keyPem, certificateBase64: certificate.certBase64 };
  }

  function clientFor(certificate: SigningCertificate, uf: string, model: 55 | 65, environment: 1 | 2): SefazClient {
    return createSefazClient({
      identity: { keyPem: certificate.keyPem, certPem: certificate.certPem, chainPem: certificate.chainPem },
      urls: deps.sefazUrl ? sefazUrlsAt(deps.sefazUrl) : sefazUrls(uf, model, environment),
      ca: sefazTrust(deps.sefazCa ?? []),
      timeoutMs: deps.sefazTimeoutMs,
    });
  }

  async function details(id: number): Promise<FiscalNote> {
    const row = await repo.note(db, id);
    if (!row) throw notFound(FISCAL_NOTE_TEXTS.noteNotFound);
    return view(row, await repo.events(db, id));
  }

  /** The note built from its order (a new note, or a rejected one's number again), signed and schema-checked. */
  async function built(
    trx: Executor,
    orderId: number,
    requestedModel: 55 | 65 | undefined,
    certificate: SigningCertificate,
    number?: { model: 55 | 65; series: number; number: number },
  ) {
    const issuer = await readIssuer(trx);
    if (!issuer.saved || !issuer.address || !issuer.crt || !issuer.ie || !issuer.legalName)
      throw conflict(FISCAL_NOTE_TEXTS.issuerMissing);
    const order = await repo.lockOrder(trx, orderId);
    if (!order) throw notFound(FISCAL_NOTE_TEXTS.orderNotFound);
    if (!INVOICEABLE_ORDER_STATUSES.includes(order.status as OrderStatusKey))
      throw conflict(
        FISCAL_NOTE_TEXTS.orderNotInvoiceable(
          ORDER_STATUS_LABELS[order.status as OrderStatusKey] ?? String(order.status),
        ),
      );
    const forNote = await orderForNote(trx, order);
    const model = number?.model ?? requestedModel ?? defaultModel(forNote, issuer.address.uf);
    let parts: ReturnType<typeof orderNoteParts>;
    try {
      parts = orderNoteParts(forNote, model);
    } catch (error) {
      if (error instanceof OrderNoteError) throw badRequest(error.message);
      throw error;
    }
    const csc = model === 65 ? await loadNfceCsc(trx, deps.serverSecret) : null;
    const taken = number ?? { model, ...(await repo.takeNumber(trx, model)) };
    const issuedAt = now();
    const input: NfeInput = {
      ...parts,
      model,
      environment: issuer.environment as 1 | 2,
      series: taken.series,
      number: taken.number,
      numericCode: String(randomInt(10_000_000, 100_000_000)),
      issuedAt: withBusinessOffset(toBusinessTimestamp(issuedAt)),
      emission: { type: 'normal' },
      natureOfOperation: 'Venda de mercadoria',
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
      insuranceCents: 0,
      additionalInfo: `Pedido ${forNote.code}.`,
      csc,
    };
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
    return { order, forNote, input, note, issuedAt, taken, uf: issuer.address.uf };
  }

  async function emitAs(employeeId: number | null, body: FiscalNoteEmitBody): Promise<FiscalNote> {
    const certificate = await loadSigningCertificate(db, deps.serverSecret, now());
    let input: NfeInput | undefined;
    const id = await db.transaction().execute(async (trx) => {
      // The order locked before its notes are looked at: a second emission of the same order at the same moment
      // waits here for the first and then finds its note (409 in words, not the unique index's 500).
      await repo.lockOrder(trx, body.orderId);
      const alive = await repo.aliveNoteOf(trx, body.orderId);
      if (alive)
        throw conflict(
          FISCAL_NOTE_TEXTS.orderHasNote(alive.number, FISCAL_NOTE_STATUS_LABELS[alive.status as FiscalNoteStatus]),
        );
      // A rejected note keeps the order's number: it is corrected and sent again, never replaced by another.
      const rejected = await repo.rejectedNoteOf(trx, body.orderId);
      if (rejected) throw conflict(FISCAL_NOTE_TEXTS.orderHasRejected(rejected.number));
      const made = await built(trx, body.orderId, body.model, certificate);
      input = made.input;
      const recipient = made.input.recipient;
      const noteId = await insertNumbered(trx, {
        order_id: made.order.id,
        model: made.input.model,
        series: made.taken.series,
        number: made.taken.number,
        environment: made.input.environment,
        emission_type: 1,
        access_key: made.note.accessKey,
        status: 'SIGNED',
        total_cents: made.note.totals.totalCents,
        recipient_document: recipient?.document ?? null,
        recipient_name: recipient?.name ?? null,
        xml: made.note.xml,
        issued_at: made.issuedAt,
        created_by: employeeId,
      });
      await recordAudit(trx, {
        employeeId: employeeId,
        entity: 'fiscal_note',
        entityId: noteId,
        action: 'create',
        changes: {
          order: made.order.code,
          model: made.input.model,
          number: made.taken.number,
          key: made.note.accessKey,
        },
      });
      return noteId;
    });
    await send(id, certificate, input);
    return details(id);
  }

  /** The note's row; a number already on a note (the next number set back in 'Fiscal') refused in words, not a 500. */
  async function insertNumbered(trx: Executor, values: Parameters<typeof repo.insertNote>[1]) {
    const used = await repo.usedNumber(trx, {
      model: values.model,
      series: values.series,
      from: values.number,
      to: values.number,
      environment: values.environment,
    });
    if (used !== null) throw conflict(FISCAL_NOTE_TEXTS.numberUsed(values.number, values.series));
    return repo.insertNote(trx, values);
  }

  const providers = new Map<string, ProviderClient>();

  /** Nuvem Fiscal's client when the shop sends through it (one a set of credentials, its token kept), else null. */
  async function providerOf(): Promise<ProviderClient | null> {
    const issuer = await readIssuer(db);
    if (issuer.transport !== 'NUVEM_FISCAL') return null;
    const credentials = await loadProviderCredentials(db, deps.serverSecret);
    const baseUrl = deps.providerUrl ?? (credentials.sandbox ? NUVEM_FISCAL.sandboxUrl : NUVEM_FISCAL.productionUrl);
    const key = `${baseUrl}\u0000${credentials.clientId}\u0000${credentials.clientSecret}`;
    let client = providers.get(key);
    if (!client) {
      client = createProviderClient({
        baseUrl,
        tokenUrl: deps.providerTokenUrl,
        clientId: credentials.clientId,
        clientSecret: credentials.clientSecret,
        timeoutMs: deps.sefazTimeoutMs,
      });
      providers.set(key, client);
    }
    return client;
  }

  /** What the SEFAZ (or the provider, in the SEFAZ's codes) answered of the note, written on its row. */
  async function writeAnswer(
    row: NoteRow,
    answer: LotAnswer,
    provider: { id: string; procXml: string | null; noteXml: string | null } | null = null,
  ): Promise<void> {
    const prot = answer.notes.find((n) => n.accessKey === row.access_key) ?? (provider ? answer.notes[0] : undefined);
    const providerId = provider?.id ?? row.provider_id;
    if ((answer.status === 103 || answer.status === 105) && !prot) {
      await repo.updateNote(db, row.id, {
        status: 'PROCESSING',
        receipt_number: answer.receipt ?? row.receipt_number,
        provider_id: providerId,
        status_code: answer.status,
        status_reason: answer.reason,
      });
    } else if (prot && AUTHORISED.has(prot.status)) {
      await repo.updateNote(db, row.id, {
        status: 'AUTHORIZED',
        status_code: prot.status,
        status_reason: prot.reason,
        protocol: prot.protocol,
        authorized_at: prot.receivedAt ? new Date(prot.receivedAt) : now(),
        xml: provider?.noteXml ?? row.xml,
        proc_xml: provider?.procXml ?? nfeProc(row.xml, prot.xml),
        provider_id: providerId,
      });
    } else {
      const code = prot?.status ?? answer.status;
      await repo.updateNote(db, row.id, {
        status: DENIED.has(code) ? 'DENIED' : 'REJECTED',
        status_code: code || null,
        status_reason: prot?.reason ?? answer.reason,
        protocol: prot?.protocol ?? null,
        provider_id: providerId,
      });
    }
  }

  /** A provider's refusal as the note's: its credentials are the shop's to fix (409); a request refused, REJECTED. */
  async function providerRefusal(row: NoteRow, error: unknown): Promise<boolean> {
    if (error instanceof ProviderAuthError) throw conflict(error.message);
    if (error instanceof ProviderRequestError) {
      await repo.updateNote(db, row.id, { status: 'REJECTED', status_code: null, status_reason: error.message });
      return true;
    }
    return false;
  }

  /**
   * Sends the note `id` (SIGNED or CONTINGENCY) and writes what the SEFAZ answered: straight, or through the provider
   * when the shop chose it (an NFC-e issued in contingency always goes straight: its printed QR code carries our
   * signature, which a provider would replace).
   */
  async function send(id: number, certificate: SigningCertificate, input?: NfeInput): Promise<void> {
    const row = await repo.note(db, id);
    if (!row) throw notFound(FISCAL_NOTE_TEXTS.noteNotFound);
    const provider = row.status === 'CONTINGENCY' ? null : await providerOf();
    const state = ufOfKey(row.access_key);
    const client = provider ? null : clientFor(certificate, state, row.model as 55 | 65, row.environment as 1 | 2);
    try {
      if (provider) {
        const emission = await provider.emitXml(row.xml, { reference: row.access_key });
        await writeAnswer(row, emission, emission);
      } else {
        const sefaz = client as SefazClient;
        const answer = await sefaz.authorize(row.id, [row.xml], true);
        const prot = answer.notes.find((n) => n.accessKey === row.access_key);
        // 204: this very note is already authorised (an answer lost on the way): its protocol is asked for.
        const known =
          prot?.status === DUPLICATE ? await sefaz.protocol(row.environment as 1 | 2, row.access_key) : null;
        await writeAnswer(
          row,
          known && known.notes.some((n) => AUTHORISED.has(n.status)) ? { ...known, status: 104 } : answer,
        );
      }
    } catch (error) {
      if (await providerRefusal(row, error)) return;
      if (!(error instanceof SefazUnavailableError)) throw error;
      if (row.model === 65 && row.emission_type === 1 && input) {
        // The NFC-e is issued at once in offline contingency: tpEmis 9 (a new key), signed again, sent later.
        const offline = buildNfe(
          {
            ...input,
            emission: { type: 'offline', since: input.issuedAt, reason: 'SEFAZ sem resposta no envio da nota' },
          },
          signerOf(certificate),
        );
        await repo.updateNote(db, id, {
          status: 'CONTINGENCY',
          emission_type: 9,
          xml: offline.xml,
          access_key: offline.accessKey,
          status_code: null,
          status_reason: FISCAL_NOTE_TEXTS.contingency,
        });
      } else {
        await repo.updateNote(db, id, { status_code: null, status_reason: FISCAL_NOTE_TEXTS.unavailable });
      }
    } finally {
      client?.close();
    }
  }

  /** A note the SEFAZ has not answered for good: sent again (SIGNED, CONTINGENCY), or its lot asked for. */
  async function resend(row: NoteRow, certificate: SigningCertificate): Promise<void> {
    if (row.status === 'SIGNED' || row.status === 'CONTINGENCY') {
      await send(row.id, certificate);
      return;
    }
    if (row.status !== 'PROCESSING') return;
    const provider = row.provider_id ? await providerOf() : null;
    if (!provider && !row.receipt_number) return;
    const state = ufOfKey(row.access_key);
    const client = provider ? null : clientFor(certificate, state, row.model as 55 | 65, row.environment as 1 | 2);
    try {
      if (provider) {
        const emission = await provider.status(row.model as 55 | 65, row.provider_id as string);
        await writeAnswer(row, emission, emission);
      } else {
        await writeAnswer(
          row,
          await (client as SefazClient).receipt(row.environment as 1 | 2, row.receipt_number as string),
        );
      }
    } catch (error) {
      if (await providerRefusal(row, error)) return;
      if (!(error instanceof SefazUnavailableError)) throw error;
      await repo.updateNote(db, row.id, { status_reason: FISCAL_NOTE_TEXTS.unavailable });
    } finally {
      client?.close();
    }
  }

  return {
    details,

    /**
     * The sender's round (notes.scheduler.ts): the notes waiting for the SEFAZ (signed, in processing, in
     * contingency) not touched for two minutes, claimed by a lease (their updated_at set now, under `skip locked`,
     * so two servers never send the same one at once), sent again. Answers how many were tried.
     */
    async sendWaiting(limit = 20): Promise<number> {
      const claimed = await repo.claimWaiting(db, limit);
      if (claimed.length === 0) return 0;
      const certificate = await loadSigningCertificate(db, deps.serverSecret, now());
      for (const id of claimed) {
        const row = await repo.note(db, id);
        if (row) await resend(row, certificate);
      }
      return claimed.length;
    },

    /** POST /fiscal/notes: the order's note, emitted and sent (see the module's comment). */
    emit: (principal: Principal, body: FiscalNoteEmitBody): Promise<FiscalNote> => emitAs(principal.employeeId, body),

    /**
     * The sender's round of the automatic notes (issue 41 §2: 'HANDOVER'): each order handed over since, its note
     * emitted as the person who handed it over would; an order that already has one is done; a refusal is kept
     * on the request (tried three times, a minute apart). Answers how many were tried.
     */
    async emitRequested(limit = 10): Promise<number> {
      const claimed = await repo.claimRequests(db, limit);
      for (const request of claimed) {
        try {
          await emitAs(request.requested_by, { orderId: request.order_id });
          await repo.requestDone(db, request.order_id);
        } catch (error) {
          const message = (error as Error).message;
          if ((await repo.aliveNoteOf(db, request.order_id)) !== undefined)
            await repo.requestDone(db, request.order_id);
          else await repo.requestFailed(db, request.order_id, message);
        }
      }
      return claimed.length;
    },

    /**
     * POST /fiscal/notes/{id}/retry: a note not yet answered is sent again (a contingency NFC-e included), a lot in
     * processing is asked for by its receipt, a rejected note is built again from its order with its number.
     */
    async retry(principal: Principal, id: number): Promise<FiscalNote> {
      const certificate = await loadSigningCertificate(db, deps.serverSecret, now());
      const row = await repo.note(db, id);
      if (!row) throw notFound(FISCAL_NOTE_TEXTS.noteNotFound);
      const status = row.status as FiscalNoteStatus;
      if (WAITING.includes(status)) {
        await resend(row, certificate);
      } else if (status === 'REJECTED' && row.order_id) {
        const orderId = row.order_id;
        await db.transaction().execute(async (trx) => {
          const made = await built(trx, orderId, undefined, certificate, {
            model: row.model as 55 | 65,
            series: row.series,
            number: row.number,
          });
          await repo.updateNote(trx, id, {
            status: 'SIGNED',
            xml: made.note.xml,
            access_key: made.note.accessKey,
            total_cents: made.note.totals.totalCents,
            issued_at: made.issuedAt,
            status_code: null,
            status_reason: null,
          });
          await recordAudit(trx, {
            employeeId: principal.employeeId,
            entity: 'fiscal_note',
            entityId: id,
            action: 'retry',
            changes: { key: made.note.accessKey, previousKey: row.access_key },
          });
        });
        await send(id, certificate);
      } else {
        throw conflict(FISCAL_NOTE_TEXTS.notRetriable(FISCAL_NOTE_STATUS_LABELS[status]));
      }
      return details(id);
    },

    /** POST /fiscal/notes/{id}/cancel: the SEFAZ's event 110111 within the window, then CANCELLED. */
    async cancel(principal: Principal, id: number, reason: string): Promise<FiscalNote> {
      const certificate = await loadSigningCertificate(db, deps.serverSecret, now());
      const row = await repo.note(db, id);
      if (!row) throw notFound(FISCAL_NOTE_TEXTS.noteNotFound);
      if (row.status !== 'AUTHORIZED' || !row.protocol || !row.authorized_at)
        throw conflict(FISCAL_NOTE_TEXTS.cancelNotAuthorized);
      const age = now().getTime() - new Date(row.authorized_at).getTime();
      if (age > CANCEL_WINDOW_HOURS * 3_600_000) throw conflict(FISCAL_NOTE_TEXTS.cancelWindow(CANCEL_WINDOW_HOURS));
      const answer = await event(row, certificate, 1, { type: 'cancel', protocol: row.protocol, reason });
      await db.transaction().execute(async (trx) => {
        await repo.insertEvent(trx, {
          note_id: id,
          type: 'CANCEL',
          sequence: 1,
          text: reason,
          status_code: answer.eventStatus,
          status_reason: answer.eventReason,
          protocol: answer.protocol,
          registered_at: answer.registeredAt ? new Date(answer.registeredAt) : now(),
          xml: answer.xml,
          created_by: principal.employeeId,
        });
        await repo.updateNote(trx, id, { status: 'CANCELLED' });
        await recordAudit(trx, {
          employeeId: principal.employeeId,
          entity: 'fiscal_note',
          entityId: id,
          action: 'cancel',
          changes: { reason, protocol: answer.protocol },
        });
      });
      return details(id);
    },

    /** POST /fiscal/notes/{id}/correction: a correction letter (110110) of an authorised NF-e. */
    async correct(principal: Principal, id: number, text: string): Promise<FiscalNote> {
      const certificate = await loadSigningCertificate(db, deps.serverSecret, now());
      const row = await repo.note(db, id);
      if (!row) throw notFound(FISCAL_NOTE_TEXTS.noteNotFound);
      if (row.status !== 'AUTHORIZED' || row.model !== 55) throw conflict(FISCAL_NOTE_TEXTS.correctionOnlyNfe);
      const sequence = (await repo.correctionCount(db, id)) + 1;
      if (sequence > MAX_CORRECTIONS) throw conflict(FISCAL_NOTE_TEXTS.correctionsFull);
      const answer = await event(row, certificate, sequence, { type: 'correction', text });
      await db.transaction().execute(async (trx) => {
        await repo.insertEvent(trx, {
          note_id: id,
          type: 'CORRECTION',
          sequence,
          text,
          status_code: answer.eventStatus,
          status_reason: answer.eventReason,
          protocol: answer.protocol,
          registered_at: answer.registeredAt ? new Date(answer.registeredAt) : now(),
          xml: answer.xml,
          created_by: principal.employeeId,
        });
        await recordAudit(trx, {
          employeeId: principal.employeeId,
          entity: 'fiscal_note',
          entityId: id,
          action: 'correction',
          changes: { sequence, text, protocol: answer.protocol },
        });
      });
      return details(id);
    },

    /** POST /fiscal/voidings: numbers never used, voided at the SEFAZ. */
    async voidNumbers(principal: Principal, body: FiscalVoidingBody): Promise<FiscalVoiding> {
      const certificate = await loadSigningCertificate(db, deps.serverSecret, now());
      const issuer = await readIssuer(db);
      if (!issuer.saved || !issuer.address || !issuer.cnpj) throw conflict(FISCAL_NOTE_TEXTS.issuerMissing);
      const environment = issuer.environment as 1 | 2;
      const used = await repo.usedNumber(db, { ...body, environment });
      if (used !== null) throw conflict(FISCAL_NOTE_TEXTS.voidingUsed(used));
      const provider = await providerOf();
      const client = provider ? null : clientFor(certificate, issuer.address.uf, body.model, environment);
      try {
        const spec = {
          environment,
          stateCode: UF_CODES[issuer.address.uf] as string,
          year: businessDay(now()).slice(2, 4),
          cnpj: issuer.cnpj,
          model: body.model,
          series: body.series,
          from: body.from,
          to: body.to,
          reason: body.reason,
        };
        const answer = provider
          ? await provider.voidNumbers(spec)
          : await (client as SefazClient).voidNumbers(spec, signerOf(certificate));
        if (answer.status !== 102) throw conflict(FISCAL_NOTE_TEXTS.voidingRefused(answer.status, answer.reason));
        const row = await db.transaction().execute(async (trx) => {
          const inserted = await repo.insertVoiding(trx, {
            model: body.model,
            series: body.series,
            number_from: body.from,
            number_to: body.to,
            environment,
            reason: body.reason,
            status_code: answer.status,
            status_reason: answer.reason,
            protocol: answer.protocol,
            xml: answer.xml,
            created_by: principal.employeeId,
          });
          await recordAudit(trx, {
            employeeId: principal.employeeId,
            entity: 'fiscal_voiding',
            entityId: inserted.id,
            action: 'create',
            changes: { ...body, protocol: answer.protocol },
          });
          return inserted;
        });
        return {
          id: row.id,
          model: body.model,
          series: body.series,
          from: body.from,
          to: body.to,
          reason: body.reason,
          statusCode: answer.status,
          statusReason: answer.reason,
          protocol: answer.protocol,
          createdAt: iso(row.created_at) as string,
        };
      } catch (error) {
        if (error instanceof SefazUnavailableError) throw conflict(FISCAL_NOTE_TEXTS.unavailable);
        if (error instanceof ProviderAuthError || error instanceof ProviderRequestError) throw conflict(error.message);
        throw error;
      } finally {
        client?.close();
      }
    },

    /** GET /fiscal/notes/requests: the orders whose automatic note could not be emitted, with why. */
    async failedRequests(): Promise<FiscalEmissionRequest[]> {
      const rows = await repo.failedRequests(db);
      return rows.map((row) => ({
        order: { id: row.order_id, code: row.code },
        attempts: row.attempts,
        error: row.last_error as string,
        requestedAt: iso(row.requested_at) as string,
      }));
    },

    /** GET /fiscal/notes: a page, newest first, searched by number, key, customer or order, by period. */
    async list(query: FiscalNotesQuery): Promise<FiscalNotePage> {
      const bounds = {
        from: query.from ? dayStart(query.from) : undefined,
        to: query.to ? dayStart(shiftDay(query.to, 1)) : undefined,
      };
      const { total, rows } = await repo.page(db, query, bounds);
      return {
        items: rows.map((row) => {
          const { events: _events, ...rest } = view(row, []);
          return rest;
        }),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /** The note's XML: the nfeProc once authorised, else the signed note. */
    async xml(id: number): Promise<{ xml: string; fileName: string }> {
      const row = await repo.note(db, id);
      if (!row) throw notFound(FISCAL_NOTE_TEXTS.noteNotFound);
      return {
        xml: `<?xml version="1.0" encoding="UTF-8"?>${row.proc_xml ?? row.xml}`,
        fileName: `${row.access_key}-${row.proc_xml ? 'procNFe' : 'NFe'}.xml`,
      };
    },

    /** GET /fiscal/notes/export.csv: the notes the list's filters find, every page of them, a batch at a time. */
    async *exportBatches(query: FiscalNotesQuery) {
      const bounds = {
        from: query.from ? dayStart(query.from) : undefined,
        to: query.to ? dayStart(shiftDay(query.to, 1)) : undefined,
      };
      for (let page = 0; ; page++) {
        const { rows } = await repo.page(db, { ...query, page, pageSize: 500 }, bounds);
        yield rows.map((row) => view(row, []));
        if (rows.length < 500) return;
      }
    },

    /**
     * GET /fiscal/notes/xml.zip?month=YYYY-MM: the month's notes that went to the SEFAZ for good (their nfeProc) and
     * their events, for the accountant, written into the zip a batch of notes at a time.
     */
    async *monthXmls(month: string): AsyncGenerator<{ name: string; xml: string }> {
      const from = dayStart(`${month}-01`);
      const [year, mon] = month.split('-').map(Number) as [number, number];
      const next = mon === 12 ? `${year + 1}-01-01` : `${year}-${String(mon + 1).padStart(2, '0')}-01`;
      const to = dayStart(next);
      let afterId = 0;
      for (;;) {
        const batch = await repo.monthBatch(db, from, to, afterId, 200);
        if (batch.length === 0) return;
        const events = await repo.eventsOfNotes(
          db,
          batch.map((n) => n.id),
        );
        for (const note of batch) {
          yield { name: `${note.access_key}-procNFe.xml`, xml: note.proc_xml as string };
          for (const event of events.filter((e) => e.note_id === note.id))
            yield {
              name: `${note.access_key}-${event.type === 'CANCEL' ? 'cancelamento' : `cce-${event.sequence}`}.xml`,
              xml: event.xml as string,
            };
        }
        afterId = (batch.at(-1) as { id: number }).id;
      }
    },

    /** POST /fiscal/notes/{id}/email: the authorised note's DANFE and XML to the customer (or the address given). */
    async email(principal: Principal, id: number, to?: string): Promise<{ to: string }> {
      const row = await repo.note(db, id);
      if (!row) throw notFound(FISCAL_NOTE_TEXTS.noteNotFound);
      if (row.status !== 'AUTHORIZED' || !row.proc_xml) throw conflict(FISCAL_NOTE_TEXTS.emailNotAuthorized);
      const address = to ?? (row.order_id ? await repo.customerEmailOf(db, row.order_id) : null);
      if (!address) throw badRequest(FISCAL_NOTE_TEXTS.emailMissing);
      const issuer = await readIssuer(db);
      const model = row.model === 55 ? 'NF-e' : 'NFC-e';
      const shop = issuer.tradeName || issuer.legalName || 'a loja';
      await deps.mailer?.send({
        to: address,
        subject: FISCAL_NOTE_TEXTS.emailSubject(model, row.number, shop),
        text: FISCAL_NOTE_TEXTS.emailText(model, row.number, row.access_key.replace(/(\d{4})(?=\d)/g, '$1 '), shop),
        attachments: [
          {
            filename: `danfe-${row.access_key}.pdf`,
            content: await renderDanfe(row.proc_xml),
            contentType: 'application/pdf',
          },
          {
            filename: `${row.access_key}-procNFe.xml`,
            content: Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>${row.proc_xml}`, 'utf8'),
            contentType: 'application/xml',
          },
        ],
      });
      await recordAudit(db, {
        employeeId: principal.employeeId,
        entity: 'fiscal_note',
        entityId: id,
        action: 'email',
        changes: { to: address },
      });
      return { to: address };
    },

    /** The note's DANFE (A4 for the NF-e, 80 mm for the NFC-e). */
    async danfe(id: number): Promise<{ pdf: Buffer; fileName: string }> {
      const row = await repo.note(db, id);
      if (!row) throw notFound(FISCAL_NOTE_TEXTS.noteNotFound);
      return { pdf: await renderDanfe(row.proc_xml ?? row.xml), fileName: `danfe-${row.access_key}.pdf` };
    },
  };

  async function event(
    row: NoteRow,
    certificate: SigningCertificate,
    sequence: number,
    kind: { type: 'cancel'; protocol: string; reason: string } | { type: 'correction'; text: string },
  ) {
    const provider = row.provider_id ? await providerOf() : null;
    const state = ufOfKey(row.access_key);
    const client = provider ? null : clientFor(certificate, state, row.model as 55 | 65, row.environment as 1 | 2);
    try {
      const answer = provider
        ? kind.type === 'cancel'
          ? await provider.cancel(row.model as 55 | 65, row.provider_id as string, kind.reason)
          : await provider.correct(row.provider_id as string, kind.text)
        : await (client as SefazClient).event(
            row.id * 100 + sequence,
            {
              environment: row.environment as 1 | 2,
              stateCode: row.access_key.slice(0, 2),
              cnpj: row.access_key.slice(6, 20),
              accessKey: row.access_key,
              at: withBusinessOffset(toBusinessTimestamp(now())),
              sequence,
              kind,
            },
            signerOf(certificate),
          );
      if (answer.eventStatus === null || !EVENT_REGISTERED.has(answer.eventStatus))
        throw conflict(
          FISCAL_NOTE_TEXTS.eventRefused(answer.eventStatus ?? answer.status, answer.eventReason ?? answer.reason),
        );
      return answer;
    } catch (error) {
      if (error instanceof SefazUnavailableError) throw conflict(FISCAL_NOTE_TEXTS.unavailable);
      if (error instanceof ProviderAuthError || error instanceof ProviderRequestError) throw conflict(error.message);
      throw error;
    } finally {
      client?.close();
    }
  }
}
