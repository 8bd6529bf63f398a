import path from 'node:path';
import { setBusinessTimeZone } from '@backoffice/contract';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import {
  type FastifyPluginAsyncZod,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import pino from 'pino';
import { z } from 'zod';
import type { AppConfig } from './config';
import { checkDatabase, type DB, onTableWrites, replicaOf } from './db/database';
import { expiringCache } from './lib/expiring-cache';
import { createFileLinks } from './lib/file-links';
import { createMailer, type Mailer } from './lib/mailer';
import { createStorage, type Storage } from './lib/storage';
import { registerModules } from './modules';
import { createOrderEventsHub, type OrderEventsHub } from './modules/events/events.service';
import { createScheduler } from './modules/system-tasks/scheduler';
import { authPlugin } from './plugins/auth';
import { registerErrorHandling } from './plugins/errors';
import { inputGuardPlugin } from './plugins/input-guard';
import { securityHeadersPlugin } from './plugins/security-headers';

/** The dependencies every module is built from (their type, and `app.deps` on the Fastify instance). */
export type { AppDeps } from './app-deps';

/** `/api/payments/pix/webhook/{secret}/pix` as the log writes it: the secret replaced. */
export function redactWebhookSecret(url: string): string {
  return url.replace(/(\/payments\/pix\/webhook\/)[^/?#]+/, '$1[redacted]');
}

// Validation messages of zod itself in Portuguese (schemas give their own where the spec names one).
z.config(z.locales.pt());

export interface BuildOptions {
  config: AppConfig;
  db: DB;
  mailer?: Mailer;
  storage?: Storage;
  /** Pino logger options, or false to silence (tests). */
  logger?: boolean | object;
  /** False while migrations run: every /api call, health included, answers 503 until then. */
  isReady?: () => boolean;
}

/**
 * Builds the Fastify app: plugins in a fixed order (external, app, routes), everything under /api.
 * Order matters: the headers, compression and input guard come first so every route registered after
 * them (API, docs, static files) gets them.
 */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  // The business clock of this process (one zone per process): every date of the API goes through it.
  setBusinessTimeZone(config.businessTimeZone);
  const app = Fastify({
    logger: loggerOptions(config, options.logger),
    bodyLimit: 12 * 1024 * 1024,
    // Registering the API's few hundred routes (their schemas turned into validators and the OpenAPI document) is
    // CPU work, no waiting: Fastify's 10 s limit on one plugin was passed on a loaded 2-core machine (CI, at the
    // same time as the browser suite and the type check) and the app refused to start. A minute still names a hung plugin.
    pluginTimeout: 60_000,
    // Path values carry e-mails and search terms: room for long ones.
    routerOptions: { maxParamLength: 500 },
    // A malformed URL (bad %-encoding) is the client's fault: answer in our format, in Portuguese.
    frameworkErrors: (error, request, reply) => {
      request.log.info({ code: error.code, url: request.url }, 'malformed request');
      (reply as FastifyReply).status(400).send({ errors: ['Endereço da requisição inválido.'], code: 'MALFORMED_URL' });
    },
    // Only behind a known reverse proxy may X-Forwarded-For name the client (the sign-in throttle counts per address).
    trustProxy: config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const events = decorateDeps(app, options);

  // 1. Every answer: security headers; compression of answers above 1 KB (brotli or gzip).
  await app.register(securityHeadersPlugin);
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  // 2. Every request: hostile input (bad UTF-8, NUL, lone surrogates, numbers beyond the columns) is refused.
  await app.register(inputGuardPlugin);

  // 3. The OpenAPI document and its page.
  await registerOpenApi(app);

  // 4. Error format, readiness, authentication, then the routes.
  registerErrorHandling(app, { spaFallback: Boolean(config.webDistDir) });
  if (options.isReady) refuseUntilReady(app, options.isReady);
  await registerAuth(app, config, db, events);
  await app.register(apiRoutes, { prefix: '/api' });

  // 5. The built web app.
  if (config.webDistDir) await registerWebApp(app, config.webDistDir);
  return app;
}

/** Pino's options for the app's log: secrets redacted, the Pix webhook's secret out of its URL; false silences it. */
function loggerOptions(config: AppConfig, logger: BuildOptions['logger']) {
  if (logger === false) return false;
  return {
    level: config.logLevel,
    // Lines are written to stdout asynchronously (sonic-boom coalesces the writes of a busy moment
    // instead of one blocking write per line on the main thread); what is left is flushed at exit.
    stream: pino.destination({ sync: false }),
    redact: {
      paths: [
        'req.headers.authorization',
        'password',
        'newPassword',
        'code',
        '*.password',
        '*.newPassword',
        '*.code',
        '*.accessToken',
      ],
      censor: '[redacted]',
    },
    serializers: {
      // The Pix webhook's URL carries its secret: it never reaches the log.
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactWebhookSecret(request.url),
        host: request.host,
        remoteAddress: request.ip,
      }),
    },
    ...(typeof logger === 'object' ? logger : {}),
  };
}

/** `app.deps`: what every module is built from. Returns the process's listener of the database's announcements. */
function decorateDeps(app: FastifyInstance, options: BuildOptions): OrderEventsHub {
  const { config, db } = options;
  // One listener of the database's announcements per app (orders, sessions, bells, auth), started on first use.
  // LISTEN and the job queue hold a session: on the primary itself behind a pooler (decision 0064).
  const sessionUrl = config.databaseDirectUrl ?? config.databaseUrl;
  const events = createOrderEventsHub({ db, databaseUrl: sessionUrl, log: app.log });
  app.addHook('onClose', async () => events.close());
  const scheduler = createScheduler({ db, databaseUrl: sessionUrl, role: config.role, log: app.log });
  app.addHook('onClose', () => scheduler.stop());
  app.decorate('deps', {
    config,
    db,
    mailer: options.mailer ?? createMailer(config, app.log),
    storage: options.storage ?? createStorage(db),
    fileLinks: createFileLinks(config.jwtSecret),
    events,
    scheduler,
  });
  return events;
}

/** The OpenAPI document (each route's permissions as x-permissions, its functions as x-functions) and its page. */
async function registerOpenApi(app: FastifyInstance) {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'BackOffice API',
        description:
          'API do BackOffice. Autenticação por token Bearer (POST /api/accounts/signin). ' +
          'Erros respondem `{ errors: [mensagem], code, details? }` (códigos estáveis: ERROR_CODES do contrato). Cada rota declara as permissões que aceita (x-permissions).',
        version: '0.1.0',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: (input) => {
      const result = jsonSchemaTransform(input);
      const permissions = input.route.config?.permissions;
      const schema = result.schema as Record<string, unknown>;
      schema['x-permissions'] = permissions ?? [];
      const functions = input.route.config?.functions;
      if (functions?.length) schema['x-functions'] = functions;
      if (permissions === 'public') schema.security = [];
      return result;
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
}

/** While migrations run, every /api call, health included, answers 503. */
function refuseUntilReady(app: FastifyInstance, isReady: () => boolean) {
  app.addHook('onRequest', async (request, reply) => {
    if (!isReady() && request.url.startsWith('/api/')) {
      return reply
        .status(503)
        .send({ errors: ['Servidor iniciando, tente novamente em instantes.'], code: 'SERVICE_STARTING' });
    }
  });
}

/**
 * Authentication, with the employee's status behind every request kept config.authCacheMs (decision 0027). A write
 * of this process to employees or roles drops it before it is sent; on PostgreSQL, where other processes may write,
 * statuses are kept only while this process hears their announcements (auth_events), which drop them too. Read every
 * time when this process's own writes cannot be heard.
 */
async function registerAuth(app: FastifyInstance, config: AppConfig, db: DB, events: OrderEventsHub) {
  const readStatus = (employeeId: number) =>
    db
      .selectFrom('employees')
      .leftJoin('roles', 'roles.id', 'employees.role_id')
      .select(['employees.blocked', 'roles.permissions', 'employees.token_version as tokenVersion', 'employees.func'])
      .where('employees.id', '=', employeeId)
      .executeTakeFirst();
  const stopWatching = onTableWrites(db, ['employees', 'roles'], () => statuses.clear());
  const othersWrite = Boolean(config.databaseUrl);
  let hearingOthers = !othersWrite;
  const statuses = expiringCache(readStatus, {
    ttlMs: stopWatching ? config.authCacheMs : 0,
    keeping: () => hearingOthers,
  });
  if (stopWatching) app.addHook('onClose', async () => stopWatching());
  const watchOthers = othersWrite && stopWatching !== undefined && config.authCacheMs > 0;
  let watching: Promise<unknown> | undefined;
  let retryAt = 0;
  /** Starts hearing the other processes' changes on the first signed-in request; tried again 5 s after a failure. */
  const hearOthers = () => {
    if (!watchOthers || watching || performance.now() < retryAt) return;
    watching = events
      .watchAuth({
        changed: () => statuses.clear(),
        hearing: (now) => {
          hearingOthers = now;
          statuses.clear();
        },
      })
      .catch(() => {
        watching = undefined;
        retryAt = performance.now() + 5000;
      });
  };
  await app.register(authPlugin, {
    secret: config.jwtSecret,
    lookup: async (employeeId, tokenVersion) => {
      hearOthers();
      const status = await statuses.get(employeeId);
      // A token newer than the kept status: its version was raised (a password change on another process)
      // before the announcement arrived. Read again rather than refuse the new token.
      if (status && tokenVersion > status.tokenVersion) return statuses.refresh(employeeId);
      return status;
    },
  });
}

/** Everything under /api: the health check, then every domain's routes. */
const apiRoutes: FastifyPluginAsyncZod = async (api) => {
  api.get(
    '/health',
    {
      config: { permissions: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Pronto para atender: 200; 503 enquanto inicia (SERVICE_STARTING) ou sem banco (DATABASE_UNAVAILABLE)',
        response: {
          200: z.object({
            status: z.literal('ok'),
            // With DATABASE_REPLICA_URL (decision 0062): where the reports read now and the replica's last lag.
            replica: z
              .object({ state: z.enum(['replica', 'lagging', 'away']), lagMs: z.number().nullable() })
              .optional(),
          }),
        },
      },
    },
    async () => {
      const { db } = api.deps;
      await checkDatabase(db);
      const replica = replicaOf(db)?.status();
      return replica
        ? { status: 'ok' as const, replica: { state: replica.state, lagMs: replica.lagMs } }
        : { status: 'ok' as const };
    },
  );
  await registerModules(api);
};

/**
 * The built web app: its .br/.gz twins (written at build time) when the browser accepts them; hashed assets cached
 * for a year, index.html revalidated on every visit so a new build shows at once.
 */
async function registerWebApp(app: FastifyInstance, webDistDir: string) {
  await app.register(fastifyStatic, {
    root: webDistDir,
    // Looks files up at request time, so a rebuilt web app is served without a restart.
    wildcard: true,
    preCompressed: true,
    // `/` is the sign-in page (login.html: the form without React, decision 0025); every other address of
    // the app is index.html (the not-found handler). A list, not a string: the lookup of a precompressed twin
    // reads only a list, and with a string it found no index and sent every browser (all accept compression)
    // the whole app at `/` (issue 34 §7).
    index: ['login.html'],
    setHeaders: (res, filePath) => {
      if (filePath.includes('/assets/')) res.header('cache-control', 'public, max-age=31536000, immutable');
      // The page, the service worker, its registration and the manifest are revalidated on every visit, so
      // a new build reaches installed phones at once.
      else if (
        /^(index\.html|login\.html|sw\.js|registerSW\.js|manifest\.webmanifest)(\.br|\.gz)?$/.test(
          path.basename(filePath),
        )
      ) {
        res.header('cache-control', 'no-cache');
      }
    },
  });
  app.get('/login', { schema: { hide: true } }, (_request, reply) => reply.sendFile('login.html'));
}
