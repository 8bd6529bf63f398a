import {
  COMPANY_ID,
  PIX_WEBHOOK_BASE,
  PSP_TEXTS,
  type PspSettings,
  type PspSettingsBody,
  type PspTest,
} from '@backoffice/contract';
import type { DB } from '../../../db/database';
import type { Executor } from '../../../db/executor';
import { recordAudit } from '../../../lib/audit';
import { badRequest, conflict, notFound } from '../../../lib/errors';
import { open, packSealed, seal, secretKey, unpackSealed } from '../../../lib/secret-box';
import { pixReceiver, pixWebhookSecret } from '../../settings/settings.service';
import { type PspRow, cobvRepository as repo } from './cobv.repository';
import { type PspConnection, PspError, pspClient } from './psp-client';

/*
 * The shop's PSP ('Pix Cobrança' card, decision 0094): its base URL and OAuth2 client id in clear; the client
 * secret, the mTLS certificate and its password sealed as the A1 certificate is (secret-box.ts, use 'psp', each
 * with its purpose as AAD). Never answered nor audited: only that they are kept.
 */

const pspKey = (serverSecret: string) => secretKey(serverSecret, 'psp');

function view(row: PspRow | undefined): PspSettings {
  return {
    configured: Boolean(row),
    baseUrl: row?.base_url ?? null,
    clientId: row?.client_id ?? null,
    hasClientSecret: Boolean(row),
    hasCertificate: Boolean(row?.certificate),
    updatedAt: row ? row.updated_at.toISOString() : null,
  };
}

export async function readPspSettings(db: Executor): Promise<PspSettings> {
  return view(await repo.psp(db));
}

/**
 * PUT /credit/psp: the PSP saved; a secret or certificate left out keeps the one kept (400 when there is none),
 * a certificate null removes it, a new certificate needs its password. Audited without any secret.
 */
export async function savePspSettings(
  db: DB,
  serverSecret: string,
  employeeId: number,
  body: PspSettingsBody,
): Promise<PspSettings> {
  const key = pspKey(serverSecret);
  await db.transaction().execute(async (trx) => {
    const before = await repo.psp(trx);
    if (!body.clientSecret && !before) throw badRequest(PSP_TEXTS.clientSecretRequired);
    if (body.certificate && !body.certificatePassword) throw badRequest(PSP_TEXTS.certificatePasswordRequired);
    const clientSecret = body.clientSecret
      ? packSealed(seal(key, Buffer.from(body.clientSecret, 'utf8'), 'pix_psp.client_secret'))
      : (before?.client_secret as Buffer);
    let certificate = before?.certificate ?? null;
    let certificatePassword = before?.certificate_password ?? null;
    if (body.certificate === null) {
      certificate = null;
      certificatePassword = null;
    } else if (body.certificate) {
      certificate = packSealed(seal(key, Buffer.from(body.certificate, 'base64'), 'pix_psp.certificate'));
      certificatePassword = packSealed(
        seal(key, Buffer.from(body.certificatePassword ?? '', 'utf8'), 'pix_psp.certificate_password'),
      );
    }
    await repo.savePsp(trx, {
      base_url: body.baseUrl.replace(/\/+$/, ''),
      client_id: body.clientId,
      client_secret: clientSecret,
      certificate,
      certificate_password: certificatePassword,
      updated_by: employeeId,
    });
    await recordAudit(trx, {
      employeeId,
      entity: 'pix_psp',
      entityId: COMPANY_ID,
      action: before ? 'update' : 'create',
      changes: {
        before: before
          ? { baseUrl: before.base_url, clientId: before.client_id, certificate: !!before.certificate }
          : null,
        after: { baseUrl: body.baseUrl, clientId: body.clientId, certificate: !!certificate },
        clientSecretChanged: Boolean(body.clientSecret),
      },
    });
  });
  return readPspSettings(db);
}

/** DELETE /credit/psp: no PSP any more (404 when none): instalments go back to the static BR Code. Audited. */
export async function removePspSettings(db: DB, employeeId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await repo.psp(trx);
    if (!before || !(await repo.deletePsp(trx))) throw notFound(PSP_TEXTS.notConfigured);
    await recordAudit(trx, {
      employeeId,
      entity: 'pix_psp',
      entityId: COMPANY_ID,
      action: 'delete',
      changes: { before: { baseUrl: before.base_url, clientId: before.client_id }, after: null },
    });
  });
}

/** The PSP's connection with its secrets opened, or undefined when none is configured; 409 when they do not open. */
export async function pspConnection(
  db: Executor,
  serverSecret: string,
  ca: string[],
): Promise<PspConnection | undefined> {
  const row = await repo.psp(db);
  if (!row) return undefined;
  const key = pspKey(serverSecret);
  try {
    const clientSecret = open(key, unpackSealed(row.client_secret), 'pix_psp.client_secret').toString('utf8');
    const certificate =
      row.certificate && row.certificate_password
        ? {
            pfx: open(key, unpackSealed(row.certificate), 'pix_psp.certificate'),
            passphrase: open(key, unpackSealed(row.certificate_password), 'pix_psp.certificate_password').toString(
              'utf8',
            ),
          }
        : {};
    return { baseUrl: row.base_url, clientId: row.client_id, clientSecret, ca, ...certificate };
  } catch {
    throw conflict(PSP_TEXTS.secretUnreadable);
  }
}

/**
 * The shop's Pix webhook registered at the PSP (decision 0100): `PUT /webhook/{chave}` with `{ webhookUrl }` for the
 * shop's Pix key (bacen/pix-api openapi.yaml 2.9.0, tag Webhook), then read back by `GET /webhook/{chave}`. The URL
 * is the app's public address (PUBLIC_URL) and the webhook's secret path; the PSP calls `{webhookUrl}/pix` over
 * https only, so an address not https is said in words and nothing is sent. No Pix key: said too.
 */
async function registerWebhook(
  db: DB,
  client: ReturnType<typeof pspClient>,
  publicUrl: string,
): Promise<NonNullable<PspTest['webhook']>> {
  const { key } = await pixReceiver(db);
  if (!key) return { registered: false, url: null, message: PSP_TEXTS.webhookNoKey };
  const url = `${publicUrl}/api${PIX_WEBHOOK_BASE}/${await pixWebhookSecret(db)}`;
  if (!publicUrl.startsWith('https://'))
    return { registered: false, url, message: PSP_TEXTS.webhookNotHttps(publicUrl) };
  const path = `webhook/${encodeURIComponent(key)}`;
  try {
    await client.call('PUT', path, { webhookUrl: url });
    const kept = await client.call<{ webhookUrl?: string }>('GET', path);
    if (kept?.webhookUrl !== url) {
      return { registered: false, url, message: PSP_TEXTS.webhookMismatch(String(kept?.webhookUrl)) };
    }
    return { registered: true, url, message: PSP_TEXTS.webhookRegistered(url) };
  } catch (error) {
    const why = error instanceof PspError ? error.message : String(error);
    return { registered: false, url, message: PSP_TEXTS.webhookRefused(why) };
  }
}

/**
 * POST /credit/psp/test ('Testar conexão'): an OAuth2 token asked of the PSP, over mTLS when configured; with the
 * token, the shop's Pix webhook registered at the PSP (`registerWebhook`).
 */
export async function testPsp(db: DB, serverSecret: string, ca: string[], publicUrl: string): Promise<PspTest> {
  const conn = await pspConnection(db, serverSecret, ca);
  if (!conn) throw notFound(PSP_TEXTS.notConfigured);
  const client = pspClient(conn);
  try {
    await client.accessToken();
  } catch (error) {
    const why = error instanceof PspError ? error.message : String(error);
    return { ok: false, message: PSP_TEXTS.testFailed(why), webhook: null };
  }
  return { ok: true, message: PSP_TEXTS.testOk, webhook: await registerWebhook(db, client, publicUrl) };
}
