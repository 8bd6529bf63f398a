import {
  BOLETO_TEXTS,
  CREDIT_TEXTS,
  DEPARTURE_TEXTS,
  PIX_KEY_TYPE_LABELS,
  type PixKeyType,
  PSP_TEXTS,
  SETTINGS_TEXTS as RULES,
  SETUP_TEXTS,
  WEEKDAY_LABELS,
} from '@backoffice/contract';

/** 'Configurações' → 'Fiscal' (issue 41 §1): its texts live in fiscal-texts.ts, offered here with the others. */
export {
  FISCAL_CERTIFICATE_TEXTS,
  FISCAL_ISSUER_TEXTS,
  FISCAL_PROFILE_TEXTS,
  FISCAL_SECTION_TEXTS,
  ICMS_CSOSN_LABELS,
  ICMS_CST_LABELS,
  PIS_COFINS_CST_LABELS,
  TAX_REGIME_OPTIONS,
} from './fiscal-texts';

export const SETTINGS_PAGE_TEXTS = {
  title: 'Configurações',
  refresh: 'Atualizar',
  companyButton: 'Configurações da Empresa',
  newPix: 'Novo PIX',
  newTransfer: 'Nova transferencia bancaria',
  tableTitle: 'Informações bancárias',
  columns: { type: 'Tipo', name: 'Nome' },
  typeLabels: { Pix: 'Pix', Transfer: 'Transferência' },
  pixTypeLabels: PIX_KEY_TYPE_LABELS,
  disabledChip: 'Desativada',
  tableEmpty: 'Não existem informações bancárias para serem exibidas.',
  notFound: 'Nenhuma informação bancária foi encontrada.',
  edit: 'Editar',
  changes: 'Histórico de alterações',
  delete: 'Deletar',
  view: 'Ver',
  /** Shown to whoever opens the page with orders but without 'Configurações bancárias' (bo:manage:settings). */
  readOnly:
    "Somente leitura: alterar as chaves Pix, as contas e as configurações da empresa exige a permissão 'Configurações bancárias'.",
  confirmDelete: 'Confirma operação?',
  // Section 8, exactly.
  bankSaved: 'Conta alterada com sucesso.',
  companySaved: 'Empresa alterada com sucesso.',
  bankRemoved: 'Informacao bancaria removida com sucesso.',
  bankSaveFailed: 'Não foi possível editar informacoes bancarias.',
  companySaveFailed: 'Não foi possível editar informações da empresa.',
  bankRemoveFailed: 'Falha ao remover informacao bancaria.',
} as const;

/** The Pix the bank tells us of (issue 18): the webhook's URL and the Pix received. */
export const PIX_WEBHOOK_TEXTS = {
  title: 'URL do webhook Pix',
  text: 'Cadastre esta URL no seu banco (API Pix, webhook da chave Pix da loja): cada Pix recebido chega aqui e, com o Pix automático ligado, confirma o pagamento do pedido.',
  copy: 'Copiar URL',
  copied: 'URL copiada',
  renew: 'Gerar nova URL',
  renewConfirm: 'A URL atual deixará de funcionar na hora. Gerar uma nova URL do webhook Pix?',
  renewed: 'Nova URL do webhook Pix criada: cadastre-a no banco.',
  renewFailed: 'Não foi possível gerar uma nova URL do webhook Pix.',
  loadFailed: 'Não foi possível carregar a URL do webhook Pix.',
} as const;

export const PIX_RECEIVED_TEXTS = {
  title: 'Pix recebidos',
  filters: { all: 'Todos', unmatched: 'Não identificados', matched: 'Identificados' },
  columns: {
    paidAt: 'Pago em',
    amount: 'Valor',
    payer: 'Mensagem do pagador',
    txid: 'txid',
    state: 'Situação',
    order: 'Pedido',
  },
  matched: 'Identificado',
  confirmed: 'Pagamento confirmado',
  waiting: 'Aguardando confirmação',
  /** The bank gave it back to the payer ('devolucoes', decision 0032). */
  refunded: (amount: string) => `Devolvido ao pagador: ${amount}`,
  empty: 'Nenhum Pix recebido.',
  match: 'Identificar',
  matchTitle: (amount: string) => `Identificar o Pix de ${amount}`,
  orderCode: 'Código do pedido',
  find: 'Buscar',
  orderFound: (code: string, customer: string, total: string, status: string) =>
    `${code} · ${customer} · ${total} · ${status}`,
  confirm: 'Identificar e confirmar o pagamento',
  cancel: 'Cancelar',
  matchedDone: 'Pix identificado e pagamento confirmado.',
  matchFailed: 'Não foi possível identificar o Pix.',
  notFound: 'Pedido não encontrado.',
} as const;

export const BANK_FORM_TEXTS = {
  titleNewPix: 'Novo PIX',
  titleNewTransfer: 'Nova transferencia bancaria',
  titleEdit: 'Editar informação bancária',
  titleView: 'Informação bancária',
  close: 'Fechar',
  fields: {
    type: 'Tipo',
    name: 'Nome',
    pixType: 'Tipo da chave',
    pixKey: 'Chave Pix',
    bank: 'Banco',
    agency: 'Agência',
    account: 'Conta',
    cnpj: 'CNPJ do titular',
    disabled: 'Desativada (fica na lista, não é usada)',
  },
  hints: {
    bank: 'Nome e código de 3 dígitos, ex.: Itaú Unibanco (341)',
    bankOptional: 'Opcional. Nome e código de 3 dígitos, ex.: Banco Inter (077)',
    agency: '4 dígitos, com dígito opcional: 0912 ou 0912-3',
    account: 'Número e dígito verificador: 45873-2',
    cnpjOptional: 'Opcional',
    pixTypeFirst: 'Escolha primeiro o tipo da chave',
  },
  /** An example of each key type, shown under the field. */
  pixKeyExamples: {
    CPF: 'Ex.: 529.982.247-25',
    CNPJ: 'Ex.: 11.222.333/0001-81 (também o CNPJ alfanumérico)',
    PHONE: 'Ex.: +55 (11) 98765-4321',
    EMAIL: 'Ex.: financeiro@empresa.com.br',
    EVP: 'Ex.: 123e4567-e89b-12d3-a456-426614174000',
  } satisfies Record<PixKeyType, string>,
  save: 'Salvar',
  cancel: 'Cancelar',
  rules: RULES,
} as const;

export const COMPANY_FORM_TEXTS = {
  title: 'Configurações da Empresa',
  companyName: 'Nome da empresa',
  cnpj: 'CNPJ',
  address: 'Endereço da empresa',
  addressHint: 'Rua, número, bairro, cidade e CEP: sai no PDF do pedido, com o nome e o CNPJ',
  pixAuto: 'Pix automático',
  pixAutoOn:
    'Ligado: o pedido Pix aguarda a confirmação do banco (Processando) e segue para o estoquista quando ela chega.',
  pixAutoOff: 'Desligado: o pedido Pix aguarda o comprovante, como uma transferência.',
  merchantName: 'Nome do recebedor Pix',
  merchantNameHint: 'Até 25 caracteres, sem acentos (vai no QR Code)',
  merchantCity: 'Cidade do recebedor Pix',
  merchantCityHint: 'Até 15 caracteres, sem acentos',
  save: 'Salvar',
  cancel: 'Cancelar',
  close: 'Fechar',
} as const;

/** 'Limites de atraso' (issue 20 §1): minutes an order may stay in a status before the bell calls it late. */
export const LATE_LIMITS_TEXTS = {
  title: 'Limites de atraso dos pedidos',
  text: 'Depois desse tempo num status, o pedido aparece como atrasado nas notificações de quem cuida dos pedidos.',
  minutes: 'Minutos',
  save: 'Salvar limites',
  saved: 'Limites de atraso salvos.',
  saveFailed: 'Não foi possível salvar os limites.',
  loadFailed: 'Não foi possível carregar os limites de atraso.',
  readOnly: 'Só quem tem a permissão de configurações bancárias altera os limites.',
} as const;

/** 'Mensagens do WhatsApp' (issue 20 §6): the message of each order status. */
export const WHATSAPP_CARD_TEXTS = {
  title: 'Mensagens do WhatsApp',
  text: 'A mensagem de cada status do pedido, enviada pelo botão "Enviar pelo WhatsApp". Os marcadores abaixo são trocados pelos dados do pedido; uma linha cujo marcador está vazio no pedido não é enviada.',
  placeholdersTitle: 'Marcadores',
  defaultChip: 'Padrão',
  edit: 'Editar',
  restore: 'Restaurar padrão',
  confirm: 'Confirma operação?',
  dialogTitle: (status: string) => `Mensagem do status "${status}"`,
  field: 'Mensagem',
  save: 'Salvar',
  cancel: 'Cancelar',
  saved: 'Mensagem salva com sucesso.',
  saveFailed: 'Não foi possível salvar a mensagem.',
  restored: 'Mensagem padrão restaurada.',
  restoreFailed: 'Não foi possível restaurar a mensagem padrão.',
  loadFailed: 'Não foi possível carregar as mensagens do WhatsApp.',
  quoteTitle: 'Orçamento',
  quoteText:
    'A mensagem enviada pelo botão "Enviar pelo WhatsApp" de um orçamento, com os marcadores do orçamento; uma linha cujo marcador está vazio (sem entrega, sem garantia) não é enviada.',
  quoteDialogTitle: 'Mensagem do orçamento',
  repairTitle: 'Ordem de serviço',
  repairText:
    'A mensagem enviada pelo botão "Enviar pelo WhatsApp" de uma ordem de serviço a cada etapa do reparo, com os marcadores da ordem; uma linha cujo marcador está vazio (sem orçamento, já entregue) não é enviada.',
  repairDialogTitle: 'Mensagem da ordem de serviço',
} as const;

/** 'Orçamentos' (issue 38 §4, decision 0043): how many days a new quote's prices hold. */
export const QUOTE_VALIDITY_TEXTS = {
  title: 'Orçamentos',
  text: 'Por quantos dias os preços de um orçamento novo ficam garantidos (contados a partir do dia em que é salvo). Os orçamentos já salvos mantêm a sua validade.',
  days: 'Validade (dias)',
  save: 'Salvar validade',
  saveFailed: 'Não foi possível salvar a validade dos orçamentos.',
  loadFailed: 'Não foi possível carregar a validade dos orçamentos.',
  readOnly: 'Só quem tem a permissão de configurações altera a validade.',
  helper: (days: number) => `Um orçamento salvo hoje vale por ${days} ${days === 1 ? 'dia' : 'dias'}.`,
} as const;

/** 'Garantia de reparo' (issue 42 §2): how many days a delivered repair is under the shop's warranty. */
export const REPAIR_WARRANTY_TEXTS = {
  title: 'Garantia de reparo',
  text: 'Por quantos dias um reparo entregue fica na garantia da loja, contados da entrega e registrados no IMEI do aparelho. Um novo reparo do mesmo aparelho nesse prazo não custa nada ao cliente.',
  days: 'Garantia (dias)',
  save: 'Salvar garantia',
  saved: 'Garantia de reparo gravada.',
  saveFailed: 'Não foi possível salvar a garantia de reparo.',
  loadFailed: 'Não foi possível carregar a garantia de reparo.',
  readOnly: 'Só quem tem a permissão Assistência técnica altera a garantia de reparo.',
  helper: (days: number) => `Um reparo entregue hoje fica ${days} ${days === 1 ? 'dia' : 'dias'} na garantia.`,
} as const;

/** 'Horários de saída' (issue 21): the couriers' week, edited in Configurações and in the first-run setup. */
export const DEPARTURES_TEXTS = {
  title: 'Horários de saída dos motoboys',
  text: 'Os horários em que os motoboys saem para entregar, em cada dia da semana (hora de São Paulo). A expedição e as vendas seguem estes horários.',
  dayHint: 'Horários separados por vírgula, ex.: 10:40, 14:10; vazio: sem saída',
  save: 'Salvar horários',
  saved: DEPARTURE_TEXTS.saved,
  saveFailed: 'Não foi possível salvar os horários de saída, tente novamente mais tarde.',
  loadFailed: 'Não foi possível carregar os horários de saída.',
  readOnly: 'Somente um administrador (Configurações bancárias) altera os horários.',
  weekdays: WEEKDAY_LABELS,
} as const;

/** 'Configuração inicial' (issue 21 §1): the first administrator's first sign-in on a shop without demo data. */
export const FIRST_RUN_TEXTS = {
  title: SETUP_TEXTS.title,
  intro:
    'Bem-vindo! Informe os dados da empresa, a primeira chave Pix, se o Pix automático fica ligado e os horários de saída dos motoboys. Você pode fazer isso depois em Configurações.',
  company: 'Empresa',
  companyName: 'Nome da empresa',
  cnpj: 'CNPJ',
  merchantCity: 'Cidade (recebedor Pix)',
  merchantCityHint: 'Até 15 caracteres, sem acentos (vai no QR Code Pix)',
  pix: 'Primeira chave Pix',
  pixType: 'Tipo da chave',
  pixKey: 'Chave Pix',
  pixKeyExists: 'Já existe uma chave Pix ativa: informar outra aqui é opcional.',
  /** Issue 35 §4: the setup asks whether the bank's Pix confirms an order by itself, and says what each choice does. */
  pixAuto: 'Pix automático',
  pixAutoQuestion:
    'Quando um cliente paga o Pix de um pedido, o banco avisa a loja. Esse aviso deve confirmar o pagamento sozinho?',
  pixAutoOn:
    'Sim, ligar: o pedido Pix aguarda o banco (Processando) e segue para o estoquista assim que o banco confirma o Pix, sem ninguém conferir.',
  pixAutoOff:
    'Não, deixar desligado: o pedido Pix aguarda o comprovante; quando o banco confirma um Pix, o sino e a lista de pedidos mostram "Pix recebido" e alguém confirma o pagamento com um clique.',
  pixAutoHint:
    'Para o banco avisar, cadastre no banco a URL do webhook Pix que aparece em Configurações. Dá para mudar depois em Configurações da Empresa.',
  pixAutoRequired: 'Escolha se o Pix automático fica ligado.',
  departures: 'Horários de saída dos motoboys',
  later: 'Fazer depois',
  finish: 'Concluir',
  done: SETUP_TEXTS.done,
  failed: 'Não foi possível concluir a configuração inicial, tente novamente mais tarde.',
  pendingAlert: 'A configuração inicial da empresa ainda não foi concluída.',
  pendingAction: 'Concluir configuração inicial',
} as const;

/** 'Backups' (issue 21 §3): the daily backup, how many are kept, the list to download, 'Fazer backup agora'. */
export const BACKUPS_CARD_TEXTS = {
  title: 'Backups',
  text: 'Uma cópia do banco de dados, com as fotos e os comprovantes, é feita todo dia no horário abaixo (horário de Brasília) e guardada na pasta backups do servidor. Baixe uma cópia de vez em quando e guarde-a fora do servidor.',
  timeOfDay: 'Horário do backup diário',
  timeHelp: 'HH:MM, de 00:00 a 23:59',
  keep: 'Quantos guardar de cada tipo',
  save: 'Salvar horário',
  saved: 'Horário dos backups salvo.',
  saveFailed: 'Não foi possível salvar o horário dos backups.',
  backupNow: 'Fazer backup agora',
  made: 'Backup feito.',
  makeFailed: 'O backup falhou.',
  loadFailed: 'Não foi possível carregar os backups.',
  lastRun: 'Último backup',
  noRun: 'Nenhum backup feito ainda.',
  succeeded: 'concluído',
  failed: 'falhou',
  nextAt: 'Próximo backup automático',
  listTitle: 'Backups guardados',
  empty: 'Nenhum backup guardado.',
  download: 'Baixar',
  downloadFailed: 'Não foi possível baixar o backup.',
  kinds: { manual: 'Manual', scheduled: 'Automático' },
  method: {
    pglite: 'Banco embutido (PGlite): cópia da pasta de dados.',
    pg_dump: 'PostgreSQL: pg_dump no formato custom (restaure com npm run restore).',
    none: '',
  },
  restoreHelp:
    'Para restaurar, com o servidor parado: npm run restore -- <arquivo>. O arquivo é conferido antes de substituir o banco; um backup criptografado pede a senha.',
  noPgDump:
    'Este servidor usa PostgreSQL e o pg_dump não está instalado nele, então o BackOffice não faz backups. Instale o cliente do PostgreSQL neste servidor (pacote postgresql-client, da mesma versão do servidor ou mais nova) ou faça o backup pelo próprio PostgreSQL: pg_dump --format=custom --file=backoffice.pgdump "$DATABASE_URL", agendado todo dia, ou os backups automáticos do seu provedor.',
} as const;

/** Why a bank cannot reach the webhook URL shown (issue 35 §10): said under 'URL do webhook Pix'. */
export const WEBHOOK_REACH_TEXTS = {
  local: (host: string) =>
    `O banco não consegue chamar este endereço: ${host} é este computador ou a rede local. Configure o endereço público do sistema (PUBLIC_URL, com https) e cadastre a URL gerada com ele.`,
  notHttps:
    'O banco só chama endereços https: configure o endereço público do sistema (PUBLIC_URL) com https e cadastre a URL gerada com ele.',
} as const;

/** 'Configurações de crédito' (issue 40 §1): when late instalments block sales on credit, and the late charges. */
export const CREDIT_SETTINGS_TEXTS = {
  title: 'Configurações de crédito',
  text: 'Vendas a prazo ficam bloqueadas para o cliente com parcela atrasada há mais dias que o informado. A multa é cobrada uma vez sobre a parcela atrasada; os juros, por dia de atraso (proporcionais ao mês).',
  blockOverdueDays: CREDIT_TEXTS.blockOverdueDays,
  fine: 'Multa (%)',
  monthlyInterest: 'Juros ao mês (%)',
  save: 'Salvar configurações de crédito',
  saved: CREDIT_TEXTS.settingsSaved,
  saveFailed: 'Não foi possível salvar as configurações de crédito.',
  loadFailed: 'Não foi possível carregar as configurações de crédito.',
} as const;

/** 'Pix Cobrança (PSP)' (issue 58 §1, decision 0094): the shop's PSP for the instalments' cobv. */
export const PSP_SETTINGS_TEXTS = {
  ...PSP_TEXTS,
  certificateFile: 'Escolher .pfx',
  loadFailed: 'Não foi possível carregar o PSP.',
  saveFailed: 'Não foi possível salvar o PSP.',
  testing: 'Testando…',
} as const;

/** 'Avaliação de usados' (issue 42 §1): the price table of used phones, the deductions per defect, the warranty. */
export const TRADE_INS_CARD_TEXTS = {
  title: 'Avaliação de usados',
  text: 'A oferta por um aparelho usado é o preço da tabela (marca, modelo e armazenamento) menos o desconto de cada defeito do checklist. O seminovo é vendido com a garantia em dias definida aqui.',
  readOnly: 'Somente quem gerencia a avaliação de usados altera a tabela e os descontos.',
  loadFailed: 'Não foi possível carregar a tabela de usados.',
  prices: 'Tabela de preços',
  brand: 'Marca',
  model: 'Modelo',
  storage: 'Armazenamento (GB)',
  storageShort: (gb: number) => `${gb} GB`,
  price: 'Preço',
  noPrices: 'Nenhum modelo na tabela.',
  remove: (phone: string) => `Remover ${phone} da tabela`,
  addPrice: 'Incluir ou trocar preço',
  priceSaved: 'Preço gravado na tabela.',
  priceSaveFailed: 'Não foi possível gravar o preço. Tente novamente.',
  priceRemoved: 'Preço removido da tabela.',
  priceRemoveFailed: 'Não foi possível remover o preço. Tente novamente.',
  confirmRemove: (phone: string) => `Remover ${phone} da tabela de preços?`,
  deductions: 'Desconto por defeito',
  warrantyDays: 'Garantia do seminovo (dias)',
  saveSettings: 'Salvar descontos e garantia',
  settingsSaved: 'Descontos e garantia gravados.',
  settingsSaveFailed: 'Não foi possível gravar os descontos. Tente novamente.',
} as const;

/** 'Tarefas do sistema' (issue 43 §1): the scheduled work, as the process that runs it left it. */
export const SYSTEM_TASKS_CARD_TEXTS = {
  title: 'Tarefas do sistema',
  text: 'O que o servidor faz sozinho, no horário: o backup diário, as notas automáticas e as que esperam a SEFAZ, as NFS-e dos reparos entregues, os resumos dos relatórios de margem e faturamento. O processo que executa as tarefas verifica cada uma a cada minuto.',
  loadFailed: 'Não foi possível carregar as tarefas do sistema.',
  names: {
    backup: 'Backup diário',
    'notes-emit': 'Notas automáticas dos pedidos entregues',
    'notes-send': 'Notas à espera da SEFAZ',
    'nfse-emit': 'NFS-e da mão de obra dos reparos entregues',
    'report-summaries': 'Resumos dos relatórios de margem e faturamento',
    'database-maintenance': 'Manutenção do banco embutido',
  },
  schedules: {
    backup: 'Todo dia, no horário dos backups',
    'notes-emit': 'A cada minuto',
    'notes-send': 'A cada 5 minutos',
    'nfse-emit': 'A cada 5 minutos',
    'report-summaries': 'A cada minuto',
    'database-maintenance': 'Toda noite, às 04:00',
  },
  upToDate: 'Em dia',
  failed: 'Falhou',
  stopped: 'Parada',
  waiting: 'Aguardando',
  checked: 'Verificada em',
  by: 'por',
  neverChecked: 'Ainda não verificada.',
  lastRun: 'Última execução',
  nextRun: 'Próxima execução',
  nothingYet: 'nenhuma ainda',
  lastFailure: 'Última falha',
  running: 'Em andamento',
  interrupted: 'Interrompido',
  runningSince: (since: string, by: string) => `Backup manual em andamento desde ${since}, por ${by}.`,
  interruptedAt: (since: string, by: string) =>
    `Backup manual iniciado em ${since} por ${by} e interrompido antes de terminar (o processo parou): nenhum arquivo foi gravado. Faça outro.`,
  counts: (runs: number, failures: number) =>
    `${runs} ${runs === 1 ? 'execução' : 'execuções'} · ${failures} ${failures === 1 ? 'falha' : 'falhas'}`,
  stale: (since: string) =>
    `Nenhum processo executa as tarefas agendadas desde ${since}: backups e notas automáticas estão parados. Com processos separados, inicie um worker (npm run serve -- --role=worker).`,
  neverRan:
    'Nenhum processo verificou as tarefas agendadas ainda. Um servidor que acaba de iniciar verifica em até um minuto; com processos separados, inicie um worker (npm run serve -- --role=worker).',
} as const;

/** 'Entrada por XML' (issue 57 §5, decision 0090): new products' level percentages and the cost's tolerance. */
export const PURCHASE_SETTINGS_CARD_TEXTS = {
  title: 'Entrada por XML',
  text: 'Os percentuais de Ouro, Prata e Bronze com que um produto criado a partir da nota do fornecedor começa (acréscimos sobre o custo), e quanto o custo de um item pode se afastar do custo médio do produto antes que a entrada peça "Custo conferido".',
  gold: 'Ouro (%)',
  silver: 'Prata (%)',
  bronze: 'Bronze (%)',
  deviation: 'Variação (± %)',
  deviationHelper: (percent: number) => `Acima de ± ${percent} % do custo médio, a entrada pede conferência.`,
  example: (gold: string, silver: string, bronze: string) =>
    `Um produto de custo R$ 100,00 sai a Ouro ${gold}, Prata ${silver}, Bronze ${bronze}.`,
  save: 'Salvar',
  saved: 'Configurações da Entrada por XML gravadas.',
  saveFailed: 'Não foi possível salvar as configurações da Entrada por XML.',
  loadFailed: 'Não foi possível carregar as configurações da Entrada por XML.',
};

/** 'Boleto registrado' (issue 58 §2, decision 0092). */
export const BOLETO_SETTINGS_TEXTS = {
  title: BOLETO_TEXTS.settingsTitle,
  text: BOLETO_TEXTS.settingsIntro,
  bankCode: BOLETO_TEXTS.bank,
  agency: BOLETO_TEXTS.agency,
  agencyDv: BOLETO_TEXTS.agencyDv,
  account: BOLETO_TEXTS.account,
  accountDv: BOLETO_TEXTS.accountDv,
  convenio: BOLETO_TEXTS.convenio,
  carteira: BOLETO_TEXTS.carteira,
  variacao: BOLETO_TEXTS.variacao,
  nextSequence: BOLETO_TEXTS.nextSequence,
  nextRemessa: BOLETO_TEXTS.nextRemessa,
  pixHybrid: BOLETO_TEXTS.pixHybrid,
  pixHybridHelp: BOLETO_TEXTS.pixHybridHelp,
  save: BOLETO_TEXTS.save,
  saved: BOLETO_TEXTS.saved,
  saveFailed: 'Não foi possível salvar a configuração de boleto. Tente novamente.',
  loadFailed: 'Não foi possível carregar a configuração de boleto.',
} as const;
