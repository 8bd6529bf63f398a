/** Portuguese text of the shared order pieces (spec section 2, Orders: modals). */
export const ORDER_TEXTS = {
  /** 'Pagamentos': a used phone evaluated as part of this order's payment (issue 42 §1). */
  tradeIn: 'Avaliar aparelho usado',
  /** 'Registrar troca' / 'Registrar devolução' (issue 17 §5). */
  adjustment: {
    title: (kind: 'EXCHANGE' | 'RETURN', code: string) =>
      `${kind === 'EXCHANGE' ? 'Registrar troca' : 'Registrar devolução'} do pedido ${code}`,
    intro: (kind: 'EXCHANGE' | 'RETURN') =>
      kind === 'EXCHANGE'
        ? 'Escolha o que o cliente trouxe de volta e o que leva no lugar. A diferença de valor é calculada pelo servidor.'
        : 'Escolha o que o cliente devolveu. O valor a devolver é calculado pelo servidor.',
    quantity: (name: string, sold: number) => `Quantidade de ${name} (vendidas: ${sold})`,
    imeiOf: (imei: string) => `IMEI ${imei}`,
    replacementImei: (imei: string) => `IMEI do aparelho de reposição (no lugar de ${imei})`,
    replacementHint: 'Digite ou escaneie; pode ser de outro modelo.',
    sameProduct: 'A troca é pelo mesmo produto.',
    courier: 'Motoboy que recolheu (opcional)',
    noCourier: 'Nenhum',
    comments: 'Observações',
    nothingChosen: 'Escolha ao menos um item.',
    replacementMissing: (imei: string) => `Informe o IMEI do aparelho que substitui o ${imei}.`,
    replacementUnknown: (imei: string) => `IMEI não cadastrado: ${imei}.`,
    save: 'Registrar',
    failed: 'Não foi possível registrar, tente novamente mais tarde.',
    registered: (kind: 'EXCHANGE' | 'RETURN') =>
      kind === 'EXCHANGE' ? 'Troca registrada com sucesso.' : 'Devolução registrada com sucesso.',
    refund: (amount: string) => `Valor a devolver ao cliente: ${amount}`,
    due: (amount: string) => `Valor a receber do cliente: ${amount}`,
    noDifference: 'Sem diferença de valor.',
    line: (quantity: number, name: string, imei: string | null) =>
      `${quantity}× ${name}${imei ? ` (IMEI ${imei})` : ''}`,
    replacedBy: (name: string, imei: string | null) => ` por ${name}${imei ? ` (IMEI ${imei})` : ''}`,
  },
  notAvailable: 'N/A',
  yes: 'Sim',
  no: 'Não',
  close: 'Fechar',
  details: {
    title: (code: string) => `Detalhes do pedido ${code}`,
    loadingTitle: 'Detalhes do pedido',
    loading: 'Carregando o pedido…',
    /** The phones of a line, by IMEI, once packed. */
    imeis: (imeis: readonly string[]) => `IMEI: ${imeis.join(', ')}`,
    /** Issue 38: the line's discount (its own plus its share of the order's). */
    itemDiscount: (amount: string) => `Desconto no item: − ${amount}`,
    failed: 'Não foi possível carregar o pedido, tente novamente mais tarde.',
    pix: 'Pagamento por Pix (aguardando comprovante)',
    pixFromBank: 'Pagamento por Pix (aguardando o banco)',
    pixReceived: {
      text: (amount: string, when: string, endToEndId: string) =>
        `Pix recebido: ${amount} em ${when} (E2E ${endToEndId}).`,
      waiting: 'Aguardando a confirmação do pagamento.',
      confirm: 'Confirmar Pix recebido',
      /** The bank gave (part of) it back to the payer (decision 0032): the payment is refunded. */
      refunded: (refunded: string, amount: string, when: string, endToEndId: string) =>
        `Pix devolvido ao pagador: ${refunded} de ${amount} em ${when} (E2E ${endToEndId}). O pagamento foi estornado: confira o pedido antes de seguir.`,
    },
    rows: {
      customer: 'Cliente',
      status: 'Status do Pedido',
      total: 'Valor Total',
      shippingCost: 'Valor do Frete',
      neighborhood: 'Região de Entrega',
      payment: 'Forma de Pagamento',
      typeOfDelivery: 'Tipo de entrega',
      deliverer: 'Motoboy',
      stocker: 'Estoquista',
      comments: 'Comentários',
      hasWarranty: 'Possui Garantia?',
      /** Once delivered (decision 0039): when the customer signed, and who received it. */
      deliveredAt: 'Entregue em',
      receivedBy: 'Recebido por',
    },
    receivedBy: (name: string, document: string) => `${name} (documento ${document})`,
    /** 'Possui Garantia?' of an order that sold a seminovo with its own warranty (issue 54). */
    usedWarranty: (days: number) => `Sim (${days} dias)`,
    items: 'Itens do pedido',
    /** The lines that make up the order's total (items + freight + fast delivery + warranty − discount). */
    amounts: {
      title: 'Composição do total',
      itemsTotal: 'Itens',
      labour: (repair: number) => `Mão de obra (OS ${repair})`,
      shippingCost: 'Frete',
      fastDeliveryTax: 'Taxa de entrega rápida',
      warranty: 'Garantia',
      discount: 'Desconto',
      total: 'Total',
    },
    columns: { name: 'Produto', quantity: 'Quantidade', unitPrice: 'Preço unitário' },
    noItems: 'Nenhum item neste pedido.',
    pageRange: (from: number, to: number, count: number) => `${from}–${to} de ${count}`,
    pageButton: {
      first: 'Ir para a primeira página',
      last: 'Ir para a última página',
      next: 'Ir para a próxima página',
      previous: 'Ir para a página anterior',
    },
  },
  viewer: {
    previous: 'Anterior',
    next: 'Próxima',
    position: (index: number, total: number) => `${index} de ${total}`,
  },
} as const;
