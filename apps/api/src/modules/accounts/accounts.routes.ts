import { signinResponseSchema, signinSchema } from '@backoffice/contract';
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
};
