import { FISCAL_NOTE_TEXTS, type FiscalNote } from '@backoffice/contract';
import type { DB } from '../../../db/database';
import { notFound } from '../../../lib/errors';
import type { Mailer } from '../../../lib/mailer';
import type { XmlSigner } from '../../../lib/nfe/xml-signature';
import { loadProviderCredentials, readIssuer, type SigningCertificate } from '../fiscal.service';
import { ufOfKey } from '../nfe/states';
import { createProviderClient, NUVEM_FISCAL, type ProviderClient } from '../provider/provider-client';
import { createSefazClient, type SefazClient, sefazTrust } from '../sefaz/sefaz-client';
import { sefazUrls, sefazUrlsAt } from '../sefaz/sefaz-urls';
import { type SvcName, svcUrls } from '../sefaz/svc';
import { noteView } from './note-views';
import { type NoteRow, notesRepository as repo } from './notes.repository';

export interface NotesDeps {
  db: DB;
  /** Nuvem Fiscal's addresses instead of its own (tests, a proxy). */
  providerUrl?: string;
  providerTokenUrl?: string;
  mailer?: Mailer;
  serverSecret: string;
  /** Every service at this base address (tests, a proxy); else each state's. */
  sefazUrl?: string;
  /** The SEFAZ Virtual de Contingência's services at this base address (tests, a proxy); else sefaz/svc.ts's. */
  svcUrl?: string;
  /** Certificates trusted for the SEFAZ besides Node's and ICP-Brasil's roots. */
  sefazCa?: string[];
  sefazTimeoutMs?: number;
  now?: () => Date;
}

/** What every use case of the notes shares: the database, the clock, the SEFAZ's and the provider's clients. */
export interface NotesContext {
  db: DB;
  deps: NotesDeps;
  now: () => Date;
  /** A client of the SEFAZ of `uf` for the model and environment, speaking with the shop's certificate. */
  clientFor(certificate: SigningCertificate, uf: string, model: 55 | 65, environment: 1 | 2): SefazClient;
  /**
   * The SEFAZ's client for the note `row` (its state read from its key): an NF-e of tpEmis 6/7 not yet authorised
   * goes to its SVC (6 SVC-AN, 7 SVC-RS), every other note, and the events, to the state's authoriser.
   */
  clientOfNote(certificate: SigningCertificate, row: NoteRow): SefazClient;
  /** The client of the SVC `svc` serving `uf` (its status service, NFeStatusServico4: 113/114 say it is off). */
  svcClient(certificate: SigningCertificate, uf: string, svc: SvcName, environment: 1 | 2): SefazClient;
  /** Nuvem Fiscal's client when the shop sends through it (one a set of credentials, its token kept), else null. */
  providerOf(): Promise<ProviderClient | null>;
  /** The note `id` as the API shows it, with its events; 404 when there is none. */
  details(id: number): Promise<FiscalNote>;
}

/** The shop's certificate as the signer of the XML. */
export function signerOf(certificate: SigningCertificate): XmlSigner {
  return { keyPem: certificate.keyPem, certificateBase64: certificate.certBase64 };
}

export function notesContext(deps: NotesDeps): NotesContext {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const providers = new Map<string, ProviderClient>();

  function clientFor(certificate: SigningCertificate, uf: string, model: 55 | 65, environment: 1 | 2): SefazClient {
    return createSefazClient({
      identity: { keyPem: certificate.keyPem, certPem: certificate.certPem, chainPem: certificate.chainPem },
      urls: deps.sefazUrl ? sefazUrlsAt(deps.sefazUrl) : sefazUrls(uf, model, environment),
      ca: sefazTrust(deps.sefazCa ?? []),
      timeoutMs: deps.sefazTimeoutMs,
    });
  }

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

  function clientOfSvc(certificate: SigningCertificate, row: NoteRow): SefazClient {
    const svc = row.emission_type === 6 ? 'SVC-AN' : 'SVC-RS';
    return svcClient(certificate, ufOfKey(row.access_key), svc, row.environment as 1 | 2);
  }

  function svcClient(certificate: SigningCertificate, uf: string, svc: SvcName, environment: 1 | 2): SefazClient {
    return createSefazClient({
      identity: { keyPem: certificate.keyPem, certPem: certificate.certPem, chainPem: certificate.chainPem },
      urls: deps.svcUrl ? sefazUrlsAt(deps.svcUrl) : svcUrls(svc, environment, sefazUrls(uf, 55, environment)),
      ca: sefazTrust(deps.sefazCa ?? []),
      timeoutMs: deps.sefazTimeoutMs,
    });
  }

  return {
    db,
    deps,
    now,
    clientFor,
    svcClient,
    clientOfNote: (certificate, row) =>
      (row.emission_type === 6 || row.emission_type === 7) && ['SIGNED', 'PROCESSING'].includes(row.status)
        ? clientOfSvc(certificate, row)
        : clientFor(certificate, ufOfKey(row.access_key), row.model as 55 | 65, row.environment as 1 | 2),
    providerOf,
    async details(id) {
      const row = await repo.noteView(db, id);
      if (!row) throw notFound(FISCAL_NOTE_TEXTS.noteNotFound);
      return noteView(row, await repo.events(db, id));
    },
  };
}
