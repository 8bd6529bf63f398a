import {
  type FinalOrderCommand,
  ORDER_ACTION_LABELS,
  ORDER_EDIT_TEXTS,
  ORDER_REFUND_TEXTS,
  ORDER_TEXTS,
  PAYMENT_TEXTS,
  SELLING_TEXTS,
} from '@backoffice/contract';

/**
 * Portuguese texts of /admin/orders (spec section 2, Orders, and section 8). The success and error
 * messages are the contract's `ORDER_TEXTS` (section 8 verbatim), so the API and the screen agree.
 */
export const ORDERS_PAGE_TEXTS = {
  title: 'Pedidos',
  refresh: 'Atualizar pedidos',
  cards: 'Pedidos por status',
  /** A stage's heading: its name and how many orders its cards hold. */
  stage: (label: string, total: number) => `${label} · ${total.toLocaleString('pt-BR')}`,
  /**
   * A Pix the bank confirmed waits for a click ('Pix automático' off, issue 35 §4): the chip of the order's row
   * and the line of its status card.
   */
  pixWaiting: { chip: PAYMENT_TEXTS.waitingChip, card: PAYMENT_TEXTS.waitingCard },
  filter: {
    label: 'Filtrar pedidos',
    customer: 'Cliente (nome, e-mail, documento ou telefone)',
    from: 'Feitos de',
    to: 'Até',
    apply: 'Filtrar',
    clear: 'Limpar filtro',
    active: 'As quantidades e a lista mostram só os pedidos do filtro.',
    reversed: ORDER_TEXTS.periodReversed,
    none: 'Nenhum pedido encontrado com este filtro.',
  },
  noOrders: 'Nenhum pedido cadastrado.',
  search: {
    label: 'Código do pedido',
    button: 'Buscar',
    required: 'Informe o código do pedido.',
    result: (code: string) => `Resultado da busca: ${code}`,
    clear: 'Limpar busca',
  },
  table: {
    label: 'Pedidos',
    title: (status: string) => `Pedidos: ${status}`,
    empty: ORDER_TEXTS.emptyStatus,
    columns: {
      customer: 'Cliente',
      updatedAt: 'Atualizado em',
      code: 'Código',
      status: 'Status',
      typeOfDelivery: 'Tipo de entrega',
      deliverer: 'Motoboy',
      payment: 'Pagamento',
      /** Only in relatorio.csv (issue 38): the table keeps section 7's columns. */
      paymentParts: 'Partes do pagamento',
    },
  },
  actions: {
    deliverer: 'Alterar Motoboy',
    edit: 'Editar pedido',
    discount: 'Desconto',
    invoice: 'Nota fiscal',
    approve: 'Aprovar/Reprovar',
    credit: 'Crédito',
    finalize: 'Finalizar pedido',
    signature: 'Assinatura',
    cancel: 'Cancelar pedido',
    withdraw: 'Retirando',
    history: 'Histórico',
    changes: 'Histórico de alterações',
    details: 'Ver pedido',
    receipt: 'Comprovante',
    packaging: 'Embalagem',
    pdf: 'PDF',
  },
  approve: {
    title: (code: string) => `Aprovar ou reprovar o pedido ${code}`,
    text: 'Confira o comprovante de pagamento antes de decidir.',
    approve: 'Aprovar',
    refuse: 'Reprovar',
    close: 'Fechar',
    receipt: 'Comprovante de pagamento',
    loading: 'Carregando comprovante…',
    endToEndHelp: 'Opcional: o ID impresso no comprovante (começa com E, 32 caracteres).',
    paidBy: (bank: string, when: string) => `Pago pelo ${bank} em ${when}.`,
    customerTotal: (customer: string, payment: string, total: string) => `${customer} · ${payment} · ${total}`,
  },
  /** A sale on credit held for approval (issue 40 §1): the manager's decision, with its reason. */
  credit: {
    title: (code: string) => `Aprovação de crédito — pedido ${code}`,
    customer: 'Cliente',
    total: 'Total',
    payment: 'Pagamento',
    why: 'Por que aguarda aprovação',
    /** Issue 54 §6: what he owes on credit (this sale included) beside his limit, and each reason it waits. */
    owed: 'Deve a prazo',
    limit: 'Limite',
    overdueReason: (days: number, block: number) =>
      `Cliente com parcela em atraso de ${days} ${days === 1 ? 'dia' : 'dias'} (bloqueio acima de ${block}).`,
    overLimitReason: (owed: string, limit: string) =>
      `Acima do limite: com esta venda o cliente deve ${owed}, o limite é ${limit}.`,
    loadingWhy: 'Carregando o histórico…',
    reasonHelp: 'Obrigatório: por que o crédito foi aprovado ou negado (fica no histórico do pedido).',
    text: 'Aprovado, o pedido segue para o estoquista; reprovado, vai para Reprovados e as mercadorias voltam ao estoque.',
    approve: ORDER_ACTION_LABELS.approveCredit,
    refuse: ORDER_ACTION_LABELS.refuseCredit,
    close: 'Fechar',
  },
  /**
   * The confirmation of each final move (the contract's FINAL_ORDER_COMMANDS, decision 0036): its title, what
   * happens to the order (customer and total), why it is asked ('Motivo' goes to the order's history) and its button.
   */
  finalMove: {
    reason: 'Motivo',
    back: 'Voltar',
    final: 'Não é possível desfazer.',
    refuse: {
      title: (code: string) => `Reprovar o pedido ${code}`,
      text: (customer: string, total: string) =>
        `O pedido de ${customer} (${total}) vai para Reprovados e as mercadorias voltam ao estoque.`,
      reasonHelp: 'Por que o comprovante foi reprovado (fica no histórico do pedido).',
      confirm: 'Reprovar pedido',
      danger: true,
    },
    finalize: {
      // The spec's words for finishing an order (section 2, Orders); what it does is said under them.
      title: () => 'Confirma a operação?',
      text: (customer: string, total: string, code: string) =>
        `Finalizar o pedido ${code}: o pedido de ${customer} (${total}) vai para Finalizados.`,
      reasonHelp: 'Por exemplo: entregue e conferido pelo cliente (fica no histórico do pedido).',
      confirm: 'Finalizar pedido',
      danger: false,
    },
    /** A cash order handed over at the counter (decision 0075): what to receive, into whose drawer. */
    receiveCash: (amount: string) => `Receber ${amount} em dinheiro: entra no seu caixa aberto.`,
    openCash: 'Abrir caixa',
    openCashHint: "Abra o seu caixa em 'Caixa' e finalize de novo.",
    refuseCredit: {
      title: (code: string) => `Reprovar a venda a prazo ${code}`,
      text: (customer: string, total: string) =>
        `O pedido a prazo de ${customer} (${total}) vai para Reprovados e as mercadorias voltam ao estoque.`,
      reasonHelp: 'Por que o crédito foi negado (fica no histórico do pedido).',
      confirm: 'Reprovar venda a prazo',
      danger: true,
    },
    cancel: {
      title: (code: string) => `Cancelar o pedido ${code}`,
      text: (customer: string, total: string) =>
        `O pedido de ${customer} (${total}) vai para Cancelado e as mercadorias voltam ao estoque.`,
      reasonHelp: 'Por que o pedido foi cancelado (fica no histórico do pedido).',
      confirm: 'Cancelar pedido',
      danger: true,
    },
  } satisfies Record<
    FinalOrderCommand,
    {
      title: (code: string) => string;
      text: (customer: string, total: string, code: string) => string;
      reasonHelp: string;
      confirm: string;
      danger: boolean;
    }
  > & {
    reason: string;
    back: string;
    final: string;
    receiveCash: (amount: string) => string;
    openCash: string;
    openCashHint: string;
  },
  /** Issue 38 §5 (decision 0044): an order changed before separation. */
  edit: {
    title: (code: string) => `Editar pedido ${code}`,
    text: 'Altere as quantidades, remova ou adicione produtos, a entrega, a garantia e a forma de pagamento. Produtos novos entram ao preço do nível do cliente hoje; os que ficam mantêm o preço e o desconto por unidade. O novo total é calculado pelo servidor.',
    lines: 'Produtos do pedido',
    quantity: 'Qtd.',
    quantityOf: (name: string) => `Quantidade de ${name}`,
    remove: (name: string) => `Remover ${name}`,
    added: 'novo',
    search: 'Adicionar produto',
    searchHelp: 'Busque por nome, código, marca ou referência (ao menos 2 letras).',
    searchUnavailable: 'Não foi possível buscar produtos para este cliente.',
    results: 'Produtos encontrados',
    noResults: 'Nenhum produto encontrado.',
    stock: (stock: number) => `estoque ${stock}`,
    add: 'Adicionar',
    addNamed: (name: string) => `Adicionar ${name}`,
    delivery: 'Entrega',
    motoboy: 'Motoboy',
    pickup: 'Retirada na loja',
    fast: SELLING_TEXTS.fastDelivery,
    warranty: SELLING_TEXTS.warranty,
    payment: ORDER_EDIT_TEXTS.paymentLabel,
    paymentOptions: ORDER_EDIT_TEXTS.paymentOptions,
    changeFor: SELLING_TEXTS.changeForLabel,
    changeForHelp: SELLING_TEXTS.changeForHelp,
    changeForInvalid: SELLING_TEXTS.changeForInvalid,
    /** A transfer is not offered: its proof comes with the sale (decision 0044). */
    paymentHelp: 'Só antes de qualquer pagamento. Depósito não: o comprovante vem com a venda.',
    movesTo: ORDER_EDIT_TEXTS.movesTo,
    /** The confirmed payment above the new total: a refund to record (decision 0044). */
    willRefund: ORDER_REFUND_TEXTS.willOwe,
    empty: 'O pedido precisa de ao menos um produto. Para desistir da venda, cancele o pedido.',
    figures: (goods: string, delivery: string, warranty: string, discount: string) =>
      `Produtos ${goods} · Entrega ${delivery} · Garantia ${warranty} · Desconto ${discount}`,
    newTotal: (total: string, previous: string) => `Novo total: ${total} (antes ${previous})`,
    previewFailed: 'Não foi possível calcular o novo total, tente novamente.',
    submit: 'Salvar alterações',
    close: 'Cancelar',
    loading: 'Carregando o pedido…',
    saved: ORDER_EDIT_TEXTS.edited,
    failed: 'Não foi possível alterar o pedido, tente novamente mais tarde.',
  },
  /** Issue 38 §3: the discount of an order not yet separated nor paid. */
  discount: {
    title: (code: string) => `Desconto do pedido ${code}`,
    text: (current: string) =>
      `Desconto atual: ${current}. O que for informado aqui substitui os descontos do pedido (por item e no pedido).`,
    item: (quantity: number, name: string, price: string) => `${quantity} × ${name} (${price})`,
    lineDiscount: 'Desconto no item',
    orderDiscount: 'Desconto no pedido',
    newTotal: (total: string) => `Novo total: ${total}`,
    submit: 'Salvar desconto',
    close: 'Cancelar',
    loading: 'Carregando o pedido…',
    failed: 'Não foi possível alterar o desconto, tente novamente mais tarde.',
  },
  deliverer: {
    title: 'Alterar Motoboy',
    field: 'Motoboy',
    current: (name: string | null) => `Motoboy atual: ${name ?? 'nenhum'}`,
    confirm: 'Confirmar',
    cancel: 'Cancelar',
    loading: 'Carregando motoboys…',
  },
  withdraw: {
    title: 'Alterar pedido para retirando',
    text: (code: string) => `O motoboy retira o pedido ${code} na loja e sai para a entrega.`,
    confirm: 'Confirmar',
    cancel: 'Cancelar',
  },
  history: {
    title: (code: string, total: string) => `Histórico do pedido ${code} (${total})`,
    entry: (user: string, status: string) => `${user} alterou o status do pedido para ${status}`,
    list: 'Alterações de status',
    loading: 'Carregando histórico…',
  },
  images: {
    receipt: 'Visualização do Comprovante',
    signature: 'Assinatura do cliente',
    packaging: 'Imagens da embalagem',
    loading: 'Carregando…',
    receiptName: (code: string) => `Comprovante do pedido ${code}`,
    signatureName: (code: string) => `Assinatura do pedido ${code}`,
    packagingName: (code: string, n: number) => `Embalagem ${n} do pedido ${code}`,
  },
  pdf: {
    title: (code: string) => `Pedido ${code} (PDF)`,
    frame: (code: string) => `PDF do pedido ${code}`,
    close: 'Fechar Pdf',
    download: 'Baixar',
    print: 'Imprimir',
    building: 'Gerando o PDF…',
    failed: 'Não foi possível gerar o PDF do pedido, tente novamente mais tarde.',
    fileName: (code: string) => `pedido-${code}.pdf`,
  },
  generic: 'Ocorreu um erro. Tente novamente mais tarde.',
} as const;
