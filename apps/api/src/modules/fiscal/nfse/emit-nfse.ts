/**
 * The NFS-e of a repair's labour (issue 56 §4, decision 0085): 'Emitir NFS-e' on the repair, or the worker once the
 * repair is delivered. The labour is what the repair's bill (its order) charged; nothing under warranty. Where the
 * city has not joined the national NFS-e, the labour is listed in 'Serviços a faturar' (TO_INVOICE) for the
 * accountant. Otherwise the DPS takes the series' next number for good and is stored signed (PENDING) in one
 * transaction, then sent: authorised (the NFS-e's key, number and XML), rejected (the API's codes and texts, the
 * repair may be invoiced again with a new number), or left PENDING when the API does not answer (sent again later).
 * The lost answer (decision 0091): a PENDING DPS may have generated its NFS-e though no answer came back, so before
 * sending it again the API is asked for the NFS-e of that DPS Id (GET /dps/{id}, then GET /nfse/{chaveAcesso}) and
 * only a DPS it does not know is sent: one DPS never yields two NFS-e (the API would refuse the second, E0014).
 */
import {
  isValidCnpj,
  isValidCpf,
  NFSE_TEXTS,
  normalizeDocument,
  type ServiceInvoice,
  toBusinessTimestamp,
} from '@backoffice/contract';
import type { Executor } from '../../../db/executor';
import { conflict, notFound } from '../../../lib/errors';
import { isUniqueViolation } from '../../../lib/sql-errors';
import type { Principal } from '../../../plugins/auth';
import { fiscalRepository } from '../fiscal.repository';
import { loadSigningCertificate, type SigningCertificate } from '../fiscal-certificate';
import { ibptRepository } from '../ibpt/ibpt.repository';
import { type ApproximateTaxes, buildSignedDps, type DpsInput, issCents } from './dps';
import { type NfseSettingsRow, nfseRepository as repo, type ServiceInvoiceRow } from './nfse.repository';
import { type NfseContext, sefinClient } from './nfse-context';
import { serviceInvoiceView } from './nfse-views';
import { type SefinClient, SefinUnavailableError } from './sefin-client';

const signerOf = (certificate: SigningCertificate) => ({
  keyPem: certificate.keyPem,
  certificateBase64: certificate.certBase64,
});

/** The customer as the DPS's toma: his CPF or CNPJ when valid, else none (the group is optional). */
export function takerOf(document: string, name: string): { document: string; name: string } | null {
  const digits = normalizeDocument(document);
  return isValidCpf(digits) || isValidCnpj(digits) ? { document: digits, name } : null;
}

/** IBPT's ten-thousandths of a percent as hundredths (4,5300 % → 453). */
const hundredths = (tenThousandths: number) => Math.round(tenThousandths / 100);

/**
 * The DPS's totTrib (decision 0095; Anexo I E0710, E0712 and E0713): an ME/EPP its Simples Nacional approximate
 * rate (the setting), a non-optante the IBPT table's LC 116 item rates of the issuer's state on the day, a MEI no
 * estimate (indTotTrib 0). Refused in words, before a number is taken, when the figure is missing.
 */
export async function approximateTaxesOf(
  db: Executor,
  settings: NfseSettingsRow,
  uf: string,
  day: string,
): Promise<ApproximateTaxes> {
  if (settings.simples_option === 2) return { kind: 'none' };
  if (settings.simples_option === 3) {
    if (settings.simples_tax_rate_hundredths === null) throw conflict(NFSE_TEXTS.simplesTaxRateMissing);
    return { kind: 'simples', rateHundredths: settings.simples_tax_rate_hundredths };
  }
  const row = await ibptRepository.serviceItemRate(db, uf, settings.service_item, day);
  if (!row) throw conflict(NFSE_TEXTS.serviceTaxRatesMissing(settings.service_item));
  return {
    kind: 'rates',
    federalHundredths: hundredths(row.national_federal_rate_ten_thousandths),
    stateHundredths: hundredths(row.state_rate_ten_thousandths),
    municipalHundredths: hundredths(row.municipal_rate_ten_thousandths),
  };
}

/**
 * The DPS of a repair's labour as the settings and the issuer say it (decision 0085): the issuer's city and CNPJ, the
 * settings' Simples situation, special regime, national tax code and ISS rate; `labour` the number taken, the
 * moment, the customer, the words, the amount and the approximate taxes (`approximateTaxesOf`).
 */
export function repairDpsInput(
  settings: NfseSettingsRow,
  issuer: { environment: number; city_code: string; cnpj: string },
  labour: Pick<
    DpsInput,
    'series' | 'number' | 'issuedAt' | 'taker' | 'description' | 'amountCents' | 'approximateTaxes'
  >,
): DpsInput {
  return {
    ...labour,
    environment: issuer.environment as 1 | 2,
    cityCode: issuer.city_code,
    provider: {
      cnpj: issuer.cnpj,
      municipalRegistration: settings.municipal_registration,
      simplesOption: settings.simples_option as 1 | 2 | 3,
      specialRegime: settings.special_regime,
    },
    nationalTaxCode: settings.national_tax_code,
    issRateHundredths: settings.iss_rate_hundredths,
  };
}

/** The NFS-e the API already generated from the row's DPS (its answer lost), or null when it knows none. */
async function alreadyGenerated(client: SefinClient, row: ServiceInvoiceRow) {
  const accessKey = await client.keyOfDps(row.dps_id as string);
  if (accessKey === null) return null;
  const nfseXml = await client.nfse(accessKey);
  return nfseXml === null ? null : { kind: 'authorized' as const, accessKey, nfseXml };
}

/**
 * Sends a PENDING invoice's signed DPS and records the answer; PENDING stays when the API does not answer. `first`:
 * the DPS was never sent (just signed); otherwise the API is asked first whether it already generated its NFS-e.
 */
export async function sendDps(
  context: NfseContext,
  row: ServiceInvoiceRow,
  now = new Date(),
  first = false,
): Promise<ServiceInvoiceRow> {
  const { db, serverSecret } = context;
  const [settings, certificate] = await Promise.all([repo.settings(db), loadSigningCertificate(db, serverSecret, now)]);
  const client = sefinClient(context, settings, row.environment as 1 | 2, certificate);
  try {
    const answer = (first ? null : await alreadyGenerated(client, row)) ?? (await client.emit(row.dps_xml as string));
    if (answer.kind === 'authorized')
      return await repo.update(db, row.id, {
        status: 'AUTHORIZED',
        access_key: answer.accessKey,
        nfse_number: /<nNFSe>(\d+)<\/nNFSe>/.exec(answer.nfseXml)?.[1] ?? null,
        nfse_xml: answer.nfseXml,
        authorized_at: now,
        rejection: null,
      });
    return await repo.update(db, row.id, {
      status: 'REJECTED',
      rejection: answer.errors.map((e) => `${e.code}: ${e.text}`).join(' | '),
    });
  } catch (error) {
    if (error instanceof SefinUnavailableError) return row;
    throw error;
  } finally {
    client.close();
  }
}

/** POST /fiscal/nfse/repairs/{id}: the repair's labour invoiced (201 with its status), or 404/409 in words. */
export async function emitRepairNfse(
  context: NfseContext,
  principal: Principal | null,
  repairId: number,
  now = new Date(),
): Promise<ServiceInvoice> {
  const { db, serverSecret } = context;
  const bill = await repo.repairBill(db, repairId);
  if (!bill) throw notFound(NFSE_TEXTS.repairNotFound);
  if (bill.order_id === null) throw conflict(NFSE_TEXTS.repairNotBilled);
  const amount = Number(bill.labour_cents ?? 0);
  if (amount <= 0 || bill.warranty_source) throw conflict(NFSE_TEXTS.noLabour);
  const [settings, issuer] = await Promise.all([repo.settings(db), fiscalRepository.issuer(db)]);
  if (!issuer) throw conflict(NFSE_TEXTS.issuerMissing);
  const taker = takerOf(bill.document, bill.name);
  const common = {
    repair_id: repairId,
    order_id: bill.order_id,
    amount_cents: amount,
    iss_rate_hundredths: settings.iss_rate_hundredths,
    iss_cents: issCents(amount, settings.iss_rate_hundredths),
    taker_document: taker?.document ?? '',
    taker_name: bill.name,
    description: NFSE_TEXTS.description(repairId, bill.model),
    created_by: principal?.employeeId ?? null,
  };
  const certificate = settings.national ? await loadSigningCertificate(db, serverSecret, now) : null;
  const approximateTaxes = certificate
    ? await approximateTaxesOf(db, settings, issuer.uf, toBusinessTimestamp(now).slice(0, 10))
    : null;
  let row: ServiceInvoiceRow;
  try {
    row = await db.transaction().execute(async (trx) => {
      if (await repo.liveInvoice(trx, repairId)) throw conflict(NFSE_TEXTS.alreadyInvoiced);
      if (!certificate) return repo.insert(trx, { ...common, status: 'TO_INVOICE' });
      const { series, number } = await repo.takeDpsNumber(trx);
      const environment = issuer.environment as 1 | 2;
      const dps = buildSignedDps(
        repairDpsInput(settings, issuer, {
          series,
          number,
          issuedAt: now,
          taker,
          description: common.description,
          amountCents: amount,
          approximateTaxes: approximateTaxes ?? { kind: 'none' },
        }),
        signerOf(certificate),
      );
      return repo.insert(trx, {
        ...common,
        status: 'PENDING',
        environment,
        dps_series: series,
        dps_number: number,
        dps_id: dps.id,
        dps_xml: dps.xml,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(NFSE_TEXTS.alreadyInvoiced);
    throw error;
  }
  if (row.status === 'PENDING') row = await sendDps(context, row, now, true);
  return serviceInvoiceView(row);
}

/** POST /fiscal/nfse/{id}/send: a PENDING invoice's DPS sent again. */
export async function sendAgain(context: NfseContext, id: number, now = new Date()): Promise<ServiceInvoice> {
  const row = await repo.byId(context.db, id);
  if (!row) throw notFound(NFSE_TEXTS.notFound);
  if (row.status !== 'PENDING') throw conflict(NFSE_TEXTS.notPending);
  return serviceInvoiceView(await sendDps(context, row, now));
}

/**
 * The worker's round: the NFS-e of each repair delivered whose labour never had one (a rejected or cancelled one
 * waits for the button), then the PENDING ones sent again. Answers how many were authorised or listed.
 */
export async function emitDelivered(context: NfseContext, now = new Date()): Promise<number> {
  let done = 0;
  for (const repairId of await repo.deliveredWithoutInvoice(context.db)) {
    try {
      const invoice = await emitRepairNfse(context, null, repairId, now);
      if (invoice.status === 'AUTHORIZED' || invoice.status === 'TO_INVOICE') done++;
    } catch {
      // Said on the repair's button; the next round tries again.
    }
  }
  for (const row of await repo.list(context.db, { status: 'PENDING' })) {
    if ((await sendDps(context, row, now)).status === 'AUTHORIZED') done++;
  }
  return done;
}
