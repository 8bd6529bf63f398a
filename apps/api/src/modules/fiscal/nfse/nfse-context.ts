import type { DB } from '../../../db/database';
import { sefazTrust } from '../sefaz/sefaz-client';
import type { NfseSettingsRow } from './nfse.repository';
import { createSefinClient, SEFIN_URLS, type SefinClient } from './sefin-client';

/** What the NFS-e's use cases share: the database, the server's secret (the A1's key), the Sefin Nacional's place. */
export interface NfseContext {
  db: DB;
  serverSecret: string;
  /** One base address for every environment (FISCAL_SEFIN_URL: the tests' double, a proxy), else the settings'. */
  sefinUrl?: string;
  /** Certificates trusted for the Sefin Nacional's besides Node's and ICP-Brasil's roots. */
  sefinCa: string[];
  timeoutMs: number;
}

/** The client of the environment's Sefin Nacional: the configured address, the settings', or the published one. */
export function sefinClient(
  context: NfseContext,
  settings: NfseSettingsRow,
  environment: 1 | 2,
  identity: { keyPem: string; certPem: string; chainPem: string[] },
): SefinClient {
  const configured = environment === 1 ? settings.production_url : settings.homologation_url;
  return createSefinClient({
    identity,
    baseUrl: context.sefinUrl ?? (configured || SEFIN_URLS[environment]),
    ca: sefazTrust(context.sefinCa),
    timeoutMs: context.timeoutMs,
  });
}
