import { formatBRL } from './money';

/* The spreadsheet import's kinds, its limits and its texts (which name the limits). */

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
