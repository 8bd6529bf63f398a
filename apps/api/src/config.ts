import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { businessTimeZoneFrom } from '@backoffice/contract';
import { PRIVATE_DIR, PRIVATE_FILE } from './lib/private-files';

export interface AppConfig {
  port: number;
  host: string;
  /** PUBLIC_URL: the address people open the app at, for links in e-mails (no trailing slash). */
  publicUrl: string;
  /** Where PGlite, images, the outbox and the generated JWT secret live. */
  dataDir: string;
  /** A PostgreSQL server; when absent the embedded PGlite in `dataDir` is used. */
  databaseUrl: string | undefined;
  /** `memory://` runs PGlite in memory (tests). */
  inMemory: boolean;
  /**
   * DATABASE_REPLICA_URL: a streaming replica of `databaseUrl`; the reports and the dashboard read from it while it is
   * at most `replicaMaxLagMs` behind (REPLICA_MAX_LAG_MS, 30 s by default), else from the primary (decision 0062).
   */
  databaseReplicaUrl: string | undefined;
  replicaMaxLagMs: number;
  /**
   * DATABASE_DIRECT_URL: the primary itself, when `databaseUrl` goes through PgBouncer in transaction mode (decision
   * 0064). What needs a session of its own goes there: the migrations and the first fill, LISTEN, the job queue, pg_dump
   * and the reports' pool; the API's pool sends no startup parameter and prepares no named statement.
   */
  databaseDirectUrl: string | undefined;
  /** PostgreSQL: how long a request waits for a connection (pool full, server away) before its 503. */
  dbConnectionTimeoutMs: number;
  /** PostgreSQL: the longest a statement of the API's sessions runs (`statement_timeout`); then 503. */
  dbStatementTimeoutMs: number;
  /** PostgreSQL: the same for the reports' sessions, which aggregate months of orders. */
  dbReportStatementTimeoutMs: number;
  jwtSecret: string;
  /** Token lifetime in milliseconds. */
  tokenTtlMs: number;
  /**
   * AUTH_CACHE_MS: how long the auth hook keeps an employee's status (blocked, token version, role's
   * permissions) between two reads; 0 reads it on every request. A change made through this process drops it
   * at once (decision 0023); on PostgreSQL one made by another process drops it when its announcement arrives,
   * and nothing is kept while this process cannot hear those (decision 0027). By default 2000.
   */
  authCacheMs: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  demoData: boolean;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  /** The built web app to serve, when it exists. */
  webDistDir: string | undefined;
  logLevel: string;
  /** TRUST_PROXY: true, or the proxy addresses (comma-separated); false by default (no proxy in front). */
  trustProxy: boolean | string;
  /**
   * What this process does (`--role=web|worker|all`, else ROLE; issue 43, decision 0061): `web` answers HTTP and
   * runs no scheduled work, `worker` runs the scheduled work and answers no HTTP, `all` (the default, `npm start`)
   * does both. The embedded database is one process's: it takes `all` only.
   */
  role: ProcessRole;
  /**
   * Whether this process runs the scheduled work (decision 0061): the notes sent and resent by themselves, the day's
   * backup, the checks 'Tarefas do sistema' shows. By the process's role (a `web` process runs none), off with
   * SCHEDULED_WORK=off; never for an in-memory database.
   */
  scheduledWork: boolean;
  /**
   * The daily backup's timer (issue 21 §3), one of the scheduled works: on where `scheduledWork` is, unless
   * BACKUP_SCHEDULE=off, which stops the backup alone.
   */
  dailyBackup: boolean;
  /**
   * BACKUP_PASSPHRASE: when set, every new backup is encrypted with it (age, scrypt); restoring one asks for it.
   * Unset: backups are written as they are (private files, 0600).
   */
  backupPassphrase: string | undefined;
  /**
   * BUSINESS_TIME_ZONE: the shop's IANA time zone (São Paulo's by default; Manaus', Recife's…):
   * its days bound the periods, reports, CSVs and schedules, and every date shown is its wall clock
   * (`packages/contract/src/clock.ts`). The web learns it from the sign-in's answer.
   */
  businessTimeZone: string;
  /**
   * The SEFAZ's web services at one base address instead of each state's (FISCAL_SEFAZ_URL: a SEFAZ of the tests, a
   * proxy), and the certificates trusted for it besides Node's and ICP-Brasil's roots (FISCAL_SEFAZ_CA_FILE, PEM).
   */
  fiscalSefazUrl: string | undefined;
  /** The SEFAZ Virtual de Contingência's services at one base address (FISCAL_SVC_URL: a SVC of the tests, a proxy). */
  fiscalSvcUrl: string | undefined;
  fiscalSefazCa: string[];
  /**
   * The Sefin Nacional (national NFS-e) at one base address for both environments instead of the settings' or the
   * published ones (FISCAL_SEFIN_URL: the tests' double, a proxy), and the certificates trusted for it besides Node's
   * and ICP-Brasil's roots (FISCAL_SEFIN_CA_FILE, PEM).
   */
  fiscalSefinUrl: string | undefined;
  fiscalSefinCa: string[];
  /**
   * Certificates trusted for the shop's Pix PSP besides the system's (PIX_PSP_CA_FILE, PEM): a homologation PSP
   * under a private CA, the PSP double of the tests (decision 0094).
   */
  pixPspCa: string[];
  /**
   * Banco do Brasil's "API Cobranças" v2 for the boleto híbrido (decision 0100): its base address
   * (BB_COBRANCA_URL, e.g. https://api.bb.com.br/cobrancas/v2), the OAuth2 token address (BB_OAUTH_URL, by
   * default https://oauth.bb.com.br/oauth/token), the application's client id and secret (BB_CLIENT_ID,
   * BB_CLIENT_SECRET), its developer key (BB_APP_KEY, the `gw-dev-app-key` query parameter) and certificates
   * trusted besides the system's (BB_CA_FILE: the double of the tests). Undefined unless the first four are set.
   */
  bbCobranca: BbCobrancaConfig | undefined;
  /** How long the SEFAZ has to answer before the note waits (NF-e) or goes into contingency (NFC-e). */
  fiscalSefazTimeoutMs: number;
  /** Nuvem Fiscal's API and token addresses instead of its own (FISCAL_PROVIDER_URL, FISCAL_PROVIDER_TOKEN_URL). */
  fiscalProviderUrl: string | undefined;
  fiscalProviderTokenUrl: string | undefined;
}

export interface BbCobrancaConfig {
  apiUrl: string;
  oauthUrl: string;
  clientId: string;
  clientSecret: string;
  appKey: string;
  ca: string[];
}

const EIGHT_HOURS = 8 * 60 * 60 * 1000;

function bbCobrancaFrom(env: NodeJS.ProcessEnv): BbCobrancaConfig | undefined {
  const { BB_COBRANCA_URL: apiUrl, BB_CLIENT_ID: clientId, BB_CLIENT_SECRET: clientSecret, BB_APP_KEY: appKey } = env;
  if (!apiUrl || !clientId || !clientSecret || !appKey) return undefined;
  return {
    apiUrl: apiUrl.replace(/\/+$/, ''),
    oauthUrl: env.BB_OAUTH_URL || 'https://oauth.bb.com.br/oauth/token',
    clientId,
    clientSecret,
    appKey,
    ca: env.BB_CA_FILE ? pemCertificates(readFileSync(env.BB_CA_FILE, 'utf8')) : [],
  };
}

/**
 * A start-up refused for a reason the operator fixes (a role, an environment variable): main.ts prints its one
 * Portuguese line, with no stack trace (nothing in the code to look at), and exits with code 1.
 */
export class StartupRefusal extends Error {
  override name = 'StartupRefusal';
}

export const PROCESS_ROLES = ['all', 'web', 'worker'] as const;
export type ProcessRole = (typeof PROCESS_ROLES)[number];

/** The process's role: `--role=…` (or `--role …`) among its arguments, else ROLE, else `all`. */
export function processRoleFrom(argv: readonly string[], env: NodeJS.ProcessEnv, embedded: boolean): ProcessRole {
  let named: string | undefined;
  argv.forEach((argument, index) => {
    if (argument.startsWith('--role=')) named = argument.slice('--role='.length);
    else if (argument === '--role') named = argv[index + 1];
  });
  const role = named ?? (env.ROLE || 'all');
  if (!(PROCESS_ROLES as readonly string[]).includes(role))
    throw new StartupRefusal(`Papel de processo desconhecido: "${role}". Use --role=web, --role=worker ou --role=all.`);
  if (embedded && role !== 'all')
    throw new StartupRefusal(
      `O banco embutido (PGlite) é de um processo só: --role=${role} pede DATABASE_URL (um PostgreSQL). Sem ele, use --role=all.`,
    );
  return role as ProcessRole;
}

function secretFrom(dataDir: string, inMemory: boolean): string {
  if (inMemory) return randomBytes(32).toString('hex');
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    // Written 0644 by a server of before issue 34: it signs every session, the server user's alone.
    if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, PRIVATE_FILE);
    return readFileSync(file, 'utf8').trim();
  }
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR });
  const secret = randomBytes(48).toString('hex');
  writeFileSync(file, secret, { mode: PRIVATE_FILE });
  return secret;
}

/** A positive whole number of milliseconds from the environment, else the default. */
function milliseconds(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed <= 0)
    throw new StartupRefusal(`${name} deve ser um número inteiro positivo de milissegundos (recebido: "${value}").`);
  return parsed;
}

function parseTrustProxy(value: string | undefined): boolean | string {
  if (!value || value === 'false') return false;
  return value === 'true' ? true : value;
}

/** The certificates of a PEM bundle. */
function pemCertificates(bundle: string): string[] {
  return bundle.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
}

/** What this process schedules: every work by its role and SCHEDULED_WORK, the backup's own timer by BACKUP_SCHEDULE. */
function scheduledWorkFrom(env: NodeJS.ProcessEnv, inMemory: boolean, role: ProcessRole) {
  const scheduledWork = env.SCHEDULED_WORK !== 'off' && !inMemory && role !== 'web';
  return { scheduledWork, dailyBackup: scheduledWork && env.BACKUP_SCHEDULE !== 'off' };
}

/**
 * Reads the configuration from the environment and the process's arguments (`argv`: its `--role`); `overrides`
 * wins (tests).
 */
export function loadConfig(
  overrides: Partial<AppConfig> = {},
  env: NodeJS.ProcessEnv = process.env,
  argv: readonly string[] = [],
): AppConfig {
  const dataDir = path.resolve(overrides.dataDir ?? env.DATA_DIR ?? './data');
  const inMemory = overrides.inMemory ?? env.DATA_DIR === 'memory://';
  const databaseUrl = 'databaseUrl' in overrides ? overrides.databaseUrl : env.DATABASE_URL || undefined;
  const role = overrides.role ?? processRoleFrom(argv, env, !databaseUrl);
  const webDist = path.resolve(import.meta.dirname, '../../web/dist');
  const port = Number(env.PORT ?? 3000);
  return {
    port,
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl,
    inMemory,
    databaseReplicaUrl: databaseUrl ? env.DATABASE_REPLICA_URL || undefined : undefined,
    databaseDirectUrl: databaseUrl ? env.DATABASE_DIRECT_URL || undefined : undefined,
    replicaMaxLagMs: milliseconds(env.REPLICA_MAX_LAG_MS, 30_000, 'REPLICA_MAX_LAG_MS'),
    dbConnectionTimeoutMs: milliseconds(env.DB_CONNECTION_TIMEOUT_MS, 3000, 'DB_CONNECTION_TIMEOUT_MS'),
    dbStatementTimeoutMs: milliseconds(env.DB_STATEMENT_TIMEOUT_MS, 15_000, 'DB_STATEMENT_TIMEOUT_MS'),
    dbReportStatementTimeoutMs: milliseconds(
      env.DB_REPORT_STATEMENT_TIMEOUT_MS,
      120_000,
      'DB_REPORT_STATEMENT_TIMEOUT_MS',
    ),
    jwtSecret: overrides.jwtSecret ?? env.JWT_SECRET ?? secretFrom(dataDir, inMemory),
    tokenTtlMs: EIGHT_HOURS,
    authCacheMs: env.AUTH_CACHE_MS === '0' ? 0 : milliseconds(env.AUTH_CACHE_MS, 2000, 'AUTH_CACHE_MS'),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'BackOffice <nao-responda@backoffice.local>',
    demoData: env.DEMO_DATA !== 'false',
    adminEmail: env.ADMIN_EMAIL,
    adminPassword: env.ADMIN_PASSWORD,
    webDistDir: existsSync(webDist) ? webDist : undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    role,
    ...scheduledWorkFrom(env, inMemory, role),
    backupPassphrase: env.BACKUP_PASSPHRASE || undefined,
    businessTimeZone: businessTimeZoneFrom(env.BUSINESS_TIME_ZONE),
    fiscalSefazUrl: env.FISCAL_SEFAZ_URL || undefined,
    fiscalSvcUrl: env.FISCAL_SVC_URL || undefined,
    fiscalProviderUrl: env.FISCAL_PROVIDER_URL || undefined,
    fiscalProviderTokenUrl: env.FISCAL_PROVIDER_TOKEN_URL || undefined,
    fiscalSefazTimeoutMs: milliseconds(env.FISCAL_SEFAZ_TIMEOUT_MS, 30_000, 'FISCAL_SEFAZ_TIMEOUT_MS'),
    fiscalSefazCa: env.FISCAL_SEFAZ_CA_FILE ? pemCertificates(readFileSync(env.FISCAL_SEFAZ_CA_FILE, 'utf8')) : [],
    fiscalSefinUrl: env.FISCAL_SEFIN_URL || undefined,
    fiscalSefinCa: env.FISCAL_SEFIN_CA_FILE ? pemCertificates(readFileSync(env.FISCAL_SEFIN_CA_FILE, 'utf8')) : [],
    pixPspCa: env.PIX_PSP_CA_FILE ? pemCertificates(readFileSync(env.PIX_PSP_CA_FILE, 'utf8')) : [],
    bbCobranca: bbCobrancaFrom(env),
    ...overrides,
  };
}

/** The address to open in a browser on this machine: `localhost` when the server listens on every interface. */
export function listeningUrl(config: Pick<AppConfig, 'host' | 'port'>): string {
  const { host, port } = config;
  const name = !host || host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}
