import { businessDay, FISCAL_NOTE_TEXTS, type FiscalVoiding, type FiscalVoidingBody } from '@backoffice/contract';
import { recordAudit } from '../../../lib/audit';
import { conflict } from '../../../lib/errors';
import { isoTimestampOrNull } from '../../../lib/iso-timestamp';
import type { Principal } from '../../../plugins/auth';
import { loadSigningCertificate, readIssuer } from '../fiscal.service';
import { UF_CODES } from '../nfe/states';
import { ProviderAuthError, ProviderRequestError } from '../provider/provider-client';
import { type SefazClient, SefazUnavailableError } from '../sefaz/sefaz-client';
import type { VoidingAnswer } from '../sefaz/sefaz-messages';
import { notesRepository as repo } from './notes.repository';
import { type NotesContext, signerOf } from './notes-context';

/** The voiding the SEFAZ registered, kept and audited in one transaction, as the API shows it. */
async function keepVoiding(
  context: NotesContext,
  principal: Principal,
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
    createdAt: isoTimestampOrNull(row.created_at) as string,
  };
}

/** Voiding the numbers never used of a series (inutilização). */
export function noteVoidings(context: NotesContext) {
  const { db, deps, now } = context;
  return {
    /** POST /fiscal/voidings: numbers never used, voided at the SEFAZ. */
    async voidNumbers(principal: Principal, body: FiscalVoidingBody): Promise<FiscalVoiding> {
      const certificate = await loadSigningCertificate(db, deps.serverSecret, now());
      const issuer = await readIssuer(db);
      if (!issuer.saved || !issuer.address || !issuer.cnpj) throw conflict(FISCAL_NOTE_TEXTS.issuerMissing);
      const environment = issuer.environment as 1 | 2;
      const used = await repo.usedNumber(db, { ...body, environment });
      if (used !== null) throw conflict(FISCAL_NOTE_TEXTS.voidingUsed(used));
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
        return await keepVoiding(context, principal, body, environment, answer);
      } catch (error) {
        if (error instanceof SefazUnavailableError) throw conflict(FISCAL_NOTE_TEXTS.unavailable);
        if (error instanceof ProviderAuthError || error instanceof ProviderRequestError) throw conflict(error.message);
        throw error;
      } finally {
        client?.close();
      }
    },
  };
}
