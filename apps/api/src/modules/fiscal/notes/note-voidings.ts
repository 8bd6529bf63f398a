import {
  businessDay,
  FISCAL_NOTE_TEXTS,
  type FiscalNoteStatus,
  type FiscalVoiding,
  type FiscalVoidingBody,
} from '@backoffice/contract';
import { recordAudit } from '../../../lib/audit';
import { conflict } from '../../../lib/errors';
import { isoTimestampOrNull } from '../../../lib/iso-timestamp';
import type { Principal } from '../../../plugins/auth';
import { loadSigningCertificate, readIssuer } from '../fiscal.service';
import { UF_CODES } from '../nfe/states';
import { ProviderAuthError, ProviderRequestError } from '../provider/provider-client';
import { type SefazClient, SefazUnavailableError } from '../sefaz/sefaz-client';
import type { VoidingAnswer } from '../sefaz/sefaz-messages';
import { markVoided, voidingRefusal } from './note-numbers';
import { notesRepository as repo } from './notes.repository';
import { type NotesContext, signerOf } from './notes-context';

/**
 * The voiding the SEFAZ registered, kept and audited in one transaction, as the API shows it; the rejected (or
 * unanswered) notes of its range become VOIDED.
 */
async function keepVoiding(
  context: NotesContext,
  employeeId: number | null,
  body: FiscalVoidingBody,
  environment: 1 | 2,
  answer: VoidingAnswer,
): Promise<FiscalVoiding> {
  const row = await context.db.transaction().execute(async (trx) => {
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
      request_xml: answer.request ?? null,
      created_by: employeeId,
    });
    const notes = await markVoided(trx, { ...body, environment }, body.from, body.to);
    await recordAudit(trx, {
      employeeId,
      entity: 'fiscal_voiding',
      entityId: inserted.id,
      action: 'create',
      changes: { ...body, protocol: answer.protocol, ...(notes.length > 0 ? { notes } : {}) },
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
    createdAt: isoTimestampOrNull(row.created_at) as string,
  };
}

/**
 * The numbers `body.from`–`body.to` voided at the SEFAZ (inutilização) as `employeeId` (null: the sender's round):
 * refused in words before anything is sent when they were voided before or hold a note whose status is not in
 * `voidable` (note-numbers.ts).
 */
export async function voidRange(
  context: NotesContext,
  employeeId: number | null,
  body: FiscalVoidingBody,
  voidable: readonly FiscalNoteStatus[] = ['REJECTED'],
): Promise<FiscalVoiding> {
  const { db, deps, now } = context;
  const certificate = await loadSigningCertificate(db, deps.serverSecret, now());
  const issuer = await readIssuer(db);
  if (!issuer.saved || !issuer.address || !issuer.cnpj) throw conflict(FISCAL_NOTE_TEXTS.issuerMissing);
  const environment = issuer.environment as 1 | 2;
  const refused = await voidingRefusal(db, { ...body, environment }, body.from, body.to, voidable);
  if (refused) throw conflict(refused);
  const provider = await context.providerOf();
  const client = provider ? null : context.clientFor(certificate, issuer.address.uf, body.model, environment);
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
    return await keepVoiding(context, employeeId, body, environment, answer);
  } catch (error) {
    if (error instanceof SefazUnavailableError) throw conflict(FISCAL_NOTE_TEXTS.unavailable);
    if (error instanceof ProviderAuthError || error instanceof ProviderRequestError) throw conflict(error.message);
    throw error;
  } finally {
    client?.close();
  }
}

/** Voiding the numbers never used of a series, or a rejected note's (inutilização). */
export function noteVoidings(context: NotesContext) {
  return {
    /** POST /fiscal/voidings: numbers never used (or a rejected note's), voided at the SEFAZ. */
    voidNumbers: (principal: Principal, body: FiscalVoidingBody): Promise<FiscalVoiding> =>
      voidRange(context, principal.employeeId, body),
  };
}
