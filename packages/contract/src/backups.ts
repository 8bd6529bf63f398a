import { z } from 'zod';
import { businessTimeOn } from './clock';

/**
 * Backups (issue 21 §3): every day at a time set in 'Configurações' and on demand, kept in
 * `DATA_DIR/backups` (docs/decisions/0018-backups-and-restore.md).
 */
export const BACKUP_KINDS = ['manual', 'scheduled'] as const;
export type BackupKind = (typeof BACKUP_KINDS)[number];

/** How the server backs its database up: PGlite's data directory, `pg_dump`, or not at all (no pg_dump). */
export const BACKUP_METHODS = ['pglite', 'pg_dump', 'none'] as const;
export type BackupMethod = (typeof BACKUP_METHODS)[number];

export const BACKUP_DEFAULTS = { timeOfDay: '03:00', keep: 14 } as const;
export const BACKUP_LIMITS = { keepMin: 1, keepMax: 365 } as const;

/**
 * A backup's file name: `backoffice-<UTC instant>-<kind>.<format>`, e.g.
 * `backoffice-2026-11-23T06-00-00-000Z-scheduled.pglite.backup` (PGlite) or `….pgdump.backup` (pg_dump -Fc):
 * a manifest and the archive (docs/decisions/0018-backups-and-restore.md). `….pglite.tar.gz` and `….pgdump`
 * are the bare archives of backups made before issue 34. Nothing else is ever read from or served out of the
 * backups folder.
 */
export const BACKUP_NAME =
  /^backoffice-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z-(manual|scheduled)\.(pglite\.backup|pgdump\.backup|pglite\.tar\.gz|pgdump)$/;

export const BACKUP_TEXTS = {
  timeInvalid: 'Informe o horário como HH:MM (00:00 a 23:59).',
  keepInvalid: `Informe quantos backups guardar: de ${BACKUP_LIMITS.keepMin} a ${BACKUP_LIMITS.keepMax}.`,
  nameInvalid: 'Nome de backup inválido.',
  notFound: 'Backup não encontrado.',
  unavailable:
    'Este servidor usa PostgreSQL e o pg_dump não está instalado: faça o backup pelo próprio servidor PostgreSQL.',
  busy: 'Um backup já está em andamento. Aguarde e tente novamente.',
  failed: 'O backup falhou. O motivo está no último resultado e no log do servidor.',
  passphraseShort: 'A senha dos backups precisa de pelo menos 12 caracteres (uma frase de 4 ou 5 palavras serve).',
  passphraseLong: 'A senha dos backups tem no máximo 200 caracteres.',
  /** 409: BACKUP_PASSPHRASE is set on the server, and it wins. */
  passphraseFromServer:
    'A senha dos backups está definida no servidor (BACKUP_PASSPHRASE) e vale sobre esta: mude-a lá, se for o caso.',
  /** 'Tarefas do sistema': what a manual backup did. */
  manualDone: (name: string) => `backup manual ${name}`,
} as const;

/** 'HH:MM', 00:00 to 23:59, in the business's time. */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

export const backupSchema = z.object({
  name: z.string(),
  /** Bytes. */
  size: z.number().int(),
  createdAt: z.string(),
  kind: z.enum(BACKUP_KINDS),
});
export type Backup = z.infer<typeof backupSchema>;

export const backupSettingsBodySchema = z.object({
  timeOfDay: z.string({ error: BACKUP_TEXTS.timeInvalid }).regex(TIME_OF_DAY, BACKUP_TEXTS.timeInvalid),
  keep: z
    .number({ error: BACKUP_TEXTS.keepInvalid })
    .int(BACKUP_TEXTS.keepInvalid)
    .min(BACKUP_LIMITS.keepMin, BACKUP_TEXTS.keepInvalid)
    .max(BACKUP_LIMITS.keepMax, BACKUP_TEXTS.keepInvalid),
});
export type BackupSettingsBody = z.infer<typeof backupSettingsBodySchema>;

/** PUT /backups/passphrase: the passphrase the backups' key is derived from (never stored; decision 0068). */
export const backupPassphraseBodySchema = z.object({
  passphrase: z
    .string({ error: BACKUP_TEXTS.passphraseShort })
    .min(12, BACKUP_TEXTS.passphraseShort)
    .max(200, BACKUP_TEXTS.passphraseLong),
});
export type BackupPassphraseBody = z.infer<typeof backupPassphraseBodySchema>;

export const backupRunSchema = z.object({
  kind: z.enum(BACKUP_KINDS),
  startedAt: z.string(),
  finishedAt: z.string(),
  /** The file written; null when it failed. */
  name: z.string().nullable(),
  size: z.number().int().nullable(),
  /** Why it failed; null when it worked. */
  error: z.string().nullable(),
});
export type BackupRun = z.infer<typeof backupRunSchema>;

export const backupSettingsSchema = backupSettingsBodySchema.extend({
  method: z.enum(BACKUP_METHODS),
  /** Whether new backups are encrypted (BACKUP_PASSPHRASE set on the server, or a passphrase set in the app). */
  encrypted: z.boolean(),
  /** Whose passphrase encrypts them: the server's BACKUP_PASSPHRASE (it wins), the one set in the app, or none. */
  passphraseFrom: z.enum(['env', 'app']).nullable(),
  /** The last backup tried, worked or not. */
  lastRun: backupRunSchema.nullable(),
  /** The next scheduled backup (ISO instant), null when this server cannot back up. */
  nextAt: z.string().nullable(),
});
export type BackupSettings = z.infer<typeof backupSettingsSchema>;

/** The scheduled instant of a business day (YYYY-MM-DD) at `timeOfDay`, in the business's zone (`clock.ts`). */
export function scheduledInstant(day: string, timeOfDay: string): Date {
  return businessTimeOn(day, timeOfDay);
}

/** The answers of the backups routes (API and the web's contract checks). */
export const backupListSchema = z.object({ data: z.array(backupSchema) });
export const backupEnvelopeSchema = z.object({ data: backupSchema });
export const backupSettingsEnvelopeSchema = z.object({ data: backupSettingsSchema });
