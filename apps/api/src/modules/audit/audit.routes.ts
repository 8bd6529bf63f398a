import {
  AUDIT_TEXTS,
  type AuditEntity,
  auditPageSchema,
  auditQuerySchema,
  hasAnyPermission,
  PERMISSIONS,
} from '@backoffice/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forbidden } from '../../lib/errors';
import { principalOf } from '../../plugins/auth';
import { createAuditService } from './audit.service';

const P = PERMISSIONS;
/**
 * Who may read each entity's history: whoever may read that record's list or details (the permissions of
 * GET /administrator/customer/:email, /products, /employees, /roles, /settings/bank, /orders).
 */
const READ: Record<AuditEntity, readonly string[]> = {
  customer: [P.customers, P.internalSales],
  product: [P.products, P.internalSales, P.reports],
  employee: [P.employees],
  role: [P.roles, P.employees],
  'bank-setting': [P.orders, P.settings],
  order: [P.orders, P.products],
};
const ANY = [...new Set(Object.values(READ).flat())];

/** The history of one record (issue 20 §3). */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createAuditService(app.deps.db);

  app.get(
    '/audit',
    {
      // Whoever may read one of the entities; each entity is then kept to whoever may read it.
      config: { permissions: ANY },
      schema: {
        tags: ['audit'],
        summary:
          'Histórico de alterações de um registro: entity (customer, product, employee, role, bank-setting, order) e id (o id numérico; o código para product e order), page (a partir de 0), items (1–100, padrão 10); mais recente primeiro, cada campo com rótulo e valores em português',
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema },
      },
    },
    async (request) => {
      const { entity, id, ...paging } = request.query;
      if (!hasAnyPermission(principalOf(request).permissions, READ[entity])) throw forbidden(AUDIT_TEXTS.forbidden);
      return service.history(entity, id, paging);
    },
  );
};
