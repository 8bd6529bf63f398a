import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of employees. */
export const employeesRoutes: FastifyPluginAsyncZod = async (_app) => {};
