import { PERMISSIONS, systemTasksEnvelopeSchema } from '@backoffice/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createSystemTasksService } from './system-tasks.service';

/**
 * 'Tarefas do sistema' (issue 43 §1): the scheduled work's last looks, runs and failures, for whoever keeps the
 * settings (as the backups: one of them is the backup).
 */
export const systemTasksRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const service = createSystemTasksService({ db, role: config.role, embedded: !config.databaseUrl });

  app.get(
    '/system/tasks',
    {
      config: { permissions: [PERMISSIONS.settings] },
      schema: {
        tags: ['system'],
        summary:
          'As tarefas agendadas (backup diário, notas automáticas, notas à espera da SEFAZ, manutenção do banco embutido): quando um processo as verificou, a última execução, o que fez ou por que falhou',
        response: { 200: systemTasksEnvelopeSchema },
      },
    },
    async () => ({ data: await service.list() }),
  );
};
