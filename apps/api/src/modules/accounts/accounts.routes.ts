import {
  activateSchema,
  messageResponseSchema,
  recoveryCheckSchema,
  recoveryParamsSchema,
  signinResponseSchema,
  signinSchema,
} from '@backoffice/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createAccountsService } from './accounts.service';

/** Sign-in and password recovery: the only routes open without a token. */
export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createAccountsService(app.deps, app.log);
  const tags = ['accounts'];

  app.post(
    '/accounts/signin',
    {
      config: { permissions: 'public' },
      schema: {
        tags,
        summary: 'Entra com e-mail e senha; devolve o token (8 horas), a expiração em ms e as permissões',
        security: [],
        body: signinSchema,
        response: { 200: signinResponseSchema },
      },
    },
    async (request) => ({ data: await service.signIn(request.body.email, request.body.password, request.ip) }),
  );

  app.patch(
    '/accounts/users/forgotpassword/:email',
    {
      config: { permissions: 'public' },
      schema: {
        tags,
        summary:
          'Recuperação, etapa 1: envia por e-mail um código de 6 dígitos (15 minutos). Responde 200 para ' +
          'qualquer e-mail válido, exista ou não um funcionário com ele',
        security: [],
        params: recoveryParamsSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => ({ data: { message: await service.requestRecovery(request.params.email) } }),
  );

  app.post(
    '/accounts/users/recovery/:email',
    {
      config: { permissions: 'public' },
      schema: {
        tags,
        summary: 'Recuperação, etapa 2: confere o código (sem consumi-lo). Um código errado conta como tentativa',
        security: [],
        params: recoveryParamsSchema,
        body: recoveryCheckSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => ({ data: { message: await service.checkCode(request.params.email, request.body.code) } }),
  );

  app.patch(
    '/accounts/users/activate',
    {
      config: { permissions: 'public' },
      schema: {
        tags,
        summary: 'Define a nova senha (mínimo 8 caracteres) com o código recebido; o código é consumido',
        security: [],
        body: activateSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => ({
      data: {
        message: await service.activate(request.body.email, request.body.code, request.body.newPassword),
      },
    }),
  );
};
