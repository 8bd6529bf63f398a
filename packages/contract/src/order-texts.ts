import { ORDER_LIMITS } from './order-limits';

/*
 * The orders' Portuguese texts, free of schemas: the field screens read them without loading the order
 * schemas nor zod (decision 0026). `orders-api.ts` re-exports them.
 */

/**
 * Portuguese texts of the orders API and, later, of the orders screen (section 8 of the spec, exact
 * where the spec quotes them; our wording where it says only "tente novamente mais tarde").
 */
export const ORDER_TEXTS = {
  // Success (section 8).
  approvedOrRefused: 'Pedido aprovado/reprovado com sucesso.',
  cancelled: 'Pedido cancelado com sucesso.',
  changed: 'Pedido alterado com sucesso.',
  delivererChanged: 'Motoboy alterado com sucesso.',
  finalized: 'Pedido finalizado com sucesso.',
  // Failures (section 8).
  finalizeFailed: 'Não foi possível finalizar o pedido, tente novamente mais tarde.',
  notFoundByCode: 'Não foi possível encontrar o pedido com o código informado.',
  approveFailed: 'Não foi possível aprovar/reprovar o pedido, tente novamente mais tarde.',
  cancelFailed: 'Não foi possível cancelar o pedido, tente novamente mais tarde.',
  delivererChangeFailed: 'Não foi possível alterar o motoboy, tente novamente mais tarde.',
  changeFailed: 'Não foi possível alterar o pedido, tente novamente mais tarde.',
  // Empty views (section 2).
  emptyStatus: 'Não existem pedidos para serem exibidos neste status.',
  noHistory: 'Não foi encontrado nenhum registro de histórico para o pedido selecionado.',
  noReceipt: 'Não foi gerado nenhum recibo para este pedido até o momento.',
  noSignature: 'Não foi registrada nenhuma assinatura para o pedido.',
  noPackagingImages: 'Não foi gerada nenhuma imagem da embalagem para o pedido até o momento.',
  // Validation (section 5) and our rules.
  commentRequired: 'Preencha o campo',
  /** A 'changePayment' move asked without the new method: only 'Editar pedido' (PATCH /orders/{id}) makes it. */
  paymentChangeByEdit: "A forma de pagamento só muda em 'Editar pedido', antes da separação.",
  notARepairBill: 'Só a conta de um reparo vai ao balcão sem separação.',
  delivererRequired: 'Informe o motoboy',
  orderIdInvalid: 'Informe um pedido válido.',
  statusInvalid: 'Status de pedido inválido.',
  pageInvalid: 'Página inválida.',
  itemsInvalid: `Informe de 1 a ${ORDER_LIMITS.maxPageSize} pedidos por página.`,
  codeRequired: 'Informe o código do pedido.',
  dayInvalid: 'Data inválida: use uma data real no formato AAAA-MM-DD.',
  periodReversed: 'A data final deve ser igual ou posterior à data inicial.',
  searchTooLong: `Busque com no máximo ${ORDER_LIMITS.maxSearch} caracteres.`,
  expectedUpdatedAtInvalid: 'Data da última alteração do pedido inválida.',
  commentTooLong: `O texto pode ter no máximo ${ORDER_LIMITS.maxComment} caracteres.`,
  notFound: 'Pedido não encontrado.',
  packagingPhotosRequired: 'Envie ao menos uma foto da embalagem.',
  packagingPhotosTooMany: `Envie no máximo ${ORDER_LIMITS.maxPackagingPhotos} fotos da embalagem.`,
  signatureRequired: 'Colete a assinatura do cliente.',
  receiptRequired: 'Envie a imagem do comprovante.',
  moveKeyReused: 'Esta chave (Idempotency-Key) já foi usada em outra operação.',
  pixNotReceived: 'Nenhum Pix recebido do banco com o valor deste pedido.',
  imageInvalid: 'A imagem enviada não é uma imagem válida (use JPEG ou PNG).',
  imageTooLarge: 'A imagem enviada é grande demais (máximo de 4 MB).',
  delivererNotCourier: 'O funcionário escolhido não é um motoboy ativo.',
  delivererSame: 'Este motoboy já é o responsável pelo pedido.',
  noDelivererForWithdraw: 'Associe um motoboy ao pedido antes de alterá-lo para retirando.',
  refusedDefaultNote: 'Comprovante de pagamento reprovado.',
  absentDefaultNote: 'Cliente ausente: o pedido voltou para a loja.',
  /** The order changed since the screen read it (the status or the time the client sent no longer match). */
  stale: (statusLabel: string) =>
    `Este pedido foi alterado por outra pessoa enquanto você o via (agora está em "${statusLabel}"). Atualize a lista e tente novamente.`,
  /** The action does not exist from the order's current status. */
  transitionRefused: (actionLabel: string, statusLabel: string) =>
    `Não é possível "${actionLabel}" um pedido que está em "${statusLabel}".`,
  statusUnchanged: (statusLabel: string) => `O pedido já está em "${statusLabel}".`,
  noMoveTo: (fromLabel: string, toLabel: string) =>
    `Não é possível alterar um pedido de "${fromLabel}" para "${toLabel}".`,
  functionRefused: (functionLabel: string, actionLabel: string) =>
    `A função ${functionLabel} não pode "${actionLabel}" pedidos.`,
  permissionRefused: (actionLabel: string) => `Você não tem permissão para "${actionLabel}" pedidos.`,
  deliveryMismatch: (actionLabel: string) => `"${actionLabel}" não corresponde ao tipo de entrega deste pedido.`,
  notYourDelivery: 'Este pedido está com outro motoboy.',
  delivererChangeStatus: (statusLabel: string) =>
    `O motoboy só pode ser alterado em pedidos "Aguardando motoboy" ou "Entrega imediata" (este está em "${statusLabel}").`,
  fastDelivererOnly: 'Use a troca de motoboy de entrega imediata para pedidos em "Entrega imediata".',
  normalDelivererOnly: 'A troca de motoboy de entrega imediata vale só para pedidos em "Entrega imediata".',
  useSpecificCall: (actionLabel: string) =>
    `"${actionLabel}" precisa de fotos ou assinatura: use a chamada própria desta ação.`,
  receiverNameRequired: 'Informe o nome de quem recebeu.',
  receiverNameTooLong: `O nome pode ter no máximo ${ORDER_LIMITS.maxReceiverName} caracteres.`,
  receiverDocumentInvalid: 'Documento inválido: informe o CPF ou o RG (de 5 a 14 números; o RG pode terminar em X).',
  deviceTimeInvalid: 'Data e hora do celular inválidas.',
  /** Decision 0039: a delivery's moment that cannot be true, even with the phone's clock corrected. */
  deliveryTimeInFuture: (when: string) =>
    `O horário da entrega registrado no celular (${when}) é posterior ao envio. Confira a data e a hora do celular; “Tentar de novo” registra a entrega com o horário do envio.`,
  deliveryTimeBeforeDeparture: (when: string, departed: string) =>
    `O horário da entrega registrado no celular (${when}) é anterior à saída do pedido para entrega (${departed}). Confira a data e a hora do celular; “Tentar de novo” registra a entrega com o horário do envio.`,
  deliveryTimeTooOld: (when: string) =>
    `O horário da entrega registrado no celular (${when}) tem mais de ${ORDER_LIMITS.maxDeliveryAgeDays} dias. Confira a data e a hora do celular; “Tentar de novo” registra a entrega com o horário do envio.`,
  /** History entries of an employee-less move (shop app, bank). */
  systemUser: 'Sistema',
} as const;
