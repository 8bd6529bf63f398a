import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createFilesService, FILE_TEXTS } from './files.service';

const linkNumber = z.coerce.number({ error: FILE_TEXTS.linkInvalid }).int().positive().max(2_147_483_647).optional();

/**
 * Stored files (lib/storage.ts, in PostgreSQL). Product pictures are public and immutable (the key is
 * the content's hash); order pictures answer only to a signed link handed out with the order
 * (lib/file-links.ts), `Cache-Control: private`. Every answer carries the content hash as its ETag.
 */
export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createFilesService(app.deps.db, app.deps.storage, app.deps.fileLinks);
  app.get(
    '/files/*',
    {
      config: { permissions: 'public' },
      schema: {
        tags: ['files'],
        summary:
          'Serve um arquivo: fotos de produto são públicas; comprovantes, assinaturas e fotos de embalagem só por link assinado (by, expires, signature) entregue com o pedido, válido por alguns minutos',
        params: z.object({ '*': z.string() }),
        querystring: z.object({
          by: linkNumber,
          expires: linkNumber,
          signature: z.string().max(100).optional(),
        }),
      },
    },
    async (request, reply) => {
      const file = await service.serve(request.params['*'], request.query);
      const etag = `"${file.hash}"`;
      reply
        .header(
          'cache-control',
          file.access === 'public' ? 'public, max-age=31536000, immutable' : `private, max-age=${file.maxAge}`,
        )
        .header('etag', etag);
      const known = (request.headers['if-none-match'] ?? '').split(',').map((tag) => tag.trim().replace(/^W\//, ''));
      if (known.includes(etag) || known.includes('*')) return reply.status(304).send();
      return reply.type(file.contentType).send(file.data);
    },
  );
};
