import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors';

const TYPES: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/**
 * Stored images (product pictures, receipts, signatures, packaging). Public so that <img> tags load them:
 * the keys are random UUIDs, never guessable.
 */
export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/files/*',
    {
      config: { permissions: 'public' },
      schema: { tags: ['files'], summary: 'Serve uma imagem armazenada', params: z.object({ '*': z.string() }) },
    },
    async (request, reply) => {
      const key = request.params['*'];
      const data = await app.deps.storage.get(key);
      if (!data) throw notFound('Arquivo não encontrado.');
      const extension = key.split('.').pop() ?? '';
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .type(TYPES[extension] ?? 'application/octet-stream')
        .send(data);
    },
  );
};
