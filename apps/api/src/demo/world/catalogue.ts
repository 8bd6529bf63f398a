/**
 * The catalogue of the demo shop: phones and accessories that exist on the Brazilian market, with
 * realistic prices (late 2026, in cents). `curatedCatalogue()` is the ~400-product shop;
 * `expansionCatalogue()` yields many more plausible variants for `--scale`.
 */

import { ACCESSORIES, type Accessory } from './accessories';
import type { Category } from './catalogue-kinds';
import { PHONES, type PhoneModel } from './phones';

export interface ProductSeed {
  name: string;
  brand: string;
  reference: string;
  category: Category;
  /** Retail price (level 0), in cents. */
  sellCents: number;
  description: string;
  tags: string[];
  /** Relative sales popularity. */
  popularity: number;
  /** An old model kept in the catalogue but archived. */
  archived?: boolean;
}

/** Models that only get accessories (older phones customers still carry). */
const ACCESSORY_ONLY_MODELS: readonly (readonly [string, number])[] = [
  ['Galaxy A04s', 3],
  ['Galaxy A34', 3],
  ['Galaxy S23', 2],
  ['Galaxy S23 FE', 2],
  ['Galaxy S22', 1],
  ['Galaxy M55', 1],
  ['iPhone 12 Pro', 2],
  ['iPhone 13 Pro', 2],
  ['iPhone 14 Pro', 2],
  ['iPhone 14 Plus', 1],
  ['iPhone 15 Plus', 2],
  ['iPhone 15 Pro Max', 2],
  ['iPhone 16 Plus', 1],
  ['iPhone 16 Pro Max', 2],
  ['iPhone SE 2022', 1],
  ['Moto G23', 2],
  ['Moto G14', 2],
  ['Moto E22', 2],
  ['Moto G73', 1],
  ['Moto G64', 2],
  ['Moto G35', 2],
  ['Moto G55', 2],
  ['Redmi 12', 2],
  ['Redmi 12C', 3],
  ['Redmi A3', 2],
  ['Redmi Note 12 Pro', 1],
  ['Poco X5', 1],
  ['Poco X5 Pro', 1],
];

/** Accessory brands and their product lines (references). */
const CASE_LINES = [
  {
    brand: 'i2GO',
    reference: 'Capa Silicone Aveludada',
    title: 'Capa Silicone Aveludada',
    price: 3990,
    colors: ['Preta', 'Azul Marinho', 'Rosa Bebê', 'Lilás', 'Verde Menta', 'Vermelha', 'Branca', 'Amarela'],
  },
  {
    brand: 'Gshield',
    reference: 'Capa Anti-impacto',
    title: 'Capa Anti-impacto Gshield',
    price: 6990,
    colors: ['Transparente', 'Preta', 'Azul', 'Fumê'],
  },
  {
    brand: 'Geonav',
    reference: 'Capa Transparente',
    title: 'Capa Transparente Geonav',
    price: 2990,
    colors: ['Transparente'],
  },
  {
    brand: 'Baseus',
    reference: 'Capa MagSafe',
    title: 'Capa Magnética Baseus',
    price: 8990,
    colors: ['Transparente', 'Preta', 'Azul'],
  },
  {
    brand: 'i2GO',
    reference: 'Capa Carteira',
    title: 'Capa Carteira i2GO',
    price: 4990,
    colors: ['Preta', 'Marrom', 'Vinho', 'Azul Marinho'],
  },
  {
    brand: 'Gshield',
    reference: 'Capa Militar',
    title: 'Capa Militar Gshield Ultra',
    price: 7990,
    colors: ['Preta', 'Azul', 'Verde', 'Cinza'],
  },
] as const;

const CASE_PATTERNS = [
  'Floral',
  'Mármore',
  'Arco-íris',
  'Xadrez',
  'Tie-dye',
  'Astronauta',
  'Oncinha',
  'Geométrica',
  'Aquarela',
  'Girassol',
  'Borboletas',
  'Camuflada',
  'Corações',
  'Estrelas',
  'Abstrata',
];

const FILM_LINES = [
  { brand: 'Geonav', reference: 'Película 3D', title: 'Película de Vidro 3D Geonav', price: 2990 },
  { brand: 'i2GO', reference: 'Película Privacidade', title: 'Película Privacidade i2GO', price: 3990 },
  { brand: 'Gshield', reference: 'Película Hidrogel', title: 'Película Hidrogel Gshield', price: 3490 },
  { brand: 'Gshield', reference: 'Película de Câmera', title: 'Película de Câmera Gshield', price: 2490 },
  { brand: 'Geonav', reference: 'Película Cerâmica', title: 'Película Cerâmica Fosca Geonav', price: 2490 },
] as const;

function words(value: string): string[] {
  return value
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w.length > 1);
}

function phoneProduct(model: PhoneModel, storage: readonly [string, number], color: string, rank: number): ProductSeed {
  // "Samsung Galaxy A55 5G 256GB Azul", "Apple iPhone 15 128GB Rosa", "Motorola Edge 50 256GB Cinza".
  const full = model.name.startsWith(model.brand) ? model.name : `${model.brand} ${model.name}`;
  const name = `${full} ${storage[0]} ${color}`;
  return {
    name,
    brand: model.brand,
    reference: model.reference,
    category: 'phone',
    sellCents: storage[1] * 100,
    description: `Smartphone ${model.brand} ${model.name} com ${storage[0]} de armazenamento, cor ${color}. Aparelho novo, lacrado, com nota fiscal e 1 ano de garantia do fabricante.`,
    tags: ['celular', 'smartphone', model.brand.toLowerCase(), ...words(model.reference), storage[0].toLowerCase()],
    popularity: model.popularity / (1 + rank * 0.6),
    archived: model.archived,
  };
}

function caseProduct(line: (typeof CASE_LINES)[number], model: string, color: string, pop: number): ProductSeed {
  return {
    name: `${line.title} ${model} ${color}`,
    brand: line.brand,
    reference: line.reference,
    category: 'case',
    sellCents: line.price,
    description: `${line.title} para ${model}, cor ${color}. Encaixe perfeito, bordas elevadas que protegem tela e câmera.`,
    tags: ['capinha', 'capa', 'case', ...words(model)],
    popularity: pop,
  };
}

function patternCase(pattern: string, brand: string, model: string, pop: number): ProductSeed {
  return {
    name: `Capa Estampada ${pattern} ${model}`,
    brand,
    reference: 'Capa Estampada',
    category: 'case',
    sellCents: 3490,
    description: `Capa estampada ${pattern.toLowerCase()} para ${model}, em TPU flexível com impressão UV.`,
    tags: ['capinha', 'capa', 'estampada', ...words(model)],
    popularity: pop,
  };
}

function filmProduct(line: (typeof FILM_LINES)[number], model: string, pop: number): ProductSeed {
  return {
    name: `${line.title} ${model}`,
    brand: line.brand,
    reference: line.reference,
    category: 'film',
    sellCents: line.price,
    description: `${line.title} para ${model}. Aplicação fácil, com kit de limpeza.`,
    tags: ['pelicula', 'protetor de tela', 'vidro', ...words(model)],
    popularity: pop,
  };
}

function accessoryProduct(a: Accessory, color: string | undefined, rank: number): ProductSeed {
  const name = color ? `${a.name} ${color}` : a.name;
  return {
    name,
    brand: a.brand,
    reference: a.reference,
    category: a.category,
    sellCents: a.price,
    description: `${a.name}${color ? `, cor ${color}` : ''}. Produto original ${a.brand}, com nota fiscal e garantia.`,
    tags: [...a.tags, a.brand.toLowerCase()],
    popularity: a.popularity / (1 + rank * 0.5),
  };
}

const CURRENT_MODELS = PHONES.filter((p) => !p.archived);

/** The ~400 products of the demo shop (before the scale factor). */
export function curatedCatalogue(): ProductSeed[] {
  const out: ProductSeed[] = [];
  // Phones: the base storage in one or two colours (two for popular models), the larger storage in one.
  for (const model of PHONES) {
    model.storages.forEach((storage, s) => {
      if (model.archived && s > 0) return;
      const colors = s > 0 || model.archived ? 1 : model.popularity >= 6 ? 2 : 1;
      model.colors.slice(0, colors).forEach((color, c) => {
        out.push(phoneProduct(model, storage, color, s + c));
      });
    });
  }
  // Cases: the popular models get silicone (two colours), anti-impact and transparent cases.
  const caseModels = CURRENT_MODELS.filter((m) => m.popularity >= 4);
  for (const model of caseModels) {
    const [silicone, antiImpact, transparent, magsafe, wallet] = CASE_LINES;
    const pop = model.popularity * 1.6;
    out.push(caseProduct(silicone, model.reference, 'Preta', pop));
    if (model.popularity >= 6) out.push(caseProduct(silicone, model.reference, 'Rosa Bebê', pop * 0.7));
    out.push(caseProduct(antiImpact, model.reference, 'Transparente', pop * 1.2));
    out.push(caseProduct(transparent, model.reference, 'Transparente', pop));
    if (model.brand === 'Apple') out.push(caseProduct(magsafe, model.reference, 'Transparente', pop * 0.6));
    if (model.popularity >= 7) out.push(caseProduct(wallet, model.reference, 'Preta', pop * 0.4));
  }
  // Films: 3D glass for every current model, privacy film for the popular ones.
  for (const model of CURRENT_MODELS) {
    const [glass, privacy] = FILM_LINES;
    out.push(filmProduct(glass, model.reference, model.popularity * 1.8));
    if (model.popularity >= 6) out.push(filmProduct(privacy, model.reference, model.popularity * 0.8));
  }
  for (const a of ACCESSORIES) {
    const colors = a.colors ?? [undefined];
    colors.slice(0, 3).forEach((color, rank) => {
      out.push(accessoryProduct(a, color, rank));
    });
  }
  return out;
}

const CASE_BRANDS = ['i2GO', 'Geonav', 'Gshield', 'Baseus'] as const;
const EXTRA_CASE_LINES = [
  'Capa Silicone Aveludada',
  'Capa Anti-impacto',
  'Capa Transparente com Bordas Coloridas',
  'Capa Couro Sintético',
  'Capa Glitter',
  'Capa com Cordão',
  'Capa Fosca Anti-digital',
  'Capa Carteira',
  'Capa Militar',
  'Capa Magnética',
] as const;
const EXTRA_COLORS = [
  'Preta',
  'Azul Marinho',
  'Rosa',
  'Lilás',
  'Verde Menta',
  'Vermelha',
  'Branca',
  'Amarela',
  'Grafite',
  'Bege',
  'Lavanda',
  'Laranja',
];

/** Plausible extra variants for large scales (about 45,000), in a fixed order (the caller shuffles). */
export function expansionCatalogue(): ProductSeed[] {
  const out: ProductSeed[] = [];
  for (const model of PHONES) {
    if (model.archived) continue;
    model.storages.forEach((storage, s) => {
      model.colors.forEach((color, c) => {
        out.push(phoneProduct(model, storage, color, s + c + 1));
      });
    });
  }
  const allModels: [string, number][] = [
    ...PHONES.map((m) => [m.reference, m.popularity] as [string, number]),
    ...ACCESSORY_ONLY_MODELS.map(([m, p]) => [m, p] as [string, number]),
  ];
  for (const [model, popularity] of allModels) {
    for (const brand of CASE_BRANDS) {
      for (const title of EXTRA_CASE_LINES) {
        for (const color of EXTRA_COLORS) {
          out.push({
            name: `${title} ${brand} ${model} ${color}`,
            brand,
            reference: title,
            category: 'case',
            sellCents: 2990 + 500 * (title.length % 8),
            description: `${title} ${brand} para ${model}, cor ${color}.`,
            tags: ['capinha', 'capa', 'case', ...words(model)],
            popularity: popularity * 0.1,
          });
        }
      }
      for (const pattern of CASE_PATTERNS) out.push(patternCase(pattern, brand, model, popularity * 0.2));
    }
    for (const line of FILM_LINES) out.push(filmProduct(line, model, popularity * 0.6));
  }
  for (const a of ACCESSORIES) {
    (a.colors ?? []).forEach((color, rank) => {
      out.push(accessoryProduct(a, color, rank + 1));
    });
  }
  return out;
}

/** Terms customers typed that the shop cannot answer: misspellings and things it does not sell. */
export const SEARCHES_WITHOUT_RESULT = [
  'iphnoe 15',
  'samsumg a55',
  'carregadro turbo',
  'pelicua 3d',
  'capinah a15',
  'motorola g100',
  'xbox series s',
  'playstation 5',
  'apple watch',
  'smartwatch',
  'tablet',
  'galaxy tab s9',
  'notebook',
  'ipad',
  'nintendo switch',
  'kindle',
  'airtag',
  'mi band 8',
  'controle ps4',
  'chip tim',
  'conserto de tela',
  'pixel 8',
] as const;

/** Terms customers typed that find products (counted against the catalogue). */
export const SEARCHES_WITH_RESULT = [
  'iphone 15',
  'iphone 13',
  'iphone 16',
  'iphone 17',
  'galaxy a15',
  'a55',
  'a35',
  'a16',
  'redmi note 13',
  'redmi note 14',
  'moto g84',
  'moto g54',
  'moto g24',
  'poco x6',
  'capinha',
  'capinha a15',
  'capa iphone 15',
  'capa anti-impacto',
  'pelicula',
  'pelicula 3d',
  'pelicula privacidade',
  'carregador',
  'carregador turbo',
  'carregador iphone',
  'cabo usb-c',
  'cabo lightning',
  'fone bluetooth',
  'fone jbl',
  'jbl',
  'caixa de som',
  'power bank',
  'cartao de memoria',
  'suporte moto',
  'samsung',
  'xiaomi',
  'motorola',
  'airpods',
  'baseus',
  'geonav',
  'i2go',
] as const;
