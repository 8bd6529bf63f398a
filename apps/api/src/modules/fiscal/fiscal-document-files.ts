import type { idParamSchema } from '@backoffice/contract';
import type { FastifyContextConfig } from 'fastify';
import type { z } from 'zod';
import type { ModuleRoutes } from '../../lib/module-routes';

/** One download of a fiscal document: its OpenAPI summary and the service call that makes the file. */
interface DocumentFile {
  summary: string;
  load: (id: number) => Promise<{ fileName: string; content: string | Buffer | Uint8Array }>;
}

/** How each download is sent: the XML saved as a file, the printout (DANFE, DANFSe) shown in the browser. */
const SENT_AS = {
  xml: { contentType: 'application/xml; charset=utf-8', disposition: 'attachment' },
  printout: { contentType: 'application/pdf', disposition: 'inline' },
} as const;

/**
 * A fiscal document's downloads (the NF-e/NFC-e's, the NFS-e's), for those `access` lets read it: its XML at
 * `<path>/xml` and its printout at `<path>/<file>`, where `path` is the document's, e.g. `/fiscal/notes/:id`.
 */
export function fiscalDocumentFiles(
  route: ModuleRoutes,
  access: FastifyContextConfig,
  params: z.ZodObject<{ id: ReturnType<typeof idParamSchema> }>,
  path: string,
  files: { xml: DocumentFile; printout: DocumentFile & { file: string } },
): void {
  const urls = { xml: `${path}/xml`, printout: `${path}/${files.printout.file}` };
  for (const kind of ['xml', 'printout'] as const) {
    const { summary, load } = files[kind];
    route.file(urls[kind], {
      access,
      summary,
      params,
      ...SENT_AS[kind],
      handler: (request) => load(request.params.id),
    });
  }
}
