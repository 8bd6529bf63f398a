import {
  attendantsResponseSchema,
  deliverersResponseSchema,
  emailSchema,
  employeeKindParamsSchema,
  employeeListResponseSchema,
  employeeResponseSchema,
  employeeSignupSchema,
  employeeUpdateSchema,
  PERMISSIONS,
} from '@backoffice/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../plugins/auth';
import { createEmployeesService } from './employees.service';

const { employees: EMPLOYEES, customers: CUSTOMERS, orders: ORDERS, reports: REPORTS } = PERMISSIONS;

/** Employees: sign-up (with an e-mailed activation code), edit, lists. Each route declares its permissions. */
export const employeesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createEmployeesService(app.deps, app.log);
  const tags = ['employees'];

  app.post(
    '/accounts/employee/:kind/signup',
    {
      config: { permissions: [EMPLOYEES] },
      schema: {
        tags,
        summary:
          'Cadastra um funcionário (kind: attendant, deliverer, stocker ou technician; func 1, 2, 3 ou 4 igual ao caminho). ' +
          'Sem senha: o e-mail dele recebe um código de ativação (48 horas) e o link "Criar minha senha" ' +
          '(PUBLIC_URL/forgot-password#code=…&email=…); pedir "Esqueceu a senha?" não invalida o código',
        params: employeeKindParamsSchema,
        body: employeeSignupSchema,
        response: { 201: employeeResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await service.create(principalOf(request), request.params.kind, request.body) }),
  );

  app.put(
    '/employees/:kind',
    {
      config: { permissions: [EMPLOYEES] },
      schema: {
        tags,
        summary:
          'Altera nome, documento, telefone, regra e bloqueio do funcionário identificado pelo e-mail; ' +
          'o caminho deve ser a função atual dele',
        params: employeeKindParamsSchema,
        body: employeeUpdateSchema,
        response: { 200: employeeResponseSchema },
      },
    },
    async (request) => ({ data: await service.update(principalOf(request), request.params.kind, request.body) }),
  );

  app.get(
    '/employees',
    {
      config: { permissions: [EMPLOYEES] },
      schema: { tags, summary: 'Lista os funcionários', response: { 200: employeeListResponseSchema } },
    },
    async () => ({ employees: await service.list() }),
  );

  app.get(
    '/employees/deliverers',
    {
      config: { permissions: [EMPLOYEES, CUSTOMERS, ORDERS, REPORTS] },
      schema: { tags, summary: 'Motoboys não bloqueados: id e nome', response: { 200: deliverersResponseSchema } },
    },
    async () => ({ deliverers: await service.deliverers() }),
  );

  app.get(
    '/employees/attendants',
    {
      config: { permissions: [EMPLOYEES, ORDERS, REPORTS] },
      schema: { tags, summary: 'Atendentes: id e nome', response: { 200: attendantsResponseSchema } },
    },
    async () => ({ data: { attendants: await service.attendants() } }),
  );

  app.get(
    '/employees/:email',
    {
      config: { permissions: [EMPLOYEES] },
      schema: {
        tags,
        summary: 'Um funcionário pelo e-mail, com a regra (roles), o documento e a função (type)',
        params: z.object({ email: emailSchema }),
        response: { 200: employeeResponseSchema },
      },
    },
    async (request) => ({ data: await service.get(request.params.email) }),
  );
};
