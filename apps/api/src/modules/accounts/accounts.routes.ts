import {
  activateSchema,
  changePasswordSchema,
  messageResponseSchema,
  profileResponseSchema,
  recoveryCheckSchema,
  recoveryParamsSchema,
  signinResponseSchema,
  signinSchema,
} from '@backoffice/contract';
import { loadPasswordEstimator } from '@backoffice/contract/password-strength';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/auth';
import { createAccountsService } from './accounts.service';
import { createBackgroundTasks } from './background-tasks';

/**
 * Sign-in and password recovery (the only routes open without a token), and what every signed-in
 * employee may do with their own account: read it, change the password, sign out.
 */
export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The password-strength dictionaries are built once, at start, not on the first password set.
  loadPasswordEstimator();
  const tasks = createBackgroundTasks(app.log);
  // Before the database closes (its onClose hook), the queued work finishes.
  app.addHook('preClose', () => tasks.drain());
  const service = createAccountsService(app.deps, app.log, tasks);
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
          'qualquer e-mail válido, exista ou não um funcionário com ele, antes de procurá-lo (mesmo tempo)',
        security: [],
        params: recoveryParamsSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => ({ data: { message: service.requestRecovery(request.params.email) } }),
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
        summary:
          'Define a nova senha com o código recebido; o código é consumido e as sessões abertas terminam. ' +
          'Código errado ou vencido: 400 INVALID_CODE (conta como tentativa). Com um código válido, senha com ' +
          'menos de 8 caracteres, só de espaços ou fraca (zxcvbn abaixo de 3, dado o nome e o e-mail): 400 ' +
          'WEAK_PASSWORD com o motivo em português, e o código continua valendo',
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

  app.post(
    '/accounts/signout',
    {
      config: { permissions: 'signed-in' },
      schema: {
        tags,
        summary: 'Sai: encerra todas as sessões do funcionário (os tokens emitidos até agora deixam de valer)',
      },
    },
    async (request, reply) => {
      await service.signOut(principalOf(request));
      return reply.status(204).send();
    },
  );

  app.get(
    '/accounts/me',
    {
      config: { permissions: 'signed-in' },
      schema: {
        tags,
        summary: 'O funcionário conectado: dados, regra e permissões (com rótulos)',
        response: { 200: profileResponseSchema },
      },
    },
    async (request) => ({ data: await service.profile(principalOf(request)) }),
  );

  app.patch(
    '/accounts/me/password',
    {
      config: { permissions: 'signed-in' },
      schema: {
        tags,
        summary:
          'Troca a própria senha: a atual é conferida (400 WRONG_PASSWORD), a nova segue a regra (400 ' +
          'WEAK_PASSWORD: 8 caracteres, não só espaços, força zxcvbn 3 ou mais). As outras sessões ' +
          'terminam; devolve um token novo para esta',
        body: changePasswordSchema,
        response: { 200: signinResponseSchema },
      },
    },
    async (request) => ({
      data: await service.changePassword(
        principalOf(request),
        request.body.currentPassword,
        request.body.newPassword,
        request.ip,
      ),
    }),
  );
};
