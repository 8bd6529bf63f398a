import { ORDER_TEXTS as API_ORDER_TEXTS, ORDER_ACTION_LABELS } from '@backoffice/contract';

/**
 * Portuguese texts of "Minhas tarefas" (the stocker's and the courier's phone screen). Section 8 of the
 * spec where it has them ('Pedido alterado com sucesso.', 'Não foi possível alterar o pedido…'); the
 * workflow's action labels from the contract; our wording for the rest.
 */
export const FIELD_TEXTS = {
  title: 'Minhas tarefas',
  tabs: { packing: 'Separação', delivery: 'Entregas' },
  tabsLabel: 'Tipo de tarefa',
  refresh: 'Atualizar',
  loadFailed: 'Não foi possível carregar as suas tarefas, tente novamente mais tarde.',
  retry: 'Tentar novamente',
  noKinds: 'A sua função não tem tarefas de separação ou de entrega.',
  empty: {
    packing: 'Nenhum pedido para separar no momento.',
    delivery: 'Nenhuma entrega para você no momento.',
  },
  count: (total: number) => (total === 1 ? '1 pedido' : `${total} pedidos`),
  pagination: 'Páginas de tarefas',
  success: API_ORDER_TEXTS.changed,
  failure: API_ORDER_TEXTS.changeFailed,
  fast: 'Entrega imediata',
  pickup: 'Retirada na loja',
  items: 'Itens para separar',
  itemLine: (quantity: number, name: string) => `${quantity} × ${name}`,
  stocker: (name: string) => `Separando: ${name}`,
  deliverer: (name: string) => `Motoboy: ${name}`,
  customer: 'Cliente',
  address: 'Endereço',
  neighborhood: 'Bairro',
  phone: 'Telefone',
  call: (phone: string) => `Ligar para ${phone}`,
  total: 'Valor Total',
  /** Cash is paid to the courier on delivery; a transfer or Pix was paid before. */
  collect: 'receber na entrega',
  /** A cash order part-paid already (a card part at the shop): the rest in cash (`cashToCollect`). */
  collectRest: (amount: string) => `receber ${amount} em dinheiro`,
  /** A card charged at the door (issue 38). */
  /** The card's amount at the door: the total less the parts already paid (`cardToCollect`). */
  collectByCard: (amount: string) => `receber ${amount} no cartão (maquininha)`,
  /** A transfer or Pix paid before the order left (`paymentDue`, as the run sheet says it). */
  nothingToCollect: 'nada a receber',
  changeFor: (note: string, change: string) => `Troco para ${note}: levar ${change} de troco`,
  openMap: 'Abrir no mapa',
  openMapLabel: (address: string) => `Abrir no mapa: ${address}`,
  payment: 'Pagamento',
  comments: 'Observações',
  notAvailable: 'N/A',
  offline: {
    /** The banner while moves wait on the phone for the connection (issue 19 §5). */
    waiting: (count: number) =>
      count === 1 ? 'Sem conexão — 1 tarefa aguardando envio' : `Sem conexão — ${count} tarefas aguardando envio`,
    queued: 'Sem conexão: a tarefa ficou guardada no celular e será enviada quando a conexão voltar.',
    /** A try answered by a server error (a 5xx: the database failing over): the move waits on the phone too. */
    waitingServer: (count: number) =>
      count === 1
        ? 'Servidor indisponível — 1 tarefa aguardando envio'
        : `Servidor indisponível — ${count} tarefas aguardando envio`,
    queuedServerError:
      'O servidor não respondeu: a tarefa ficou guardada no celular e será enviada assim que ele voltar.',
    nextTry: (time: string) => `Nova tentativa automática às ${time}.`,
    sent: (count: number) => (count === 1 ? '1 tarefa enviada.' : `${count} tarefas enviadas.`),
    refused: (count: number) =>
      count === 1 ? '1 tarefa foi recusada pelo servidor.' : `${count} tarefas foram recusadas pelo servidor.`,
    refusedItem: (code: string, message: string) => `${code}: ${message}`,
    sendFailed: 'Não foi possível enviar a tarefa.',
    sendNow: 'Enviar agora',
    queuedChip: 'Aguardando envio',
    /** A refused move: its signature and photos stay on the phone until the courier decides. */
    refusedKept: 'A assinatura, as fotos e a observação continuam guardadas no celular.',
    retry: 'Tentar de novo',
    discard: 'Descartar',
    discardConfirm: (code: string) =>
      `Descartar a tarefa do pedido ${code}? A assinatura, as fotos e a observação guardadas no celular serão apagadas.`,
    snapshot: (when: string) => `Sem conexão: estas são as tarefas carregadas em ${when}.`,
  },
  actions: {
    startPreparation: ORDER_ACTION_LABELS.startPreparation,
    pack: 'Finalizar embalagem',
    withdraw: 'Retirar pedido',
    deliver: 'Entregar',
    customerAbsent: ORDER_ACTION_LABELS.customerAbsent,
  },
  withdrawConfirm: (code: string) => `Confirma a retirada do pedido ${code} na loja?`,
  pack: {
    title: (code: string) => `Embalagem do pedido ${code}`,
    hint: 'Tire uma ou mais fotos do pacote fechado, com a etiqueta visível.',
    take: 'Tirar foto',
    more: 'Adicionar foto',
    photo: (n: number) => `Foto ${n} da embalagem`,
    remove: (n: number) => `Remover foto ${n}`,
    next: (label: string) => `Depois: ${label}`,
    submit: 'Concluir embalagem',
    required: API_ORDER_TEXTS.packagingPhotosRequired,
    tooMany: API_ORDER_TEXTS.packagingPhotosTooMany,
    unreadable: 'Não foi possível ler a foto escolhida. Tire a foto novamente.',
    reading: 'Preparando as fotos…',
    units: {
      title: 'IMEIs dos aparelhos',
      hint: 'Digite ou leia o IMEI de cada aparelho que vai na caixa (15 dígitos, na etiqueta da caixa).',
      label: (name: string, n: number, total: number) =>
        total === 1 ? `IMEI: ${name}` : `IMEI ${n} de ${total}: ${name}`,
      invalid: 'IMEI inválido (dígito verificador não confere).',
      incomplete: 'O IMEI tem 15 dígitos.',
      repeated: 'IMEI repetido nesta embalagem.',
      required: 'Informe o IMEI de cada aparelho que vai na caixa.',
    },
  },
  deliver: {
    title: (code: string) => `Entrega do pedido ${code}`,
    hint: 'Peça ao cliente para assinar no quadro abaixo com o dedo.',
    pad: 'Quadro de assinatura do cliente',
    clear: 'Limpar',
    submit: 'Confirmar entrega',
    required: API_ORDER_TEXTS.signatureRequired,
    /** Who received it, written with the signature (the run sheet's 'Recebido por', decision 0039). */
    receiverName: 'Recebido por (nome)',
    receiverNameRequired: API_ORDER_TEXTS.receiverNameRequired,
    receiverDocument: 'Documento (CPF ou RG, opcional)',
    receiverDocumentInvalid: API_ORDER_TEXTS.receiverDocumentInvalid,
    /** 'Levar maquininha': the machine's receipt the courier types (decision 0042's amendment). */
    cardTitle: (amount: string) => `Levar maquininha: ${amount} no cartão`,
    cardWithReceipt: 'Cobrei na maquininha: registrar o comprovante',
    cardReceiptIncomplete: 'Preencha o comprovante da maquininha: NSU (só números) e código de autorização.',
    cardLater: 'Sem o comprovante, a loja registra o pagamento no cartão depois.',
  },
  absent: {
    title: (code: string) => `Cliente ausente: pedido ${code}`,
    hint: 'O pedido volta para a loja e aguarda o cliente.',
    comment: 'Observação (opcional)',
    submit: 'Confirmar ausência',
  },
  cancel: 'Cancelar',
} as const;
