import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of customers. */
export const customersRoutes: FastifyPluginAsyncZod = async (_app) => {};
