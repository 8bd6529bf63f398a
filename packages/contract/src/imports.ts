import { z } from 'zod';

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
  /** Errors one answer lists (`errorCount` counts them all). */
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
  /** Where the value goes in the form's input, dotted for nested fields (default: `key`). */
  field?: string;
}

export const PRODUCT_IMPORT_COLUMNS: readonly ImportColumn[] = [
  { key: 'code', header: 'Código', aliases: ['cod', 'codigo do produto', 'sku'], type: 'text', example: '' },
  {
    key: 'name',
    header: 'Nome',
    aliases: ['produto', 'nome do produto'],
    type: 'text',
    example: 'Capinha Silicone Pêssego',
  },
  { key: 'brand', header: 'Marca', aliases: ['fabricante'], type: 'text', example: 'Genérica' },
  { key: 'reference', header: 'Referência', aliases: ['modelo', 'ref'], type: 'text', example: 'iPhone 15' },
  {
    key: 'cost',
    header: 'Preço de compra',
    aliases: ['custo', 'preco de custo', 'valor de compra'],
    type: 'decimal',
    example: '12,50',
  },
  {
    key: 'sellPrice',
    header: 'Preço de venda',
    aliases: ['preco', 'valor de venda', 'venda'],
    type: 'decimal',
    example: '1.299,90',
  },
  {
    key: 'silverPercentage',
    header: '% Prata',
    aliases: ['prata', 'percentual prata'],
    type: 'decimal',
    example: '20',
    field: 'discount.silverPercentage',
  },
  {
    key: 'goldPercentage',
    header: '% Ouro',
    aliases: ['ouro', 'percentual ouro'],
    type: 'decimal',
    example: '15',
    field: 'discount.goldPercentage',
  },
  {
    key: 'bronzePercentage',
    header: '% Bronze',
    aliases: ['bronze', 'percentual bronze'],
    type: 'decimal',
    example: '25',
    field: 'discount.bronzePercentage',
  },
  { key: 'stock', header: 'Estoque', aliases: ['quantidade', 'qtd', 'qtde', 'saldo'], type: 'integer', example: '10' },
  {
    key: 'stockAlert',
    header: 'Alerta de estoque',
    aliases: ['estoque minimo', 'alerta'],
    type: 'integer',
    example: '2',
  },
  { key: 'tags', header: 'Tags', aliases: ['etiquetas', 'palavras chave'], type: 'tags', example: 'capinha, silicone' },
  {
    key: 'description',
    header: 'Descrição',
    aliases: ['descricao do produto', 'observacao'],
    type: 'text',
    example: '',
  },
  // The fiscal fields (issue 21, fiscal.ts): formats checked by the product's own schemas.
  { key: 'ncm', header: 'NCM', aliases: ['codigo ncm'], type: 'text', example: '8517.13.00' },
  { key: 'cest', header: 'CEST', aliases: ['codigo cest'], type: 'text', example: '' },
  { key: 'unit', header: 'Unidade', aliases: ['unidade comercial', 'un'], type: 'text', example: 'UN' },
  { key: 'origin', header: 'Origem', aliases: ['origem icms', 'origem da mercadoria'], type: 'origin', example: '0' },
  // A phone's units (issue 17): its IMEIs, separated by commas, semicolons or spaces; the stock is their count.
  { key: 'imeis', header: 'IMEIs', aliases: ['imei', 'imeis dos aparelhos'], type: 'imeis', example: '' },
];

export const CUSTOMER_IMPORT_COLUMNS: readonly ImportColumn[] = [
  {
    key: 'name',
    header: 'Nome',
    aliases: ['cliente', 'nome do cliente', 'razao social'],
    type: 'text',
    example: 'Maria da Silva',
  },
  {
    key: 'email',
    header: 'E-mail',
    aliases: ['email', 'correio eletronico'],
    type: 'text',
    example: 'maria@exemplo.com.br',
  },
  {
    key: 'phone',
    header: 'Telefone',
    aliases: ['celular', 'fone', 'whatsapp'],
    type: 'text',
    example: '(11) 98765-4321',
  },
  {
    key: 'document',
    header: 'CPF/CNPJ',
    aliases: ['cpf', 'cnpj', 'documento', 'cpf cnpj'],
    type: 'text',
    example: '529.982.247-25',
  },
  { key: 'street', header: 'Rua', aliases: ['endereco', 'logradouro'], type: 'text', example: 'Rua Augusta' },
  { key: 'number', header: 'Número', aliases: ['numero', 'nº', 'no'], type: 'text', example: '100' },
  { key: 'complement', header: 'Complemento', aliases: [], type: 'text', example: '' },
  { key: 'neighborhood', header: 'Bairro', aliases: [], type: 'text', example: 'Consolação' },
  { key: 'zipCode', header: 'CEP', aliases: [], type: 'text', example: '01305-000' },
  { key: 'city', header: 'Cidade', aliases: ['municipio'], type: 'text', example: 'São Paulo' },
  { key: 'state', header: 'UF', aliases: ['estado'], type: 'text', example: 'SP' },
  { key: 'level', header: 'Nível', aliases: ['nivel do cliente', 'categoria'], type: 'level', example: 'Ouro' },
  {
    key: 'shippingCost',
    header: 'Frete',
    aliases: ['valor do frete', 'preco do frete'],
    type: 'decimal',
    example: '15,00',
  },
  {
    key: 'warrantyPercentage',
    header: 'Garantia (%)',
    aliases: ['garantia', 'percentual de garantia'],
    type: 'decimal',
    example: '10',
  },
  {
    key: 'fastDeliveryTax',
    header: 'Taxa de entrega rápida',
    aliases: ['entrega rapida', 'taxa entrega rapida'],
    type: 'decimal',
    example: '5,00',
  },
  { key: 'approve', header: 'Aprovado', aliases: ['aprovado?', 'aprovacao'], type: 'boolean', example: 'Sim' },
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
  mappingInvalid: 'Mapeamento de colunas inválido.',
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
} as const;

/** A header as it is compared: without accents, case, punctuation or repeated spaces. */
export function normalizeHeader(header: string): string {
  return header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9%]+/g, ' ')
    .trim();
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
  .enum(['true', 'false'])
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

export const importTemplateQuerySchema = z.object({ format: z.enum(['csv', 'xlsx']).default('csv') });

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
});
export type ImportResult = z.infer<typeof importResultSchema>;
