import {
  BACKUP_NAME,
  BACKUP_TEXTS,
  backupEnvelopeSchema,
  backupListSchema,
  backupPassphraseBodySchema,
  backupSettingsBodySchema,
  backupSettingsEnvelopeSchema,
  PERMISSIONS,
} from '@backoffice/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { moduleRoutes } from '../../lib/module-routes';
import { principalOf } from '../../plugins/auth';
import { createSystemTasksService } from '../system-tasks/system-tasks.service';
import { scheduleBackups } from './backups.scheduler';
import { createBackupsService } from './backups.service';

/** Only 'Configurações bancárias' (bo:manage:settings): a backup is the whole business, every customer's data. */
const ADMIN = [PERMISSIONS.settings] as const;

/**
 * Backups (issue 21 §3): list, make and download them; their schedule. The daily backup is a scheduled task of the
 * processes that run them (`config.dailyBackup`: not `web` ones, in-memory databases nor the tests' apps, nor where
 * BACKUP_SCHEDULE=off).
 */
export const backupsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const tasks = createSystemTasksService({ db, role: config.role, embedded: !config.databaseUrl });
  const service = createBackupsService({ db, config, log: app.log, tasks });
  const tags = ['backups'];
  const route = moduleRoutes(app, tags);
  // What a backup killed mid-way left behind (a temporary file) goes at start.
  const leftovers = await service.removeLeftovers();
  if (leftovers.length > 0) app.log.warn({ leftovers }, 'removed unfinished backups');
  if (config.dailyBackup) scheduleBackups(app.deps.scheduler, service);
  app.addHook('onClose', () => service.idle());

  route.get('/backups', {
    access: { permissions: ADMIN },
    summary: 'Backups guardados em DATA_DIR/backups, do mais novo ao mais antigo (nome, bytes, data, tipo)',
    data: backupListSchema.shape.data,
    handler: () => service.list(),
  });

  app.post(
    '/backups',
    {
      config: { permissions: ADMIN },
      schema: {
        tags,
        summary:
          "'Fazer backup agora' (201); 409 CONFLICT com outro em andamento; 503 BACKUP_UNAVAILABLE em PostgreSQL sem pg_dump",
        response: { 201: backupEnvelopeSchema },
      },
    },
    async (_request, reply) => reply.status(201).send({ data: await service.backup('manual') }),
  );

  route.get('/backups/settings', {
    access: { permissions: ADMIN },
    summary:
      'Horário do backup diário (no fuso da empresa), quantos guardar, como é feito, o último resultado e o próximo',
    data: backupSettingsEnvelopeSchema.shape.data,
    handler: () => service.status(),
  });

  route.put('/backups/settings', {
    access: { permissions: ADMIN },
    summary: 'Salva o horário (HH:MM) e quantos backups guardar de cada tipo (1 a 365); os excedentes são apagados',
    body: backupSettingsBodySchema,
    data: backupSettingsEnvelopeSchema.shape.data,
    handler: (request) => service.saveSettings(principalOf(request).employeeId, request.body),
  });

  route.put('/backups/passphrase', {
    access: { permissions: ADMIN },
    summary:
      'Define a senha dos backups (12 a 200 caracteres): os próximos saem criptografados; o servidor guarda só a chave pública derivada dela, nunca a senha. 409 com BACKUP_PASSPHRASE no servidor (ela vale)',
    body: backupPassphraseBodySchema,
    data: backupSettingsEnvelopeSchema.shape.data,
    handler: (request) => service.setPassphrase(principalOf(request).employeeId, request.body.passphrase),
  });

  app.get(
    '/backups/:name',
    {
      config: { permissions: ADMIN },
      // Sent as it is: a browser saves an archive sent with Content-Encoding as a failed download.
      compress: false,
      schema: {
        tags,
        summary: 'Baixa um backup (só nomes de backup: nenhum outro arquivo do servidor), sem Content-Encoding',
        params: z.object({ name: z.string().regex(BACKUP_NAME, BACKUP_TEXTS.nameInvalid) }),
        produces: ['application/octet-stream'],
      },
    },
    async (request, reply) => {
      const { stream, size } = await service.open(request.params.name);
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-length', size)
        .header('content-disposition', `attachment; filename="${request.params.name}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );
};
