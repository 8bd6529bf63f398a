import { normalizeHeader } from './import-cells';
import type { ImportKind } from './import-limits';
import { centsToReais, formatBRL, priceFromPercentage } from './money';

/* The columns of each kind of import: ONE table per kind, and how a file's headers are matched to them. */

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

/**
 * A customer level's percentage column of the products import: the markup over the purchase price that level pays,
 * its help worked on a cost of R$ 10,00 with the template's `example` by `priceFromPercentage`, the rule itself.
 */
function levelPercentageColumn(
  key: 'silverPercentage' | 'goldPercentage' | 'bronzePercentage',
  level: 'Prata' | 'Ouro' | 'Bronze',
  example: number,
): ImportColumn {
  const name = level.toLowerCase();
  const price = formatBRL(centsToReais(priceFromPercentage(1000, example)));
  return {
    key,
    header: `% ${level}`,
    aliases: [name, `percentual ${name}`, `cliente ${name}`, `cliente ${name} (%)`],
    type: 'decimal',
    example: String(example),
    meaning: `Acréscimo sobre o preço de compra para clientes ${level} (não é desconto sobre a venda): custo R$ 10,00 com ${example} dá ${price}. Vazio: 0, o preço de compra.`,
    field: `discount.${key}`,
  };
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
  levelPercentageColumn('silverPercentage', 'Prata', 60),
  levelPercentageColumn('goldPercentage', 'Ouro', 45),
  levelPercentageColumn('bronzePercentage', 'Bronze', 75),
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
