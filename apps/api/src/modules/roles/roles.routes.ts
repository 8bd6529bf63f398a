import { idParamSchema, PERMISSION_LABELS, PERMISSIONS, roleInputSchema, roleSchema } from '@backoffice/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../plugins/auth';
import { createRolesService } from './roles.service';

const { roles: ROLES, employees: EMPLOYEES } = PERMISSIONS;
const idParams = z.object({ id: idParamSchema() });

/** Roles and the permission catalogue. Each route declares its permissions next to its path. */
export const rolesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createRolesService(app.deps.db);
  const tags = ['roles'];

  app.get(
    '/roles',
    {
      config: { permissions: [ROLES, EMPLOYEES] },
      schema: { tags, summary: 'Lista as regras', response: { 200: z.object({ data: z.array(roleSchema) }) } },
    },
    async () => ({ data: await service.list() }),
  );

  app.post(
    '/roles',
    {
      config: { permissions: [ROLES] },
      schema: {
        tags,
        summary: 'Cria uma regra',
        body: roleInputSchema,
        response: { 201: z.object({ data: roleSchema }) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await service.create(principalOf(request), request.body) }),
  );

  app.patch(
    '/roles/:id',
    {
      config: { permissions: [ROLES] },
      schema: {
        tags,
        summary: 'Altera nome e permissões de uma regra',
        params: idParams,
        body: roleInputSchema,
        response: { 200: z.object({ data: roleSchema }) },
      },
    },
    async (request) => ({
      data: await service.update(principalOf(request), request.params.id, request.body),
    }),
  );

  app.get(
    '/permissions',
    {
      config: { permissions: [ROLES, EMPLOYEES] },
      schema: {
        tags,
        summary: 'Catálogo de permissões: chave → rótulo',
        response: { 200: z.object({ data: z.record(z.string(), z.string()) }) },
      },
    },
    async () => ({ data: PERMISSION_LABELS }),
  );
};
