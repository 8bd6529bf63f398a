import { z } from 'zod';
import { centsToReais, formatBRL, priceFromPercentage, reaisToCents } from './money';

/**
 * Spreadsheet import (issue 21 §2): products and customers from CSV (as Excel in Brazil writes it) or XLSX.
 * The columns of each kind are ONE table below: a column is one entry (its key, its Portuguese header, the
 * other names it is known by, how its cell is read, where it goes in the form's schema). The server reads
 * the file with these tables and checks every line with the forms' own schemas.
 */
export const IMPORT_KINDS = ['products', 'customers'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export const IMPORT_LIMITS = {
  /** The file's size limit (multipart). */
  maxBytes: 20 * 1024 * 1024,
  /** Lines of data one file may hold. */
  maxRows: 50_000,
  /**
   * The limits below are checked before and while the cells are read (issue 34 §1), so that no file can
   * take the server's memory or time: lines in all, blank ones included (the header too).
   */
  maxLines: 100_000,
  /** Columns: the XLSX's `dimension` and every cell, the CSV's every line. */
  maxColumns: 100,
  /** Cells read, blank ones included. */
  maxCells: 2_000_000,
  /** Distinct texts of an XLSX (its shared strings, all held while the sheet is read). */
  maxSharedStrings: 1_000_000,
  /** An XLSX's entries uncompressed, by the sizes they declare and by the bytes they inflate to. */
  maxUncompressedMb: 200,
  /** How long reading one file may take, and the memory of the worker thread that reads it. */
  maxReadSeconds: 60,
  maxReadMemoryMb: 192,
  /** Errors one answer lists (`errorCount` counts them all); warnings and lines' prices alike. */
  maxErrorsListed: 1000,
  /** Rows written per statement. */
  batchSize: 1000,
  codeMaxLength: 40,
} as const;

/** How a cell is read. */
export type ImportCellType = 'text' | 'decimal' | 'integer' | 'tags' | 'boolean' | 'level' | 'origin' | 'imeis';

export interface ImportColumn {
  /** Our name of the column (what a mapping points to). */
  key: string;
  /** The template's header, in Portuguese. */
  header: string;
  /** Other headers that mean this column (matched without accents, case or punctuation). */
  aliases: readonly string[];
  type: ImportCellType;
  /** The template's example value. */
  example: string;
  /** What the column means, for a shop (the dialog's and the template's help). */
  meaning: string;
  /** Where the value goes in the form's input, dotted for nested fields (default: `key`). */
  field?: string;
  /** A new product (or customer) needs it: the form has no default for it (a line that updates may leave it out). */
  required?: true;
}

export const PRODUCT_IMPORT_COLUMNS: readonly ImportColumn[] = [
  {
    key: 'code',
    header: 'Código',
    aliases: ['cod', 'codigo do produto', 'cod produto', 'codigo interno', 'sku', 'referencia interna'],
    type: 'text',
    example: '',
    meaning:
      'Seu código do produto. Se já existe um produto com ele, a linha o atualiza; vazio, o produto novo recebe um código do sistema.',
  },
  {
    key: 'barcode',
    header: 'Código de barras',
    aliases: ['ean', 'ean13', 'ean 13', 'gtin', 'upc', 'codigo de barra', 'cod barras', 'cod de barras'],
    type: 'text',
    example: '',
    meaning: 'O código de barras (EAN/GTIN) da caixa: 8, 12, 13 ou 14 dígitos.',
  },
  {
    key: 'name',
    header: 'Nome',
    aliases: ['produto', 'nome do produto', 'nome produto'],
    type: 'text',
    example: 'Capinha Silicone Pêssego',
    meaning: 'O nome do produto, como aparece nas vendas.',
    required: true,
  },
  {
    key: 'brand',
    header: 'Marca',
    aliases: ['fabricante', 'marca do produto'],
    type: 'text',
    example: 'Genérica',
    meaning: "A marca. Uma marca nova é criada quando 'Criar marcas e referências' está marcado.",
    required: true,
  },
  {
    key: 'reference',
    header: 'Referência',
    aliases: ['modelo', 'ref', 'modelo compativel', 'compatibilidade'],
    type: 'text',
    example: 'iPhone 15',
    meaning: 'O modelo compatível ou a linha do produto (ex.: iPhone 15).',
  },
  {
    key: 'cost',
    header: 'Preço de compra',
    aliases: [
      'custo',
      'preco de custo',
      'valor de compra',
      'valor de custo',
      'custo unitario',
      'preco custo',
      'compra',
    ],
    type: 'decimal',
    example: '12,50',
    meaning: 'Quanto a loja paga por uma unidade. É a base dos preços de Ouro, Prata e Bronze.',
    required: true,
  },
  {
    key: 'sellPrice',
    header: 'Preço de venda',
    aliases: ['preco', 'valor de venda', 'venda', 'preco venda', 'preco de varejo', 'varejo', 'preco unitario'],
    type: 'decimal',
    example: '29,90',
    meaning: 'O preço de varejo: o que paga um cliente sem nível.',
    required: true,
  },
  {
    key: 'silverPercentage',
    header: '% Prata',
    aliases: ['prata', 'percentual prata', 'cliente prata', 'cliente prata (%)'],
    type: 'decimal',
    example: '60',
    meaning:
      'Acréscimo sobre o preço de compra para clientes Prata (não é desconto sobre a venda): custo R$ 10,00 com 60 dá R$ 16,00. Vazio: 0, o preço de compra.',
    field: 'discount.silverPercentage',
  },
  {
    key: 'goldPercentage',
    header: '% Ouro',
    aliases: ['ouro', 'percentual ouro', 'cliente ouro', 'cliente ouro (%)'],
    type: 'decimal',
    example: '45',
    meaning:
      'Acréscimo sobre o preço de compra para clientes Ouro (não é desconto sobre a venda): custo R$ 10,00 com 45 dá R$ 14,50. Vazio: 0, o preço de compra.',
    field: 'discount.goldPercentage',
  },
  {
    key: 'bronzePercentage',
    header: '% Bronze',
    aliases: ['bronze', 'percentual bronze', 'cliente bronze', 'cliente bronze (%)'],
    type: 'decimal',
    example: '75',
    meaning:
      'Acréscimo sobre o preço de compra para clientes Bronze (não é desconto sobre a venda): custo R$ 10,00 com 75 dá R$ 17,50. Vazio: 0, o preço de compra.',
    field: 'discount.bronzePercentage',
  },
  {
    key: 'stock',
    header: 'Estoque',
    aliases: [
      'quantidade',
      'quantidade em estoque',
      'qtd',
      'qtde',
      'qtd estoque',
      'qtde estoque',
      'quant',
      'saldo',
      'saldo em estoque',
      'estoque atual',
    ],
    type: 'integer',
    example: '10',
    meaning: 'Quantas unidades há em estoque agora (entra no histórico de estoque como importação).',
  },
  {
    key: 'stockAlert',
    header: 'Alerta de estoque',
    aliases: ['estoque minimo', 'alerta', 'minimo'],
    type: 'integer',
    example: '2',
    meaning: 'Avisar quando o estoque chegar a esta quantidade.',
  },
  {
    key: 'tags',
    header: 'Tags',
    aliases: ['etiquetas', 'palavras chave'],
    type: 'tags',
    example: 'capinha, silicone',
    meaning: 'Palavras para achar o produto na busca, separadas por vírgula.',
  },
  {
    key: 'description',
    header: 'Descrição',
    aliases: ['descricao do produto', 'observacao', 'observacoes', 'obs', 'detalhes'],
    type: 'text',
    example: '',
    meaning: 'Um texto livre sobre o produto.',
  },
  // The fiscal fields (issue 21, fiscal.ts): formats checked by the product's own schemas.
  {
    key: 'ncm',
    header: 'NCM',
    aliases: ['codigo ncm'],
    type: 'text',
    example: '8517.13.00',
    meaning: 'A classificação fiscal do produto (8 dígitos).',
  },
  {
    key: 'cest',
    header: 'CEST',
    aliases: ['codigo cest'],
    type: 'text',
    example: '',
    meaning: 'O código CEST, quando o produto tem substituição tributária (7 dígitos).',
  },
  {
    key: 'unit',
    header: 'Unidade',
    aliases: ['unidade comercial', 'un'],
    type: 'text',
    example: 'UN',
    meaning: 'A unidade comercial: UN, CX, PC, KG…',
  },
  {
    key: 'origin',
    header: 'Origem',
    aliases: ['origem icms', 'origem da mercadoria'],
    type: 'origin',
    example: '0',
    meaning: 'A origem da mercadoria para o ICMS: um código de 0 a 8 (0 = nacional).',
  },
  // A phone's units (issue 17): its IMEIs, separated by commas, semicolons or spaces; the stock is their count.
  {
    key: 'imeis',
    header: 'IMEIs',
    aliases: ['imei', 'imeis dos aparelhos'],
    type: 'imeis',
    example: '',
    meaning:
      'Para celulares: os IMEIs dos aparelhos em estoque, separados por vírgula; o estoque é a quantidade de IMEIs.',
  },
];

export const CUSTOMER_IMPORT_COLUMNS: readonly ImportColumn[] = [
  {
    key: 'name',
    header: 'Nome',
    aliases: ['cliente', 'nome do cliente', 'nome completo', 'razao social'],
    type: 'text',
    example: 'Maria da Silva',
    meaning: 'O nome do cliente ou a razão social.',
    required: true,
  },
  {
    key: 'email',
    header: 'E-mail',
    aliases: ['email', 'correio eletronico', 'e-mail do cliente'],
    type: 'text',
    example: 'maria@exemplo.com.br',
    meaning: 'O e-mail do cliente, um por cliente.',
    required: true,
  },
  {
    key: 'phone',
    header: 'Telefone',
    aliases: ['celular', 'fone', 'tel', 'whatsapp', 'telefone celular'],
    type: 'text',
    example: '(11) 98765-4321',
    meaning: 'Telefone ou celular com DDD.',
    required: true,
  },
  {
    key: 'document',
    header: 'CPF/CNPJ',
    aliases: ['cpf', 'cnpj', 'documento', 'cpf cnpj', 'cnpj cpf'],
    type: 'text',
    example: '529.982.247-25',
    meaning: 'CPF ou CNPJ. Se já existe um cliente com ele, a linha o atualiza.',
    required: true,
  },
  {
    key: 'stateRegistration',
    header: 'Inscrição estadual',
    aliases: ['ie', 'insc estadual', 'inscricao estadual do cliente'],
    type: 'text',
    example: '',
    meaning:
      'A inscrição estadual da empresa contribuinte do ICMS: os números (2 a 14), com ou sem pontuação, ou ISENTO. Vazio: não contribuinte (na atualização, mantém a que o cliente tem).',
  },
  {
    key: 'street',
    header: 'Rua',
    aliases: ['endereco', 'logradouro'],
    type: 'text',
    example: 'Rua Augusta',
    meaning: 'Rua do endereço de entrega.',
  },
  {
    key: 'number',
    header: 'Número',
    aliases: ['numero', 'nº', 'no'],
    type: 'text',
    example: '100',
    meaning: 'Número do endereço.',
  },
  {
    key: 'complement',
    header: 'Complemento',
    aliases: [],
    type: 'text',
    example: '',
    meaning: 'Apartamento, bloco, sala…',
  },
  {
    key: 'neighborhood',
    header: 'Bairro',
    aliases: [],
    type: 'text',
    example: 'Consolação',
    meaning: 'Bairro do endereço de entrega.',
  },
  { key: 'zipCode', header: 'CEP', aliases: [], type: 'text', example: '01305-000', meaning: 'CEP com 8 dígitos.' },
  {
    key: 'city',
    header: 'Cidade',
    aliases: ['municipio'],
    type: 'text',
    example: 'São Paulo',
    meaning: 'Cidade do endereço de entrega.',
  },
  {
    key: 'state',
    header: 'UF',
    aliases: ['estado'],
    type: 'text',
    example: 'SP',
    meaning: 'A UF com 2 letras (SP, RJ…).',
  },
  {
    key: 'level',
    header: 'Nível',
    aliases: ['nivel do cliente', 'categoria'],
    type: 'level',
    example: 'Ouro',
    meaning: 'Ouro, Prata ou Bronze: o preço que o cliente paga (vazio: preço de varejo).',
  },
  {
    key: 'shippingCost',
    header: 'Frete',
    aliases: ['valor do frete', 'preco do frete'],
    type: 'decimal',
    example: '15,00',
    meaning: 'O frete cobrado do cliente por entrega.',
  },
  {
    key: 'warrantyPercentage',
    header: 'Garantia (%)',
    aliases: ['garantia', 'percentual de garantia'],
    type: 'decimal',
    example: '10',
    meaning: 'O percentual cobrado pela garantia sobre os itens do pedido.',
  },
  {
    key: 'fastDeliveryTax',
    header: 'Taxa de entrega rápida',
    aliases: ['entrega rapida', 'taxa entrega rapida'],
    type: 'decimal',
    example: '5,00',
    meaning: 'A taxa da entrega rápida.',
  },
  {
    key: 'approve',
    header: 'Aprovado',
    aliases: ['aprovado?', 'aprovacao'],
    type: 'boolean',
    example: 'Sim',
    meaning: 'Sim: o cliente já pode comprar; Não: aguarda aprovação.',
  },
];

export const IMPORT_COLUMNS: Record<ImportKind, readonly ImportColumn[]> = {
  products: PRODUCT_IMPORT_COLUMNS,
  customers: CUSTOMER_IMPORT_COLUMNS,
};

export const IMPORT_TEXTS = {
  fileRequired: 'Envie a planilha (CSV ou XLSX).',
  fileTooLarge: 'A planilha deve ter no máximo 20 MB.',
  fileUnreadable: 'Não foi possível ler a planilha: envie um CSV ou um XLSX.',
  fileEmpty: 'A planilha não tem linhas de dados.',
  tooManyRows: `A planilha pode ter no máximo ${IMPORT_LIMITS.maxRows.toLocaleString('pt-BR')} linhas.`,
  tooManyLines: `A planilha pode ter no máximo ${IMPORT_LIMITS.maxLines.toLocaleString('pt-BR')} linhas, contando as vazias.`,
  tooManyColumns: `A planilha pode ter no máximo ${IMPORT_LIMITS.maxColumns} colunas (apague as colunas além dos dados).`,
  tooManyCells: `A planilha pode ter no máximo ${IMPORT_LIMITS.maxCells.toLocaleString('pt-BR')} células, contando as vazias.`,
  tooManySharedStrings: `A planilha pode ter no máximo ${IMPORT_LIMITS.maxSharedStrings.toLocaleString('pt-BR')} textos diferentes.`,
  uncompressedTooLarge: `A planilha XLSX descompactada pode ter no máximo ${IMPORT_LIMITS.maxUncompressedMb} MB.`,
  readTooHeavy: `A planilha é pesada demais para ler (mais de ${IMPORT_LIMITS.maxReadSeconds} segundos ou ${IMPORT_LIMITS.maxReadMemoryMb} MB de memória): divida-a em arquivos menores.`,
  mappingInvalid: 'Mapeamento de colunas inválido.',
  flagInvalid: 'Use true ou false em dryRun, skipInvalid e createMissing.',
  formatInvalid: 'Escolha o modelo em csv ou xlsx.',
  mappingUnknownColumn: (column: string) => `Mapeamento para uma coluna desconhecida: ${column}.`,
  numberInvalid: (value: string) => `Número inválido: "${value}" (use por exemplo 1.299,90).`,
  booleanInvalid: (value: string) => `Valor inválido: "${value}" (use Sim ou Não).`,
  levelInvalid: (value: string) => `Nível inválido: "${value}" (use Ouro, Prata, Bronze ou deixe vazio).`,
  codeInvalid: `O código deve ter no máximo ${IMPORT_LIMITS.codeMaxLength} caracteres, sem "/" nem espaços.`,
  repeatedInFile: (what: string, line: number) => `${what} repetido na planilha (já na linha ${line}).`,
  serializedStock:
    "Produto com 'Controla IMEI': o estoque é o número de aparelhos; informe os IMEIs novos na coluna IMEIs.",
  nameRequired: 'Informe o nome do cliente',
  emailInvalid: 'Informe um e-mail válido',
  emailTaken: 'Este e-mail já é de outro cliente.',
  phoneInvalid: 'Informe um telefone válido com DDD',
  documentRequired: 'Informe o CPF ou CNPJ',
  documentInvalid: 'CPF ou CNPJ inválido',
  stateInvalid: 'Informe a UF com 2 letras',
  zipInvalid: 'Informe o CEP com 8 dígitos',
  line: 'Linha',
  /** A cell holding a control character (NUL, a form feed…): nothing can store it. */
  controlCharacter: (code: string) =>
    `A célula tem um caractere invisível (${code}) que não pode ser importado: apague-o na planilha e envie de novo.`,
  /** What a cell breaks that its column's rule has no message of its own for (never the validator's text). */
  valueMissing: 'Preencha esta coluna.',
  valueInvalid: 'Valor inválido nesta coluna: confira com o modelo da planilha.',
  textTooLong: (max: number) => `Texto longo demais: use no máximo ${max.toLocaleString('pt-BR')} caracteres.`,
  tooManyItems: (max: number) => `Itens demais: informe no máximo ${max.toLocaleString('pt-BR')}.`,
  numberTooHigh: (max: number) => `Valor alto demais: o máximo é ${max.toLocaleString('pt-BR')}.`,
  numberTooLow: (min: number) => `Valor baixo demais: o mínimo é ${min.toLocaleString('pt-BR')}.`,
  /** A products line whose level prices equal the cost (0 %): no margin for those customers. */
  levelsAtCost: (levels: string[], cost: number) =>
    `${listed(levels)} ${levels.length > 1 ? 'pagam' : 'paga'} o preço de compra (${formatBRL(cost)}), sem margem: os percentuais dos níveis são acréscimos sobre o preço de compra.`,
  /** A products line whose level prices fall under half its sale price. */
  levelsFarBelow: (prices: string[], sellPrice: number, cost: number) =>
    `${listed(prices)}: menos da metade do preço de venda (${formatBRL(sellPrice)}). Os percentuais dos níveis são acréscimos sobre o preço de compra (${formatBRL(cost)}), não descontos sobre o de venda.`,
  /** 409: the Idempotency-Key of a confirmed import sent again with another file, mapping or options. */
  keyReused:
    'Esta importação já foi feita com outra planilha ou outras opções. Pré-visualize a planilha de novo para importá-la.',
} as const;

/** The XLSX template's second sheet: what each column means. */
export const IMPORT_TEMPLATE_HELP = {
  sheet: 'Colunas',
  headers: ['Coluna', 'O que significa', 'Exemplo'],
} as const;

/** 'a', 'a e b', 'a, b e c'. */
function listed(items: string[]): string {
  return items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} e ${items[items.length - 1]}`;
}

/** A level price under this share of the sale price is called far below it (a warning of the preview). */
export const LEVEL_PRICE_WARNING_SHARE = 0.5;

/** The level columns of a products import, in the order a preview tells them (the customer levels 1, 2, 3). */
const LEVEL_COLUMNS = [
  { key: 'goldPercentage', level: 'Ouro', percentage: 'goldPercentage' },
  { key: 'silverPercentage', level: 'Prata', percentage: 'silverPercentage' },
  { key: 'bronzePercentage', level: 'Bronze', percentage: 'bronzePercentage' },
] as const;

/** What a products line's prices come to, and what a shop should look at twice. */
export interface ImportLinePricing {
  /** In reais: each level's price (the cost plus its percentage, `priceFromPercentage`) and retail's. */
  prices: { cost: number; gold: number; silver: number; bronze: number; retail: number };
  /** Warnings by our column key: levels at cost (0 %), levels under half the sale price. */
  warnings: { column: string; message: string }[];
}

/**
 * The prices a products import line gives each customer level (the cost plus the level's percentage: the
 * one rule of `priceFromPercentage`) and retail (the sale price), with the preview's warnings: a level
 * whose price is the cost itself (0 %, no margin) and a level under half the sale price (a percentage
 * typed as a discount off the sale price: a película of R$ 2,10 sold at R$ 14,90 at 20 % is R$ 2,52).
 */
export function importLinePricing(product: {
  cost: number;
  sellPrice: number;
  discount: { goldPercentage: number; silverPercentage: number; bronzePercentage: number };
}): ImportLinePricing {
  const costCents = reaisToCents(product.cost);
  const sellCents = reaisToCents(product.sellPrice);
  const levels = LEVEL_COLUMNS.map((column) => ({
    ...column,
    cents: priceFromPercentage(costCents, product.discount[column.percentage]),
  }));
  const atCost = levels.filter((level) => level.cents <= costCents);
  const farBelow = levels.filter(
    (level) => level.cents > costCents && level.cents < sellCents * LEVEL_PRICE_WARNING_SHARE,
  );
  const warnings: ImportLinePricing['warnings'] = [];
  if (atCost[0])
    warnings.push({
      column: atCost[0].key,
      message: IMPORT_TEXTS.levelsAtCost(
        atCost.map((level) => level.level),
        product.cost,
      ),
    });
  if (farBelow[0])
    warnings.push({
      column: farBelow[0].key,
      message: IMPORT_TEXTS.levelsFarBelow(
        farBelow.map((level) => `${level.level} ${formatBRL(centsToReais(level.cents))}`),
        product.sellPrice,
        product.cost,
      ),
    });
  const [gold, silver, bronze] = levels.map((level) => centsToReais(level.cents)) as [number, number, number];
  return { prices: { cost: product.cost, gold, silver, bronze, retail: product.sellPrice }, warnings };
}

/** The first control character of a cell's text (C0 but tab and line breaks, DEL, C1, a lone surrogate), as U+XXXX. */
export function controlCharacterIn(text: string): string | undefined {
  for (const char of text) {
    const code = char.codePointAt(0) as number;
    const control =
      (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) ||
      (code >= 0x7f && code <= 0x9f) ||
      (code >= 0xd800 && code <= 0xdfff);
    if (control) return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  }
  return undefined;
}

/**
 * The shop's words for a problem the forms' schemas leave to the validator (a text over its length, a
 * list too long, a value of the wrong kind): passed as the per-parse error map of an import line's check,
 * it never replaces a message the schemas wrote themselves (zod's precedence), and no validator text
 * ('Entrada inválida', 'esperava', 'expected') ever reaches a spreadsheet's errors.
 */
export function importIssueMessage(issue: {
  code?: string;
  input?: unknown;
  origin?: string;
  maximum?: unknown;
  minimum?: unknown;
}): string {
  const limit = (value: unknown) => Number(value);
  if (issue.code === 'invalid_type' && (issue.input === undefined || issue.input === null))
    return IMPORT_TEXTS.valueMissing;
  if (issue.code === 'too_big') {
    if (issue.origin === 'string') return IMPORT_TEXTS.textTooLong(limit(issue.maximum));
    if (issue.origin === 'array' || issue.origin === 'set') return IMPORT_TEXTS.tooManyItems(limit(issue.maximum));
    if (issue.origin === 'number') return IMPORT_TEXTS.numberTooHigh(limit(issue.maximum));
  }
  if (issue.code === 'too_small') {
    if (issue.origin === 'number') return IMPORT_TEXTS.numberTooLow(limit(issue.minimum));
    return IMPORT_TEXTS.valueMissing;
  }
  return IMPORT_TEXTS.valueInvalid;
}

/**
 * A header (or a word of a cell) as it is compared: letters and digits only, without accents or case, so
 * 'Preço de venda', 'PREÇO DE VENDA', 'PrecoDeVenda' and 'preco_de_venda' are one name.
 */
export function normalizeHeader(header: string): string {
  return header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}

/**
 * Which of our columns each header of a file is: by its header or alias, else by `mapping` (file header →
 * our key; an empty key leaves the column out). Answers, in the file's order, our key or null.
 */
export function matchColumns(
  kind: ImportKind,
  headers: readonly string[],
  mapping: Readonly<Record<string, string>> = {},
): (string | null)[] {
  const byName = new Map<string, string>();
  for (const column of IMPORT_COLUMNS[kind]) {
    for (const name of [column.key, column.header, ...column.aliases]) byName.set(normalizeHeader(name), column.key);
  }
  const used = new Set<string>();
  return headers.map((header) => {
    const mapped = Object.hasOwn(mapping, header) ? mapping[header] : undefined;
    const key = mapped !== undefined ? mapped || null : (byName.get(normalizeHeader(header)) ?? null);
    if (!key || used.has(key)) return null;
    used.add(key);
    return key;
  });
}

/** A number as a spreadsheet cell writes it: the contract's one reader of typed numbers (number.ts). */
export { parseBrazilianNumber } from './number';

/** Sim/Não (also S/N, X, 1/0, true/false); undefined when it is neither. */
export function parseYesNo(text: string): boolean | undefined {
  const value = normalizeHeader(text);
  if (['sim', 's', 'x', '1', 'true', 'verdadeiro', 'yes', 'aprovado'].includes(value)) return true;
  if (['nao', 'n', '0', 'false', 'falso', 'no', ''].includes(value)) return false;
  return undefined;
}

/** A date as DD/MM/YYYY → YYYY-MM-DD, or undefined. (No column is a date yet; kept for the fiscal fields.) */
export function parseBrazilianDate(text: string): string | undefined {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!match) return undefined;
  const [, d, m, y] = match;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  if (date.getUTCDate() !== Number(d) || date.getUTCMonth() !== Number(m) - 1) return undefined;
  return date.toISOString().slice(0, 10);
}

// ---------- API ----------
const booleanQuery = z
  .enum(['true', 'false'], { error: () => IMPORT_TEXTS.flagInvalid })
  .default('false')
  .transform((value) => value === 'true');

/** Query of POST /imports/{kind}. */
export const importQuerySchema = z.object({
  /** true: check and count, write nothing. */
  dryRun: booleanQuery,
  /** true: import the good lines and leave the bad ones; false: a file with errors imports nothing. */
  skipInvalid: booleanQuery,
  /** Products: brands and references the catalogue lacks are created (true) or refused (false). */
  createMissing: booleanQuery,
});
export type ImportQuery = z.output<typeof importQuerySchema>;

export const importTemplateQuerySchema = z.object({
  format: z.enum(['csv', 'xlsx'], { error: () => IMPORT_TEXTS.formatInvalid }).default('csv'),
});

/** The `mapping` field: file header → our column key ('' leaves the column out). */
export const importMappingSchema = z.record(z.string().max(200), z.string().max(60)).default({});

export const importErrorSchema = z.object({
  /** The spreadsheet's line (the header is line 1). */
  line: z.number().int(),
  /** The column's header as the file names it (or the template's, for a missing column). */
  column: z.string(),
  message: z.string(),
});
export type ImportError = z.infer<typeof importErrorSchema>;

export const importResultSchema = z.object({
  /** Lines of data read. */
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  /** Up to IMPORT_LIMITS.maxErrorsListed errors, by line. */
  errors: z.array(importErrorSchema),
  /** Every error, listed or not. */
  errorCount: z.number().int(),
  /** Lines with at least one error. */
  invalidRows: z.number().int(),
  /** Whether anything was written. */
  imported: z.boolean(),
  /** Each column of the file: its header and the column of ours it fills (null: left out). */
  columns: z.array(z.object({ header: z.string(), key: z.string().nullable() })),
  /**
   * Products: what the preview should make a shop look at twice, by line (a level at cost, a level under
   * half the sale price); they never keep a line out. Up to IMPORT_LIMITS.maxErrorsListed.
   */
  warnings: z.array(importErrorSchema).optional(),
  /** Every warning, listed or not. */
  warningCount: z.number().int().optional(),
  /**
   * Products: the prices each good line gives (reais): cost, each level's (cost + its percentage) and retail
   * (the sale price), the first IMPORT_LIMITS.maxErrorsListed lines.
   */
  prices: z
    .array(
      z.object({
        line: z.number().int(),
        name: z.string(),
        cost: z.number(),
        gold: z.number(),
        silver: z.number(),
        bronze: z.number(),
        retail: z.number(),
      }),
    )
    .optional(),
});
export type ImportResult = z.infer<typeof importResultSchema>;
