/** Portuguese text of the shared order pieces (spec section 2, Orders: modals). */
export const ORDER_TEXTS = {
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
    failed: 'Não foi possível carregar o pedido, tente novamente mais tarde.',
    pix: 'Pagamento por Pix (aguardando comprovante)',
    pixFromBank: 'Pagamento por Pix (aguardando o banco)',
    pixReceived: {
      text: (amount: string, when: string, endToEndId: string) =>
        `Pix recebido: ${amount} em ${when} (E2E ${endToEndId}).`,
      waiting: 'Aguardando a confirmação do pagamento.',
      confirm: 'Confirmar Pix recebido',
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
    },
    items: 'Itens do pedido',
    /** The lines that make up the order's total (items + freight + fast delivery + warranty − discount). */
    amounts: {
      title: 'Composição do total',
      itemsTotal: 'Itens',
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
