import { TASK_LIMITS, TASKS_ACCESS, taskListSchema, tasksQuerySchema } from '@backoffice/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/auth';
import { createTasksService } from './tasks.service';

/**
 * "Minhas tarefas" of the stocker and the courier (docs/order-workflow.md, "Field screens"). The moves
 * themselves are the workflow calls of orders.routes.ts.
 */
export const tasksRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createTasksService(app.deps.db);
  app.get(
    '/orders/tasks',
    {
      // Orders or products, or the stocker's or the courier's function by itself (the contract's rule).
      config: TASKS_ACCESS,
      schema: {
        tags: ['orders'],
        summary: `Minhas tarefas: os pedidos que o funcionário pode mover agora (separar e embalar, ou retirar e entregar), com as ações disponíveis. Estoquista: os que aguardam estoquista e os que ele separa; motoboy: os prontos sem motoboy ou dele, e as entregas dele. Em andamento primeiro, depois entrega imediata, depois os mais antigos (page desde 0, items 1–${TASK_LIMITS.maxPageSize}, padrão 0 e ${TASK_LIMITS.pageSize})`,
        querystring: tasksQuerySchema,
        response: { 200: taskListSchema },
      },
    },
    async (request) => service.list(principalOf(request), request.query),
  );
};
