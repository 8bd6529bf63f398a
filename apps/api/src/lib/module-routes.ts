import type { CsvValue } from '@backoffice/contract';
import type {
  FastifyContextConfig,
  FastifyRequest,
  FastifySchema,
  HTTPMethods,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
} from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { csvExportSchema, csvStream, sendCsv } from './csv';
import { data } from './envelope';

/** The app a module registers its routes on (Fastify with the zod type provider). */
export type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** A request whose params, query, headers and body are those the route's zod schemas give. */
export type ZodRequest<P = undefined, Q = undefined, H = undefined, B = undefined> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression<RawServerDefault>,
  { params: P; querystring: Q; headers: H; body: B },
  ZodTypeProvider
>;

/**
 * Who may call a route: the route's `config` (the permissions, or employee functions, that may call it). Required
 * unless the module gave one for all its routes (`Default`); a route's own replaces it.
 */
export type Access<Default> = Default extends FastifyContextConfig
  ? { access?: FastifyContextConfig }
  : { access: FastifyContextConfig };

/** What the routes of a group may share. */
interface Shared {
  access?: FastifyContextConfig;
  params?: unknown;
  data?: z.ZodType;
}

/** One JSON route answering `{ data }`: what /api/docs shows, what it validates, what it answers. */
export interface JsonRoute<P, Q, H, B, D extends z.ZodType> {
  summary: string;
  description?: string;
  params?: P;
  querystring?: Q;
  headers?: H;
  body?: B;
  /** The schema of the answer's `data`. */
  data: D;
  /** 201 for a route that creates; 200 otherwise. */
  status?: 200 | 201;
  /** The service call: its result is the answer's `data`. */
  handler: (request: ZodRequest<P, Q, H, B>) => Promise<z.output<D>> | z.output<D>;
}

type Batches<Row> = AsyncIterable<readonly Row[]> | Iterable<readonly Row[]>;

/** A CSV download of a list's rows: the list's query, the file's name, columns and one line a row. */
export interface CsvRoute<Q, Row> {
  summary: string;
  querystring: Q;
  fileName: string;
  columns: readonly string[];
  /**
   * The rows the query asks for, batch by batch (the query's paging, if any, left out by the caller); a promise of
   * them when they are read before the download starts (its errors then answered as errors, not a cut download).
   */
  rows: (query: ZodRequest<undefined, Q>['query']) => Batches<Row> | Promise<Batches<Row>>;
  cells: (row: Row) => CsvValue[];
}

/** A private PDF shown in the browser (never cached): the document and its file's name. */
export interface PdfRoute<P> {
  summary: string;
  params: P;
  handler: (request: ZodRequest<P>) => Promise<{ fileName: string; pdf: Buffer | Uint8Array }>;
}

/** A document downloaded as it is (a note's XML, its DANFE): its content type and whether it is shown or saved. */
export interface FileRoute<P> {
  summary: string;
  params: P;
  contentType: string;
  /** `inline`: the browser shows it; `attachment`: the browser saves it. */
  disposition: 'inline' | 'attachment';
  handler: (request: ZodRequest<P>) => Promise<{ fileName: string; content: string | Buffer | Uint8Array }>;
}

/**
 * Declares a module's routes under its OpenAPI tags, each in one call with its permission, summary and schemas: JSON
 * routes answering a service call's result as `{ data }` (documented as `data(schema)` under its status), CSV downloads,
 * private PDFs and other documents (`file`); `group` declares routes that share part of their declaration.
 * `moduleAccess`, when given, is who may call every route that does not say otherwise.
 */
export function moduleRoutes<Default extends FastifyContextConfig | undefined = undefined>(
  app: ZodApp,
  tags: string[],
  moduleAccess?: Default,
) {
  const declare =
    (method: HTTPMethods) =>
    <P = undefined, Q = undefined, H = undefined, B = undefined, D extends z.ZodType = z.ZodType>(
      url: string,
      route: JsonRoute<P, Q, H, B, D> & Access<Default>,
    ) => {
      const { access = moduleAccess, handler, data: answer, status = 200, ...described } = route;
      const schema: FastifySchema = { tags, ...described, response: { [status]: data(answer) } };
      app.route({
        method,
        url,
        config: access,
        schema,
        handler: async (request, reply) =>
          reply.status(status).send({ data: await handler(request as ZodRequest<P, Q, H, B>) }),
      });
    };
  const csv = <Q, Row>(url: string, route: CsvRoute<Q, Row> & Access<Default>) => {
    const { access = moduleAccess, summary, querystring, fileName, columns, rows, cells } = route;
    app.get(url, { config: access, schema: csvExportSchema(tags, summary, querystring) }, async (request, reply) =>
      sendCsv(reply, fileName, csvStream(columns, await rows((request as ZodRequest<undefined, Q>).query), cells)),
    );
  };
  const pdf = <P>(url: string, route: PdfRoute<P> & Access<Default>) => {
    const { access = moduleAccess, summary, params, handler } = route;
    app.get(
      url,
      { config: access, schema: { tags, summary, params, produces: ['application/pdf'] } },
      async (request, reply) => {
        const { fileName, pdf } = await handler(request as ZodRequest<P>);
        return reply
          .type('application/pdf')
          .header('content-disposition', `inline; filename="${fileName}"`)
          .header('cache-control', 'no-store')
          .send(pdf);
      },
    );
  };
  const file = <P>(url: string, route: FileRoute<P> & Access<Default>) => {
    const { access = moduleAccess, summary, params, contentType, disposition, handler } = route;
    app.get(url, { config: access, schema: { tags, summary, params } }, async (request, reply) => {
      const { fileName, content } = await handler(request as ZodRequest<P>);
      return reply
        .header('content-type', contentType)
        .header('content-disposition', `${disposition}; filename="${fileName}"`)
        .send(content);
    });
  };
  /**
   * Routes that share part of their declaration (their access, params or answer, e.g. the routes on one record):
   * each is given `shared` and says only the rest (a route's own access replaces the shared one).
   */
  const group = <S extends Shared>(shared: S & Access<Default>) => {
    const on =
      (method: HTTPMethods) =>
      <
        P = S['params'],
        Q = undefined,
        H = undefined,
        B = undefined,
        D extends z.ZodType = S['data'] extends z.ZodType ? S['data'] : z.ZodType,
      >(
        url: string,
        route: Omit<JsonRoute<P, Q, H, B, D>, keyof S> & { access?: FastifyContextConfig },
      ) =>
        declare(method)<P, Q, H, B, D>(url, { ...shared, ...route } as unknown as JsonRoute<P, Q, H, B, D> &
          Access<Default>);
    return { get: on('GET'), post: on('POST'), put: on('PUT'), patch: on('PATCH'), delete: on('DELETE') };
  };
  return {
    get: declare('GET'),
    post: declare('POST'),
    put: declare('PUT'),
    patch: declare('PATCH'),
    delete: declare('DELETE'),
    csv,
    pdf,
    file,
    group,
  };
}

/** What `moduleRoutes` gives, for the functions that register a part of a module's routes. */
export type ModuleRoutes<Default extends FastifyContextConfig | undefined = undefined> = ReturnType<
  typeof moduleRoutes<Default>
>;
