import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of products. */
export const productsRoutes: FastifyPluginAsyncZod = async (_app) => {};
