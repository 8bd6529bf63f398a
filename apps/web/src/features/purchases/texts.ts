/** Texts of 'Entrada por XML' and 'Entradas' (issue 39 §2, decision 0049). */
export const PURCHASES_TEXTS = {
  entryTitle: 'Entrada por XML',
  entryIntro:
    'Envie o XML da NF-e do fornecedor: cada item é casado com um produto pelo código de barras ou pelo código do fornecedor já usado; confira, informe os IMEIs dos aparelhos e confirme.',
  chooseFile: 'Escolher XML da NF-e',
  otherFile: 'Outro arquivo',
  reading: 'Lendo a nota…',
  refresh: 'Atualizar prévia',
  confirm: 'Confirmar entrada',
  confirming: 'Dando entrada…',
  note: (number: string, series: string) => `NF-e ${number} / série ${series}`,
  supplier: 'Fornecedor',
  newSupplier: 'novo: será cadastrado',
  issuedAt: 'Emitida em',
  accessKey: 'Chave de acesso',
  total: 'Total da nota',
  signature: 'Assinatura',
  /** What was checked: the signature verifies over the file's infNFe; not the certificate's chain (issue 57 §4). */
  signed: 'Assinatura confere com o arquivo',
  /** The same on an entry's details. */
  chainShort: {
    ICP_BRASIL: 'Certificado emitido sob a ICP-Brasil',
    OUTSIDE: 'Certificado fora da ICP-Brasil',
    INCOMPLETE: 'Cadeia do certificado não verificada (o arquivo não traz as autoridades intermediárias)',
  },
  /** Where the signer's certificate chains (decision 0096): shown, never blocking. */
  chain: {
    ICP_BRASIL: 'Certificado emitido sob a ICP-Brasil',
    OUTSIDE:
      'Certificado fora da ICP-Brasil: a cadeia termina em uma autoridade que não é raiz da ICP-Brasil. Confira a nota com o fornecedor.',
    INCOMPLETE:
      'Cadeia do certificado não verificada: o arquivo traz só o certificado de quem assinou, sem as autoridades intermediárias (o comum em NF-e).',
  },
  /** The chip of an entry made without a signature, on the list and the details. */
  unsignedEntry: 'Entrada sem assinatura',
  acceptCertificate: 'Aceito o certificado mesmo assim (conferi a nota com o fornecedor)',
  unsigned: 'Sem assinatura digital',
  instalments: 'Contas a pagar',
  items: 'Itens da nota',
  item: (line: number) => `Item ${line}`,
  supplierCode: 'Cód. fornecedor',
  /** qCom as the note writes it ('10.0000') read as a Brazilian would ('10', '2,5'). */
  quantity: (quantity: string, unit: string) =>
    `${Number(quantity).toLocaleString('pt-BR', { maximumFractionDigits: 4 })} ${unit}`,
  units: (units: number) => `${units} ${units === 1 ? 'unidade' : 'unidades'}`,
  unitCost: 'Custo unitário',
  totalCost: 'Custo do item',
  freight: 'frete',
  newAverage: 'Novo custo médio',
  levels: (gold: string, silver: string, bronze: string) => `Ouro ${gold} · Prata ${silver} · Bronze ${bronze}`,
  /** What the item's cost is made of (issue 57 §8): only the parts the note has. */
  costParts: 'Composição do custo',
  costPart: {
    products: 'produtos',
    discount: '− desconto',
    freight: '+ frete',
    insurance: '+ seguro',
    other: '+ outras despesas',
    ipi: '+ IPI',
    ipiReturned: '+ IPI devolvido',
    icmsSt: '+ ICMS ST',
    fcpSt: '+ FCP ST',
  },
  /** A unit cost far from the product's average (decision 0090): the clerk's acknowledgement. */
  costChecked: 'Custo conferido (o valor desta nota está certo)',
  costDeviation: (percent: number, average: string, limit: number) =>
    `Custo ${percent} % longe do custo médio do produto (${average}; limite ± ${limit} %).`,
  /** What the note still needs that is no item's (the payment, the drawer). */
  noteProblems: 'Pendências da nota',
  openCash: 'Abrir caixa',
  matched: {
    GTIN: 'Casado pelo código de barras',
    SUPPLIER_CODE: 'Casado pelo código do fornecedor',
    LINKED: 'Vinculado',
    CREATE: 'Criar produto',
    NONE: 'Sem produto',
  },
  inStock: (stock: number, cost: string) => `${stock} em estoque a ${cost}`,
  mode: 'Produto',
  modeAuto: 'Usar o produto casado',
  modeLink: 'Vincular a um produto',
  modeCreate: 'Criar produto',
  productSearch: 'Buscar produto (nome, código, marca)',
  noProducts: 'Nenhum produto encontrado',
  factor: 'Unidades por',
  factorHelp: 'Lembrado para este código do fornecedor nesta unidade',
  /** Confirms the pre-filled factor of a unit not confirmed yet (issue 57 §1). */
  confirmFactor: (inWords: string) => `Confirmar ${inWords}`,
  create: {
    name: 'Nome',
    brand: 'Marca',
    barcode: 'Código de barras',
    ncm: 'NCM',
    cest: 'CEST',
    sellPrice: 'Preço de venda',
    gold: 'Ouro (%)',
    silver: 'Prata (%)',
    bronze: 'Bronze (%)',
    serialized: 'Controla IMEI',
  },
  scan: 'Escanear IMEIs',
  ok: 'Pronto',
  problemCount: (count: number) => `${count} ${count === 1 ? 'pendência' : 'pendências'}`,
  warnings: 'Avisos',
  confirmRecipient: 'Confirmo que a compra é da loja',
  unsignedReason: 'Motivo do gerente para dar entrada sem assinatura (ao menos 15 caracteres)',
  entered: (number: string) => `Entrada da NF-e ${number} feita.`,
  openEntry: 'Ver a entrada',
  newEntry: 'Nova entrada',
  // list
  listTitle: 'Entradas',
  search: 'Buscar por fornecedor, CNPJ, número ou chave',
  empty: 'Nenhuma entrada encontrada.',
  loadFailed: 'Não foi possível carregar as entradas.',
  csvFile: 'entradas.csv',
  createdAt: 'Entrada em',
  number: 'NF-e',
  itemsCount: 'Itens',
  createdBy: 'Por',
  entryOf: (number: string, series: string) => `Entrada da NF-e ${number}/${series}`,
  product: 'Produto',
  costBefore: 'Custo antes',
  unitsLabel: 'Unidades',
  costAfter: 'Custo médio',
  dueDate: 'Vencimento',
  amount: 'Valor',
  documentNumber: 'Duplicata',
  unsignedReasonLabel: 'Motivo (sem assinatura)',
  close: 'Fechar',
} as const;

/** Bonus items, credits and the cents of the rounding (issue 57, decision 0089). */
export const COST_TEXTS = {
  title: 'Custo da entrada',
  bonusChip: 'Bonificação',
  bonusQuestion: 'Custo dos itens em bonificação (não geram conta a pagar)',
  bonusValue: (value: string, payable: string) => `Bonificação na nota: ${value} · a pagar: ${payable}`,
  entryCost: 'Custo de entrada',
  entryTotal: (value: string) => `Custo total que entra no estoque: ${value}`,
  credits: (icms: string, pis: string, cofins: string) => `Créditos: ICMS ${icms} · PIS ${pis} · COFINS ${cofins}`,
  creditsTotal: (total: string) => `Créditos de impostos descontados do custo: ${total}`,
  fcpSt: (value: string) => `FCP-ST ${value} no custo`,
  /** An item whose rounding's cents went to some units (decision 0089). */
  centUnits: (count: number) =>
    count > 0
      ? `${count} ${count === 1 ? 'unidade' : 'unidades'} a R$ 0,01 a mais (arredondamento)`
      : `${-count} ${count === -1 ? 'unidade' : 'unidades'} a R$ 0,01 a menos (arredondamento)`,
  bonusKept: 'Bonificação',
} as const;
