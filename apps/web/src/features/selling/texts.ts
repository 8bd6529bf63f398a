import {
  COURIER_PAYMENT_TEXTS,
  CREDIT_SALE_TEXTS,
  DELIVERY_TYPE_LABELS,
  DISCOUNT_APPROVAL_TEXTS,
  ORDER_STATUS,
  ORDER_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  SELLING_TEXTS as S,
  SELLING_PAYMENT_OPTIONS,
  type SellingPaymentOption,
  WALK_IN_TEXTS as W,
} from '@backoffice/contract';

/**
 * Texts of the selling screen: the spec's (sections 2, 8, 9) from the contract's SELLING_TEXTS, verbatim, plus
 * the screen's own labels.
 */
export const SELLING_SCREEN_TEXTS = {
  /** 'Salvar orçamento' (issue 38 §4). */
  saveQuote: 'Salvar orçamento',
  saveQuoteTitle: 'Salvar orçamento',
  saveQuoteHelp:
    'Os preços e descontos de agora ficam garantidos pela validade do orçamento; o estoque não é reservado. O carrinho é esvaziado.',
  quoteName: 'Nome de quem pediu',
  quotePhone: 'Telefone (WhatsApp)',
  quoteSave: 'Salvar',
  quoteCancel: 'Cancelar',
  quoteFailed: 'Não foi possível salvar o orçamento.',
  quoteSaved: (id: number) => `Orçamento nº ${id} salvo.`,
  title: 'Vendas',
  steps: ['Cliente', 'Produtos', 'Carrinho', 'Concluído'],
  stepsLabel: 'Etapas da venda',
  // Step 1 (section 2)
  customerSearch: S.customerSearchPlaceholder,
  search: 'Pesquisar',
  name: 'Nome',
  email: 'Email',
  noResults: S.customerSearchEmpty,
  loading: 'Carregando',
  customersTable: 'Clientes encontrados',
  moreResults: (shown: number, total: number) =>
    `Mostrando ${shown} de ${total} clientes: refine a pesquisa para encontrar os demais.`,
  pickHint: 'Clique no cliente, ou use ↓ ↑ e Enter para escolher.',
  // Step 2 (section 2)
  productSearch: S.productSearchPlaceholder,
  selectedCustomer: S.selectedCustomer,
  changeCustomer: 'Trocar cliente',
  level: (name: string) => `Nível ${name}`,
  cart: 'Carrinho',
  cartWithItems: (count: number) => `Carrinho com ${count} ${count === 1 ? 'produto' : 'produtos'}`,
  cartEmpty: 'Carrinho vazio',
  add: S.add,
  addNamed: (name: string) => `Adicionar ${name}`,
  inStock: (stock: number) => `${stock} em estoque`,
  noImage: 'Sem imagem',
  outOfStock: 'Sem estoque',
  inCart: (quantity: number) => `${quantity} no carrinho`,
  productsFound: 'Produtos encontrados',
  // Quantity dialog (section 2)
  quantityTitle: S.quantityTitle,
  available: 'Quantidade disponível',
  selected: 'Quantidade selecionada',
  minus: 'Diminuir quantidade',
  plus: 'Aumentar quantidade',
  cancel: 'Cancelar',
  /** A product already in the cart: the dialog sets its line (issue 35 §7). */
  alreadyInCart: (quantity: number) => `No carrinho: ${quantity}. A quantidade escolhida substitui esta.`,
  setQuantity: 'Atualizar carrinho',
  // Step 3 (section 2)
  cartOf: S.cartTitle,
  quantity: 'Quantidade',
  cartItems: 'Produtos no carrinho',
  totalPrice: 'Preço total',
  remove: (name: string) => `Remover ${name} do carrinho`,
  emptyCart: 'O carrinho está vazio.',
  delivery: S.delivery,
  warranty: S.warranty,
  fastDelivery: S.fastDelivery,
  payment: S.paymentMethods,
  deliveryOptions: DELIVERY_TYPE_LABELS,
  /** Section 9: delivery departures. */
  /** The shop's week in words (`describeDepartures`: 'segunda a sexta às 10:40 e às 14:10; sábado às 12:00'). */
  departures: (week: string) => `Saídas do motoboy: ${week}.`,
  nextDeparture: (when: string) => `Próxima saída: ${when}`,
  withWarranty: 'Com garantia',
  withWarrantyPercent: (percentage: number) =>
    `Com garantia (${percentage.toLocaleString('pt-BR', { maximumFractionDigits: 2 })}%)`,
  noWarranty: S.warrantyUnavailable,
  noFastDelivery: S.fastDeliveryUnavailable,
  withoutWarranty: 'Sem garantia',
  withFastDelivery: 'Com entrega rápida',
  withoutFastDelivery: 'Sem entrega rápida',
  fastDeliveryNeedsMotoboy: S.fastDeliveryPickup,
  paymentOptions: {
    ...(Object.fromEntries(SELLING_PAYMENT_OPTIONS.map((o) => [o.value, o.label])) as Record<
      SellingPaymentOption,
      string
    >),
    /** Issue 40 §1: only for a customer with a credit limit and plans. */
    credit: PAYMENT_METHOD_LABELS.CREDIT,
  },
  /** 'A prazo' (issue 40 §1): the customer's plan and what his limit means. */
  creditTerms: 'Prazo',
  creditChooseTerms: 'Escolha um dos prazos liberados para o cliente.',
  creditLimit: (limit: string) =>
    `Limite de crédito do cliente: ${limit}. Se a venda, somada ao que ele já deve, passar do limite, ela aguarda a aprovação de um gerente.`,
  /** Issue 54 §6: what he owes on credit already, beside his limit. */
  creditLimitOwed: (limit: string, owed: string) =>
    `Limite de crédito do cliente: ${limit}; ele já deve ${owed}. Se a venda, somada ao que ele já deve, passar do limite, ela aguarda a aprovação de um gerente.`,
  proof: 'Comprovante de depósito',
  cardCharge: 'Quando cobrar o cartão',
  cardNow: 'Cobrar agora na maquininha da loja',
  cardOnDelivery: 'Levar maquininha (cobrar na entrega ou na retirada)',
  cardOnDeliveryHelp: 'O motoboy leva a maquininha e cobra o total na entrega; na retirada, cobre no balcão.',
  cardIncomplete: 'Informe NSU e código de autorização do comprovante da maquininha para finalizar.',
  /** A Pix split at the sale: a Pix part now, the rest by card at the door (decision 0042's amendment). */
  pixSplit: 'Dividir: parte no cartão na entrega ou na retirada (levar maquininha)',
  pixSplitAmount: 'Valor no cartão',
  pixSplitHelp: (pix: string) => `O cliente paga ${pix} agora pelo Pix e o resto no cartão, na entrega.`,
  pixSplitInvalid: 'Informe um valor no cartão maior que zero e menor que o total.',
  pixOfPart: (amount: string) => `Pix de ${amount} (parte do pedido):`,
  changeForLabel: S.changeForLabel,
  changeForHelp: S.changeForHelp,
  payWithPix: 'O cliente paga com o Pix do pedido: o pagamento é confirmado quando o banco avisar.',
  required: 'obrigatório',
  chooseProof: 'Escolher imagem',
  changeProof: 'Trocar imagem',
  proofMissing: 'Anexe a imagem do comprovante para finalizar o pedido.',
  proofInvalid: 'O arquivo escolhido não é uma imagem.',
  pixTitle: 'Pix para o valor total',
  pixAmount: (amount: string) => `Valor: ${amount}`,
  pixUnavailable:
    'Sem código Pix para este pedido: cadastre uma chave Pix ativa e o nome e a cidade do recebedor em Configurações.',
  cannotBuy: (name: string) => S.customerNotApproved(name),
  // 'Consumidor final' and 'Cadastrar cliente' at the counter (issue 38 §1, decision 0040)
  walkIn: W.name,
  walkInHint: 'Venda no balcão sem cadastro: somente retirada na loja.',
  walkInFailed: 'Não foi possível iniciar a venda para consumidor final. Tente novamente.',
  walkInPickupOnly: W.pickupOnly,
  /** A counter customer without an address (decision 0073): pickup only until it is completed in Clientes. */
  deliveryNeedsAddress: S.deliveryNeedsAddress,
  noteSection: 'Nota fiscal do consumidor',
  noteDocument: 'CPF/CNPJ na nota (opcional)',
  noteDocumentHelp: 'Para a nota fiscal do consumidor; deixe em branco se ele não pedir.',
  noteDocumentInvalid: W.noteDocumentInvalid,
  counterActions: 'Atalhos do balcão',
  sellToExisting: 'Vender para este cliente',
  itemArchived: 'Produto arquivado: remova-o para finalizar.',
  itemAboveStock: (stock: number) =>
    stock === 0 ? 'Sem estoque: remova-o para finalizar.' : `Só há ${stock} em estoque.`,
  subtotal: 'Produtos',
  shipping: 'Frete',
  warrantyTotal: 'Garantia',
  fastDeliveryTax: 'Taxa de entrega rápida',
  total: 'Total',
  backToProducts: S.backToProducts,
  finish: S.finishOrder,
  sending: 'Enviando pedido',
  // Step 4 (section 2)
  completed: S.orderDone,
  /** Under it, what is still due and how (issue 35 §8; the rule: the contract's `paymentDue`). */
  due: {
    cash: (amount: string) => `A receber na entrega: ${amount} em dinheiro`,
    cashAtPickup: (amount: string) => `A receber na retirada: ${amount} em dinheiro`,
    card: (amount: string) => `A receber na entrega: ${amount} no cartão (levar maquininha)`,
    cardAtPickup: (amount: string) => `A receber na retirada: ${amount} no cartão`,
    pix: (amount: string) => `Pix aguardando pagamento: ${amount}`,
    /** A Pix part now, the rest by card at the door or the counter. */
    split: (pix: string, card: string) =>
      `Pix aguardando pagamento: ${pix}; a receber na entrega: ${card} no cartão (levar maquininha)`,
    transfer: (amount: string) => `Depósito aguardando comprovante: ${amount}`,
    inReview: (payment: string, amount: string) => `${payment} de ${amount}: comprovante em conferência`,
    /** A sale on credit (issue 40 §1): 'Venda a prazo em 30/60/90 dias.'; nothing is collected on delivery. */
    credit: CREDIT_SALE_TEXTS.placed,
    creditWithoutTerms: COURIER_PAYMENT_TEXTS.credit,
    /** The courier's words, as on his card and the run sheet: 'Pago (Pix): nada a receber'. */
    paid: COURIER_PAYMENT_TEXTS.paid,
  },
  /** A sale on credit held for a manager (status 17, issue 40 §1). */
  creditHeldTitle: ORDER_STATUS_LABELS[ORDER_STATUS.AGUARDANDO_APROVACAO_CREDITO],
  creditHeld:
    'A venda espera um gerente aprovar o crédito (acima do limite do cliente ou com parcela em atraso): só então o pedido segue para o estoque.',
  orderCode: 'Código do pedido',
  copyCode: S.copyCode,
  codeCopied: S.codeCopied,
  goToOrders: S.goToOrders,
  newSale: 'Nova venda',
  // Section 8
  added: S.productAdded,
  addFailed: S.addToCartFailed,
  // Issue 17 §6: a product added by scanning its box
  scanLabel: 'Escanear o código de barras de um produto',
  scannedAdded: (name: string) => `${name}: 1 unidade adicionada ao carrinho.`,
  orderFailed: S.orderFailed,
  cartFailed: S.cartLoadFailed,
  removeFailed: S.addToCartFailed,
  changed: S.cartChanged,
  /** A cart line's quantity field (issue 35 §7). */
  quantityOf: (name: string) => `Quantidade de ${name}`,
  minusOf: (name: string) => `Diminuir a quantidade de ${name}`,
  plusOf: (name: string) => `Aumentar a quantidade de ${name}`,
  genericError: 'Ocorreu um erro. Tente novamente mais tarde.',
  // ---------- discounts (issue 38 §3) ----------
  orderDiscount: 'Desconto no pedido',
  orderDiscountHelp: 'Sobre os produtos (depois dos descontos por item); não vale para frete nem garantia.',
  lineDiscountOf: (name: string) => `Desconto em ${name}`,
  lineDiscountShort: 'Desconto',
  discountTotal: 'Desconto',
  lineAfterDiscount: (discount: string, total: string) => `− ${discount} = ${total}`,
  maxDiscount: (max: string) => `Seu desconto máximo: ${max} %.`,
  maxDiscountNone: 'Sua regra não permite dar desconto.',
  maxDiscountUnlimited: 'Sem limite de desconto (acesso total).',
  // ---------- a manager's approval (decision 0045) ----------
  askApproval: DISCOUNT_APPROVAL_TEXTS.ask,
  approvalPending: DISCOUNT_APPROVAL_TEXTS.pending,
  approvalApproved: DISCOUNT_APPROVAL_TEXTS.approved,
  approvalRefused: DISCOUNT_APPROVAL_TEXTS.refused,
  approvalHelp: 'Um gerente com desconto máximo maior aprova pelo sino; a venda espera aqui, nada fica reservado.',
  approvalFailed: 'Não foi possível pedir a aprovação. Tente novamente.',
} as const;
