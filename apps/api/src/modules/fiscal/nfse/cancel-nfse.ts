/**
 * The cancellation of an authorised NFS-e (issue 56 §4): the event 101101 (cancellation-event.ts) signed with the
 * A1 and sent to POST /nfse/{chaveAcesso}/eventos. Registered: CANCELLED with the event's XML and the reason;
 * refused: 409 with the API's codes and texts; no answer: 409 in words, nothing changed.
 */
import { NFSE_TEXTS, type ServiceInvoice, type ServiceInvoiceCancelBody } from '@backoffice/contract';
import { recordAudit } from '../../../lib/audit';
import { conflict, notFound } from '../../../lib/errors';
import type { Principal } from '../../../plugins/auth';
import { loadSigningCertificate } from '../fiscal-certificate';
import { buildSignedCancellation } from './cancellation-event';
import { nfseRepository as repo } from './nfse.repository';
import { type NfseContext, sefinClient } from './nfse-context';
import { serviceInvoiceView } from './nfse-views';
import { SefinUnavailableError } from './sefin-client';

export async function cancelNfse(
  context: NfseContext,
  principal: Principal,
  id: number,
  body: ServiceInvoiceCancelBody,
  now = new Date(),
): Promise<ServiceInvoice> {
  const { db, serverSecret } = context;
  const row = await repo.byId(db, id);
  if (!row) throw notFound(NFSE_TEXTS.notFound);
  if (row.status !== 'AUTHORIZED' || !row.access_key) throw conflict(NFSE_TEXTS.notCancellable);
  const [settings, certificate] = await Promise.all([repo.settings(db), loadSigningCertificate(db, serverSecret, now)]);
  const request = buildSignedCancellation(
    {
      environment: row.environment as 1 | 2,
      at: now,
      authorCnpj: certificate.cnpj,
      accessKey: row.access_key,
      reasonCode: body.reasonCode,
      reason: body.reason,
    },
    { keyPem: certificate.keyPem, certificateBase64: certificate.certBase64 },
  );
  const client = sefinClient(context, settings, row.environment as 1 | 2, certificate);
  let answer: Awaited<ReturnType<typeof client.event>>;
  try {
    answer = await client.event(row.access_key, request.xml);
  } catch (error) {
    if (error instanceof SefinUnavailableError) throw conflict(NFSE_TEXTS.cancelUnavailable);
    throw error;
  } finally {
    client.close();
  }
  if (answer.kind === 'rejected')
    throw conflict(NFSE_TEXTS.rejected(answer.errors.map((e) => `${e.code}: ${e.text}`).join(' | ')));
  const updated = await db.transaction().execute(async (trx) => {
    const locked = await repo.lock(trx, id);
    if (locked?.status !== 'AUTHORIZED') throw conflict(NFSE_TEXTS.notCancellable);
    const saved = await repo.update(trx, id, {
      status: 'CANCELLED',
      cancel_reason: body.reason,
      cancel_event_xml: answer.eventXml,
      cancelled_at: now,
    });
    await recordAudit(trx, {
      employeeId: principal.employeeId,
      entity: 'service_invoice',
      entityId: id,
      action: 'cancel',
      changes: { status: { from: 'AUTHORIZED', to: 'CANCELLED' }, reasonCode: body.reasonCode, reason: body.reason },
    });
    return saved;
  });
  return serviceInvoiceView(updated);
}
