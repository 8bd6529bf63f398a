import {
  type CheckoutResponse,
  COUNTER_TEXTS,
  cartAddBodySchema,
  cartChangeBodySchema,
  cartResponseSchema,
  checkoutCardBodySchema,
  checkoutCashBodySchema,
  checkoutCreditBodySchema,
  checkoutHeadersSchema,
  checkoutPixBodySchema,
  checkoutResponseSchema,
  checkoutTransferBodySchema,
  counterSaleBodySchema,
  counterSaleResponseSchema,
  counterSaleStateSchema,
  counterWaitingPageSchema,
  counterWaitingQuerySchema,
  DISCOUNT_APPROVAL_PERMISSIONS,
  DISCOUNT_APPROVAL_TEXTS,
  discountApprovalRefuseSchema,
  discountApprovalRequestSchema,
  discountApprovalSchema,
  idempotencyKeyHeaderSchema,
  idParamSchema,
  ORDER_TEXTS,
  orderDiscountBodySchema,
  orderDiscountResponseSchema,
  orderEditBodySchema,
  orderEditResultSchema,
  orderIdParamSchema,
  PERMISSIONS,
  preCheckoutQuerySchema,
  preCheckoutResponseSchema,
  SELLING_LIMITS,
  sellingCustomerParamsSchema,
  sellingProductSearchParamsSchema,
  sellingProductSearchResponseSchema,
} from '@backoffice/contract';
import type { FastifyContextConfig } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { moduleRoutes } from '../../lib/module-routes';
import { type Principal, principalOf } from '../../plugins/auth';
import { createDiscountApprovalsService } from './discount-approvals.service';
import { createOrderEditService } from './order-edit.service';
import { createSellingService, type SellingService } from './selling.service';

const { internalSales: INTERNAL_SALES } = PERMISSIONS;
/** Every selling call needs internal_sales (section 6; full:access always passes). */
const config = { permissions: [INTERNAL_SALES] };
const tags = ['selling'];

/** The app as the routes register on it: zod's schemas type each request. */
type App = Parameters<FastifyPluginAsyncZod>[0];

/**
 * Internal selling (spec section 7 "Selling"): product search for a customer, the server-side cart,
 * pre-checkout totals and the cash and transfer checkouts. Envelopes as section 7 names them:
 * `{ products }`, `{ cart, ...price fields }`, `{ code }`.
 */
export const sellingRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createSellingService(app.deps.db, app.deps.storage);
  registerCartRoutes(app, service);
  registerCheckoutRoutes(app, service);
  registerCounterRoutes(app, service);
  registerOrderChangeRoutes(app, service);
  registerDiscountApprovalRoutes(app);
};

/** The product search at the customer's price, the pre-checkout totals and the server-side cart. */
function registerCartRoutes(app: App, service: SellingService) {
  app.get(
    '/shop/products/full/search/:param/email/:email',
    {
      config,
      schema: {
        tags,
        summary: `Produtos ativos por nome, tag, referência, marca ou código (sem acentos), ao preço do nível do cliente do e-mail; com estoque primeiro, até ${SELLING_LIMITS.searchResults}`,
        params: sellingProductSearchParamsSchema,
        response: { 200: sellingProductSearchResponseSchema },
      },
    },
    async (request) => ({
      products: await service.searchProducts(request.params.param, request.params.email),
    }),
  );

  app.get(
    '/orders/pre/checkout/:id',
    {
      config,
      schema: {
        tags,
        summary:
          'Carrinho do cliente {id} e totais para as escolhas da consulta (typeOfDelivery 1|2, withWarranty, isFastDelivery; discounts opcional, JSON dos descontos por linha e no pedido); Pix copia e cola do total',
        params: sellingCustomerParamsSchema,
        querystring: preCheckoutQuerySchema,
        response: { 200: preCheckoutResponseSchema },
      },
    },
    async (request) =>
      service.preCheckout(request.params.id, request.query, new Date(), principalOf(request).employeeId),
  );

  app.post(
    '/orders/cart/add/:id',
    {
      config,
      schema: {
        tags,
        summary:
          'Soma quantity (≥ 1) unidades do produto ao carrinho do cliente {id}; a quantidade da linha não passa do estoque (409 STOCK_INSUFFICIENT)',
        params: sellingCustomerParamsSchema,
        body: cartAddBodySchema,
        response: { 200: cartResponseSchema },
      },
    },
    async (request) => service.addToCart(request.params.id, request.body.productId, request.body.quantity),
  );

  app.patch(
    '/orders/cart/change/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Define a quantidade de um produto no carrinho do cliente {id}; newQuantity 0 remove o produto',
        params: sellingCustomerParamsSchema,
        body: cartChangeBodySchema,
        response: { 200: cartResponseSchema },
      },
    },
    async (request) => service.changeCart(request.params.id, request.body.productId, request.body.newQuantity),
  );
}

/** The checkouts: cash, the order's own Pix (with its optional split), card, credit and bank transfer. */
function registerCheckoutRoutes(app: App, service: SellingService) {
  /**
   * A checkout of the customer {id}'s cart: the payment's body, the service call that finishes it (the same
   * Idempotency-Key, header or body, answers the same order) and the answer every checkout gives.
   */
  const checkout = <B extends z.ZodType>(
    url: string,
    summary: string,
    body: B,
    finish: (
      principal: Principal,
      customerId: number,
      body: z.output<B>,
      headerKey?: string,
    ) => Promise<CheckoutResponse>,
    access: FastifyContextConfig = config,
  ) =>
    app.post(
      url,
      {
        config: access,
        schema: {
          tags,
          summary,
          params: sellingCustomerParamsSchema,
          headers: checkoutHeadersSchema,
          body,
          response: { 200: checkoutResponseSchema },
        },
      },
      async (request) =>
        finish(
          principalOf(request),
          request.params.id,
          request.body as z.output<B>,
          request.headers['idempotency-key'],
        ),
    );

  // The cash checkout (section 7), the order's own Pix (issue 18, with its optional split), card (issue 38) with the
  // card data refused, credit (issue 40) and bank transfer.
  checkout(
    '/orders/checkout/:id',
    'Finaliza o carrinho do cliente {id} em dinheiro: pedido em AGUARDANDO_ESTOQUISTA, estoque baixado, carrinho esvaziado; mesma chave (cabeçalho Idempotency-Key ou idempotencyKey, ambos opcionais) devolve o mesmo pedido',
    checkoutCashBodySchema,
    service.checkoutCash,
  );
  checkout(
    '/orders/checkout/pix/:id',
    'Finaliza o carrinho do cliente {id} por Pix do próprio pedido (GET /orders/pix/{orderId} dá o QR): pedido em PROCESSANDO com Pix automático, senão AGUARDANDO_COMPROVANTE; o webhook do banco confirma; mesma chave (Idempotency-Key) devolve o mesmo pedido. Opcional cardOnDeliveryAmount: a venda dividida — esse valor no cartão na entrega ou na retirada (Levar maquininha) e o resto por um Pix da parte (pixPart: txid e copia e cola próprios); o pedido vai ao estoquista quando o Pix da parte é pago',
    checkoutPixBodySchema,
    service.checkoutPix,
  );
  checkout(
    '/orders/checkout/card/:id',
    'Finaliza o carrinho do cliente {id} no cartão (issue 38): com card (tipo, bandeira, parcelas, NSU, autorização do comprovante da maquininha; nunca o número do cartão) pago na hora; sem card, cobrado na entrega ou na retirada (Levar maquininha); pedido em AGUARDANDO_ESTOQUISTA; mesma chave (Idempotency-Key) devolve o mesmo pedido',
    checkoutCardBodySchema,
    service.checkoutCard,
    { ...config, refusesCardData: true },
  );
  checkout(
    '/orders/checkout/credit/:id',
    "Finaliza o carrinho do cliente {id} a prazo (issue 40): terms é um dos prazos do cliente ('28', '30/60/90'; 400 se não for dele, 409 se ele não tem crédito); dentro do limite o pedido vai para AGUARDANDO_ESTOQUISTA, acima dele ou com parcela em atraso além do configurado fica em AGUARDANDO_APROVACAO_CREDITO (17) até um gerente decidir; as parcelas nascem na entrega; mesma chave (Idempotency-Key) devolve o mesmo pedido",
    checkoutCreditBodySchema,
    service.checkoutCredit,
  );
  checkout(
    '/orders/checkout/bank/transfer/:id',
    'Finaliza o carrinho do cliente {id} por depósito com o comprovante (base64): pedido em AGUARDANDO_APROVACAO; mesma chave (cabeçalho Idempotency-Key ou idempotencyKey, ambos opcionais) devolve o mesmo pedido',
    checkoutTransferBodySchema,
    service.checkoutTransfer,
  );
}

/** An order changed after the sale, before separation: its discounts, or the whole edit (decision 0044). */
function registerOrderChangeRoutes(app: App, service: SellingService) {
  const route = moduleRoutes(app, tags, config);
  route.post('/orders/:id/discount', {
    summary:
      'Define os descontos do pedido {id} (por item e/ou no pedido, R$ ou %; {} remove) antes da separação: dinheiro ou cartão na entrega aguardando o estoquista, ou Pix ainda não pago; dentro do máximo da regra de quem pede; total recalculado, auditado; partes confirmadas acima do novo total viram um reembolso a registrar (refund)',
    params: z.object({ id: idParamSchema(ORDER_TEXTS.orderIdInvalid) }),
    body: orderDiscountBodySchema,
    data: orderDiscountResponseSchema,
    handler: (request) => service.changeDiscount(principalOf(request), request.params.id, request.body.discounts),
  });

  const edits = createOrderEditService(app.deps.db);
  route.patch('/orders/:id', {
    summary:
      'Altera o pedido {id} antes da separação (dinheiro ou cartão na entrega aguardando o estoquista, ou Pix ainda não pago; decisão 0044): items (os produtos daqui em diante; novos ao preço do nível do cliente agora, os mantidos ao preço da venda), typeOfDelivery, isFastDelivery, withWarranty, discounts (substituem os do pedido), payment (CASH, PIX ou CARD na entrega; depósito não: exige comprovante) com changeFor, só sem pagamento registrado ou aguardando (409), o pedido vai para o status em que a venda o poria (movimento changePayment da tabela); o estoque segue pelo livro, descontos mantidos por unidade, total recalculado, histórico e auditoria; dryRun: só calcula; depois da separação 409 (resta cancelar ou trocar); um pagamento aguardando acima do novo total 409 PAYMENT_OVERPAID; partes confirmadas acima do novo total viram um reembolso a registrar (refund); mesma Idempotency-Key não altera duas vezes',
    params: z.object({ id: idParamSchema(ORDER_TEXTS.orderIdInvalid) }),
    headers: z.looseObject({
      'idempotency-key': idempotencyKeyHeaderSchema
        .optional()
        .describe(
          'Chave de idempotência: a mesma chave com o mesmo corpo não altera o pedido de novo (replayed: true).',
        ),
    }),
    body: orderEditBodySchema,
    data: orderEditResultSchema,
    handler: (request) =>
      edits.edit(
        principalOf(request),
        request.params.id,
        request.body,
        (request.headers as { 'idempotency-key'?: string })['idempotency-key'],
      ),
  });
}

/** Decision 0045: a manager's approval of a discount above the seller's maximum. */
function registerDiscountApprovalRoutes(app: App) {
  const route = moduleRoutes(app, tags, config);
  const approvals = createDiscountApprovalsService(app.deps.db);
  const approvalParams = z.object({ id: idParamSchema(DISCOUNT_APPROVAL_TEXTS.notFound) });
  const deciders = { permissions: [...DISCOUNT_APPROVAL_PERMISSIONS] };
  route.post('/discount-approvals', {
    summary:
      'Pede a aprovação de um desconto acima do máximo da regra do vendedor para o carrinho do cliente como está (produtos, quantidades, preços) com estes descontos — ou, no Balcão, para os itens da venda (items) —; substitui o pedido pendente do mesmo vendedor e cliente; nada fica reservado',
    body: discountApprovalRequestSchema,
    data: discountApprovalSchema,
    handler: (request) => approvals.ask(principalOf(request), request.body),
  });

  // Each answers the discount approval.
  const approval = route.group({ access: deciders, params: approvalParams, data: discountApprovalSchema });
  approval.get('/discount-approvals/:id', {
    access: config,
    summary:
      "Um pedido de aprovação de desconto como está agora (o 'Balcão' pergunta até ser decidido): o do próprio vendedor, ou a quem pode decidir; 404 nos outros",
    handler: (request) => approvals.one(principalOf(request), request.params.id),
  });

  route.get('/discount-approvals', {
    access: deciders,
    summary:
      'Pedidos de aprovação de desconto pendentes que o funcionário pode decidir: de outros vendedores, dentro do máximo da sua regra (full:access: todos)',
    data: z.array(discountApprovalSchema),
    handler: (request) => approvals.pending(principalOf(request)),
  });

  approval.post('/discount-approvals/:id/approve', {
    summary:
      'Aprova o pedido de desconto {id}: não o próprio, só dentro do máximo da sua regra (403); vale 2 horas, uma venda, o mesmo carrinho e descontos; auditado',
    handler: (request) => approvals.approve(principalOf(request), request.params.id),
  });

  approval.post('/discount-approvals/:id/refuse', {
    summary: 'Recusa o pedido de desconto {id} com um motivo (obrigatório): as mesmas regras de quem aprova; auditado',
    body: discountApprovalRefuseSchema,
    handler: (request) => approvals.refuse(principalOf(request), request.params.id, request.body.reason),
  });
}

/** 'Balcão' (issue 54 §1, decision 0074): the counter's sale, paid and handed over in one call. */
function registerCounterRoutes(app: App, service: SellingService) {
  const route = moduleRoutes(app, tags, config);
  route.post('/counter/sales', {
    access: { ...config, refusesCardData: true },
    summary:
      "Venda no balcão ('Concluir venda'): produtos (IMEI das unidades de aparelhos), descontos dentro do máximo do vendedor, pagamentos que somam o total (dinheiro com valor recebido e troco, no caixa aberto de quem vende — 409 CASH_DRAWER_CLOSED sem caixa; cartões com NSU e parcelas; um Pix pelo QR); pedido pago e finalizado na hora, numa transação (com Pix: a venda aguarda o banco confirmar a parte em Pix e é entregue pelo sistema na confirmação); sem customerId, o 'Consumidor final' do vendedor; mesma chave (Idempotency-Key) devolve a mesma venda",
    headers: checkoutHeadersSchema,
    body: counterSaleBodySchema,
    data: counterSaleResponseSchema.shape.data,
    handler: (request) => service.sellAtCounter(principalOf(request), request.body, request.headers['idempotency-key']),
  });
  app.get(
    '/orders/:id/receipt.pdf',
    {
      config: { permissions: [INTERNAL_SALES, PERMISSIONS.orders, PERMISSIONS.products] },
      schema: {
        tags,
        summary:
          "'Imprimir comprovante' (80 mm): o DANFE NFC-e do pedido quando a NFC-e dele está autorizada ou em contingência; senão o 'Comprovante de venda' sem valor fiscal (loja, itens, descontos, total, pagamentos com valor recebido e troco). Quem lê pedidos lê o de qualquer um; o vendedor, os que ele vendeu (404 nos outros)",
        params: z.object({ id: orderIdParamSchema }),
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const { pdf, kind } = await service.receipt(principalOf(request), request.params.id);
      return reply
        .type('application/pdf')
        .header(
          'content-disposition',
          `inline; filename="${kind === 'nfce' ? 'danfe-nfce' : 'comprovante'}-${request.params.id}.pdf"`,
        )
        .header('x-receipt-kind', kind)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );
  route.get('/counter/sales/waiting-pix', {
    summary:
      "'Vendas aguardando Pix': as vendas no balcão de hoje ainda aguardando o Pix (o QR reaberto no 'Balcão' depois de sair da tela), das mais novas, paginadas (page desde 0, pageSize); o vendedor vê as suas, quem lê pedidos vê todas",
    querystring: counterWaitingQuerySchema,
    data: counterWaitingPageSchema.shape.data,
    handler: (request) => service.waitingCounterSales(principalOf(request), request.query),
  });
  route.get('/counter/sales/:orderId', {
    summary:
      "Situação de uma venda no balcão: status e a parte em Pix (valor, txid, 'Copia e cola' enquanto aguarda); a tela pergunta até o banco confirmar e a venda ficar em Finalizados",
    params: z.object({ orderId: idParamSchema(COUNTER_TEXTS.notACounterSale) }),
    data: counterSaleStateSchema.shape.data,
    handler: (request) => service.counterSaleState(request.params.orderId),
  });
}
