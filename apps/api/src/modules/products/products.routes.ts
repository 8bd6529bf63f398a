import {
  brandCreateSchema,
  brandSchema,
  gtinParamSchema,
  idParamSchema,
  imageUploadSchema,
  inventoryHistoryRowSchema,
  inventorySchema,
  PERMISSIONS,
  PRODUCT_LIMITS,
  PRODUCT_TEXTS,
  productCreateSchema,
  productListPageSchema,
  productListQuerySchema,
  productPageSchema,
  productSchema,
  productSourceSchema,
  productUpdateSchema,
  purchaseHistoryRowSchema,
  referenceCreateSchema,
  referenceDeleteSchema,
  referenceSchema,
  salesHistoryRowSchema,
  stockChangeRowSchema,
  stockEntryBatchSchema,
  UNIT_READ_PERMISSIONS,
  unitCheckBodySchema,
  unitCheckSchema,
  unitCountBodySchema,
  unitCountQuerySchema,
  unitCountResultSchema,
  unitsInAnalysisQuerySchema,
  unitsInAnalysisSchema,
} from '@backoffice/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { replicaReads } from '../../db/database';
import { data } from '../../lib/envelope';
import { moduleRoutes } from '../../lib/module-routes';
import { principalOf } from '../../plugins/auth';
import { PRODUCT_CSV_HEADERS, productCsvCells } from './products.csv';
import { createProductsService, type ProductsService } from './products.service';

const { products: PRODUCTS, internalSales: INTERNAL_SALES, reports: REPORTS } = PERMISSIONS;
/** A product code in the path; any text, an unknown one is answered 404. */
const codeParams = z.object({ code: z.string().min(1) });
const idParam = idParamSchema(PRODUCT_TEXTS.idInvalid);
const period = { s: z.string(), e: z.string() };
const tags = ['products'];
const actor = (request: Parameters<typeof principalOf>[0]) => principalOf(request).employeeId;

type ProductsApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * The catalogue (section 7, Products) and the four product histories. Reads that selling and reports
 * also need accept those permissions; every write needs bo:manage:products.
 */
export const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createProductsService(app.deps.db, app.deps.storage);
  // The CSV may read a replica (decision 0062).
  const exporting = createProductsService(replicaReads(app.deps.db), app.deps.storage);

  registerListRoutes(app, service, exporting);
  registerLookupRoutes(app, service);
  registerWriteRoutes(app, service);
  registerUnitRoutes(app, service);
  registerBrandRoutes(app, service);
  registerHistoryRoutes(app, service);
};

/** The catalogue's lists: a page of products (whole, or the list's rows), its CSV, the archived ones. */
function registerListRoutes(app: ProductsApp, service: ProductsService, exporting: ProductsService): void {
  const route = moduleRoutes(app, tags);
  app.get(
    '/products',
    {
      config: { permissions: [PRODUCTS, INTERNAL_SALES, REPORTS] },
      schema: {
        tags,
        summary:
          'Página de produtos ativos por nome (offset, limit até 200, padrão 100; search por nome, código, tag, marca ou referência, sem acento nem caixa; countUpTo: a busca conta até esse número e totalCapped diz se há mais)',
        querystring: productListQuerySchema,
        response: { 200: productPageSchema },
      },
    },
    async (request) => service.page(request.query),
  );

  app.get(
    '/products/list',
    {
      config: { permissions: [PRODUCTS, INTERNAL_SALES, REPORTS] },
      schema: {
        tags,
        summary:
          'A página de GET /products (mesmos parâmetros e total) com as linhas da lista: sem descrição, tags, imagens nem campos fiscais, lidos ao abrir o produto',
        querystring: productListQuerySchema,
        response: { 200: productListPageSchema },
      },
    },
    async (request) => service.listPage(request.query),
  );

  route.csv('/products/export.csv', {
    access: { permissions: [PRODUCTS] },
    summary:
      'CSV (relatorio.csv, separador ;, UTF-8 com BOM) de todos os produtos ativos que atendem à pesquisa, por nome',
    querystring: productListQuerySchema.pick({ search: true }),
    fileName: 'relatorio.csv',
    columns: PRODUCT_CSV_HEADERS,
    rows: (query) => exporting.exportBatches(query.search),
    cells: productCsvCells,
  });

  route.get('/products/archiveds', {
    access: { permissions: [PRODUCTS] },
    summary: 'Produtos arquivados',
    data: z.array(productSchema),
    handler: () => service.archived(),
  });
}

/** Lookups: brands, references, stock sources, the search, a scanned barcode, a brand's reference's products. */
function registerLookupRoutes(app: ProductsApp, service: ProductsService): void {
  const route = moduleRoutes(app, tags);
  app.get(
    '/products/brands',
    {
      config: { permissions: [PRODUCTS, INTERNAL_SALES, REPORTS] },
      schema: { tags, summary: 'Marcas com suas referências', response: { 200: data(z.array(brandSchema)) } },
    },
    async () => ({ data: await service.brands() }),
  );

  route.get('/products/references', {
    access: { permissions: [PRODUCTS, INTERNAL_SALES, REPORTS] },
    summary: 'Todas as referências com sua marca',
    data: z.array(referenceSchema),
    handler: () => service.references(),
  });

  route.get('/products/sources', {
    access: { permissions: [PRODUCTS] },
    summary: 'Operações (origens) de uma entrada de estoque',
    data: z.array(productSourceSchema),
    handler: () => service.sources(),
  });

  route.get('/products/full/search/:term', {
    access: { permissions: [PRODUCTS, INTERNAL_SALES, REPORTS] },
    summary: 'Busca produtos ativos (até 50) por nome, código, tag, marca ou referência',
    params: z.object({ term: z.string().min(1).max(PRODUCT_LIMITS.maxSearch, PRODUCT_TEXTS.searchTooLong) }),
    data: z.array(productSchema),
    handler: (request) => service.search(request.params.term),
  });

  route.get('/products/barcode/:gtin', {
    access: { permissions: [PRODUCTS, INTERNAL_SALES, REPORTS] },
    summary:
      "Produto ativo pelo 'Código de barras' (GTIN-8/12/13/14; o mesmo GTIN em outro comprimento, com zeros à esquerda, também o encontra); 404 quando nenhum o tem",
    params: z.object({ gtin: gtinParamSchema }),
    data: productSchema,
    handler: (request) => service.byBarcode(request.params.gtin),
  });

  route.get('/products/:brand/:reference', {
    access: { permissions: [PRODUCTS, INTERNAL_SALES, REPORTS] },
    summary: 'Produtos (ativos e arquivados) de uma marca e referência',
    params: z.object({ brand: z.string().min(1), reference: z.string().min(1) }),
    data: z.array(productSchema),
    handler: (request) => service.byBrandAndReference(request.params.brand, request.params.reference),
  });
}

/** Product writes: create, update, a purchase batch, archive and back, a picture, the inventory count, a phone's count by IMEIs. */
function registerWriteRoutes(app: ProductsApp, service: ProductsService): void {
  const route = moduleRoutes(app, tags);
  route.post('/products', {
    access: { permissions: [PRODUCTS] },
    summary: 'Cadastra um produto (código gerado pelo servidor; imagens em base64 sem prefixo)',
    body: productCreateSchema,
    data: productSchema,
    status: 201,
    handler: (request) => service.create(actor(request), request.body),
  });

  // Each answers the product.
  const product = route.group({ access: { permissions: [PRODUCTS] }, params: codeParams, data: productSchema });
  product.put('/products/:code', {
    summary: 'Edita um produto; uma mudança de estoque vira um ajuste no histórico de estoque',
    body: productUpdateSchema,
    handler: (request) => service.update(actor(request), request.params.code, request.body),
  });

  route.patch('/products/menu/purchase/batch', {
    access: { permissions: [PRODUCTS] },
    summary: 'Entradas de mercadoria: quantidade que entra, novo preço de compra e operação (tudo ou nada)',
    body: stockEntryBatchSchema,
    data: z.array(productSchema),
    handler: (request) => service.stockEntries(actor(request), request.body),
  });

  route.patch('/products/archive', {
    access: { permissions: [PRODUCTS] },
    summary: 'Arquiva os produtos de uma lista de códigos separados por vírgula',
    querystring: z.object({ codes: z.string().max(20_000).default('') }),
    data: z.array(productSchema),
    handler: (request) => service.archive(actor(request), request.query.codes),
  });

  app.patch(
    '/products/unarchive/:code',
    {
      config: { permissions: [PRODUCTS] },
      schema: { tags, summary: 'Desarquiva um produto', params: codeParams, response: { 200: data(productSchema) } },
    },
    async (request) => ({ data: await service.unarchive(actor(request), request.params.code) }),
  );

  product.patch('/products/image/:code', {
    summary: 'Acrescenta uma imagem (base64 sem prefixo; até 2 MB; regravada em JPEG de até 300×300)',
    body: imageUploadSchema,
    handler: (request) => service.addImage(actor(request), request.params.code, request.body.image),
  });

  product.patch('/products/inventory/:code', {
    summary: 'Registra a contagem de estoque (inventário)',
    body: inventorySchema,
    handler: (request) => service.inventory(actor(request), request.params.code, request.body),
  });

  route.post('/products/:code/count-units', {
    access: { permissions: [PRODUCTS] },
    summary:
      'Contagem por IMEI de um produto que controla IMEI: as unidades em estoque não lidas (faltando) e os IMEIs lidos que não são unidades em estoque dele (desconhecidos); com dryRun=false baixa as faltantes (WRITTEN_OFF) com uma linha de inventário que as nomeia. Recusa (409) baixar unidades reservadas por pedidos não embalados',
    params: codeParams,
    querystring: unitCountQuerySchema,
    body: unitCountBodySchema,
    data: unitCountResultSchema,
    handler: (request) =>
      service.countUnits(actor(request), request.params.code, request.body.imeis, request.query.dryRun),
  });
}

/** Units (serialized products): IMEIs checked before an entry, the phones waiting for analysis. */
function registerUnitRoutes(app: ProductsApp, service: ProductsService): void {
  const route = moduleRoutes(app, tags);
  route.post('/units/check', {
    access: { permissions: [PRODUCTS] },
    summary:
      'Confere IMEIs antes de uma entrada: dígito verificador e a unidade (produto, status) em que cada um já está cadastrado',
    body: unitCheckBodySchema,
    data: z.array(unitCheckSchema),
    handler: (request) => service.checkImeis(request.body.imeis),
  });

  app.get(
    '/units/in-analysis',
    {
      config: { permissions: UNIT_READ_PERMISSIONS },
      schema: {
        tags,
        summary:
          'Aparelhos em análise: os que voltaram numa troca ou devolução e esperam ser liberados para o estoque ou baixados, do que espera há mais tempo',
        querystring: unitsInAnalysisQuerySchema,
        response: { 200: unitsInAnalysisSchema },
      },
    },
    async (request) => service.unitsInAnalysis(request.query.page, request.query.items),
  );
}

/** Brands and references. */
function registerBrandRoutes(app: ProductsApp, service: ProductsService): void {
  const route = moduleRoutes(app, tags);
  app.post(
    '/products/brand',
    {
      config: { permissions: [PRODUCTS] },
      schema: { tags, summary: 'Cria uma marca', body: brandCreateSchema, response: { 201: data(brandSchema) } },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await service.createBrand(actor(request), request.body.name) }),
  );

  route.patch('/products/brand', {
    access: { permissions: [PRODUCTS] },
    summary: 'Acrescenta uma referência (reference) à marca (name)',
    body: referenceCreateSchema,
    data: brandSchema,
    handler: (request) => service.addReference(actor(request), request.body.name, request.body.reference),
  });

  app.delete(
    '/products/brand/reference',
    {
      config: { permissions: [PRODUCTS] },
      schema: {
        tags,
        summary: 'Remove uma referência sem produtos',
        body: referenceDeleteSchema,
        response: { 200: data(z.object({ brand: z.string(), reference: z.string() })) },
      },
    },
    async (request) => {
      await service.deleteReference(actor(request), request.body.brand, request.body.reference);
      return { data: { brand: request.body.brand, reference: request.body.reference } };
    },
  );

  app.delete(
    '/products/brand/:name',
    {
      config: { permissions: [PRODUCTS] },
      schema: {
        tags,
        summary: 'Remove uma marca sem produtos (e suas referências)',
        params: z.object({ name: z.string().min(1) }),
        response: { 200: data(z.object({ name: z.string() })) },
      },
    },
    async (request) => {
      await service.deleteBrand(actor(request), request.params.name);
      return { data: { name: request.params.name } };
    },
  );
}

/** The four product histories (section 3, product history rows). */
function registerHistoryRoutes(app: ProductsApp, service: ProductsService): void {
  const historyTags = ['products', 'reports'];
  app.get(
    '/reports/product/sold/histories/:id/start/:s/end/:e',
    {
      config: { permissions: [PRODUCTS, REPORTS] },
      schema: {
        tags: historyTags,
        summary: 'Vendas do produto no período (pedidos cancelados e reprovados fora)',
        params: z.object({ id: idParam, ...period }),
        response: { 200: data(z.array(salesHistoryRowSchema)) },
      },
    },
    async (request) => ({ data: await service.salesHistory(request.params.id, request.params.s, request.params.e) }),
  );

  app.get(
    '/reports/product/purchased/histories/start/:s/end/:e/:id',
    {
      config: { permissions: [PRODUCTS, REPORTS] },
      schema: {
        tags: historyTags,
        summary: 'Entradas de mercadoria do produto no período',
        params: z.object({ id: idParam, ...period }),
        response: { 200: data(z.array(purchaseHistoryRowSchema)) },
      },
    },
    async (request) => ({ data: await service.purchaseHistory(request.params.id, request.params.s, request.params.e) }),
  );

  app.get(
    '/reports/product/inventory/updated/histories/start/:s/end/:e/:id',
    {
      config: { permissions: [PRODUCTS, REPORTS] },
      schema: {
        tags: historyTags,
        summary: 'Contagens de inventário do produto no período',
        params: z.object({ id: idParam, ...period }),
        response: { 200: data(z.array(inventoryHistoryRowSchema)) },
      },
    },
    async (request) => ({
      data: await service.inventoryHistory(request.params.id, request.params.s, request.params.e),
    }),
  );

  app.get(
    '/reports/product/stock/changed/:id/start/:s/end/:e',
    {
      config: { permissions: [PRODUCTS, REPORTS] },
      schema: {
        tags: historyTags,
        summary: 'Todas as alterações de estoque do produto no período (o razão de estoque)',
        params: z.object({ id: idParam, ...period }),
        response: { 200: data(z.array(stockChangeRowSchema)) },
      },
    },
    async (request) => ({ data: await service.stockChanges(request.params.id, request.params.s, request.params.e) }),
  );
}
