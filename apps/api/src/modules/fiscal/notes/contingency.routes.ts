import { nfeContingencyEnterSchema, nfeContingencySchema, PERMISSIONS } from '@backoffice/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { moduleRoutes } from '../../../lib/module-routes';
import { principalOf } from '../../../plugins/auth';
import type { NotesService } from './notes.service';

/**
 * The NF-e's contingency in the SVC (issue 56 §2, decision 0083) on 'Notas fiscais': its state and what is pending —
 * `invoices` or `orders` (the desk that hands the goods over sees it); entering and leaving it — `invoices`.
 */
const write = { permissions: [PERMISSIONS.invoices] };
const read = { permissions: [PERMISSIONS.invoices, PERMISSIONS.orders] };
const tags = ['fiscal'];

type NotesApp = Parameters<FastifyPluginAsyncZod>[0];

export function registerContingencyRoutes(app: NotesApp, service: NotesService): void {
  const route = moduleRoutes(app, tags);
  // Each answers the contingency as it is now; reading it is also the desk's.
  const contingency = route.group({ access: write, data: nfeContingencySchema });
  contingency.get('/fiscal/notes/contingency', {
    access: read,
    summary:
      'A contingência da NF-e: se a loja está na SEFAZ Virtual de Contingência (SVC-AN ou SVC-RS, pela UF do emitente), desde quando, por quê e por quem (nulo: entrou sozinha), e as notas aguardando envio, em palavras',
    handler: () => service.contingency(),
  });

  contingency.post('/fiscal/notes/contingency', {
    summary:
      "'Entrar em contingência': as novas NF-e vão para a SVC da UF (tpEmis 6 ou 7) com esta justificativa (15 a 256 caracteres) e a hora de entrada (dhCont); 409 se já está; auditado",
    body: nfeContingencyEnterSchema,
    handler: (request) => service.enterContingency(principalOf(request), request.body),
  });

  contingency.delete('/fiscal/notes/contingency', {
    summary:
      "'Sair da contingência': as novas NF-e voltam à SEFAZ autorizadora da UF; 409 se não está; auditado. O worker também sai sozinho quando a SEFAZ autorizadora, vista fora do ar, volta a responder 107",
    handler: (request) => service.leaveContingency(principalOf(request)),
  });
}
