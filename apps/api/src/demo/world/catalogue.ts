/**
 * The catalogue of the demo shop: phones and accessories that exist on the Brazilian market, with
 * realistic prices (late 2026, in cents). `curatedCatalogue()` is the ~400-product shop;
 * `expansionCatalogue()` yields many more plausible variants for `--scale`.
 */

export type Category =
  | 'phone'
  | 'case'
  | 'film'
  | 'charger'
  | 'cable'
  | 'power'
  | 'audio'
  | 'speaker'
  | 'memory'
  | 'holder';

/** The NCM of each kind of product (TIPI): the demo products' and what the suppliers' notes say. */
export const NCM: Record<Category, string> = {
  phone: '85171300',
  case: '39269090',
  film: '39199090',
  charger: '85044010',
  cable: '85444200',
  power: '85076000',
  audio: '85183000',
  speaker: '85182200',
  memory: '85235110',
  holder: '39269090',
};

/**
 * The CEST of each kind (issue 55 §2): its NCM's row in the Convênio ICMS 142/2018's annex (the contract's
 * CEST_ANNEX: 21.053.00 cell phones, 21.037.00 chargers, 12.007.00 cables, 21.057.00 headphones and speakers,
 * 21.062.00 memory cards); null where the annex has no row for the NCM (cases, films, holders, lithium power banks).
 * The phones are sold under ICMS-ST (CSOSN 500, demo/fiscal.ts): their notes need it (806).
 */
export const CEST: Record<Category, string | null> = {
  phone: '2105300',
  case: null,
  film: null,
  charger: '2103700',
  cable: '1200700',
  power: null,
  audio: '2105700',
  speaker: '2105700',
  memory: '2106200',
  holder: null,
};

export const CATEGORY_LABELS: Record<Category, string> = {
  phone: 'Celular',
  case: 'Capinha',
  film: 'Película',
  charger: 'Carregador',
  cable: 'Cabo',
  power: 'Carregador portátil',
  audio: 'Fone',
  speaker: 'Caixa de som',
  memory: 'Cartão de memória',
  holder: 'Suporte',
};

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

interface PhoneModel {
  brand: 'Samsung' | 'Apple' | 'Motorola' | 'Xiaomi';
  /** The brand's reference (model family), e.g. "Galaxy A55". */
  reference: string;
  /** Full commercial name without storage and colour, e.g. "Galaxy A55 5G". */
  name: string;
  /** [storage, price in reais] */
  storages: readonly (readonly [string, number])[];
  colors: readonly string[];
  popularity: number;
  archived?: boolean;
}

export const PHONES: readonly PhoneModel[] = [
  // Samsung
  {
    brand: 'Samsung',
    reference: 'Galaxy A05s',
    name: 'Galaxy A05s',
    storages: [['128GB', 849]],
    colors: ['Preto', 'Prata', 'Verde Claro'],
    popularity: 8,
  },
  {
    brand: 'Samsung',
    reference: 'Galaxy A15',
    name: 'Galaxy A15 5G',
    storages: [
      ['128GB', 1099],
      ['256GB', 1299],
    ],
    colors: ['Azul Escuro', 'Azul Claro', 'Amarelo'],
    popularity: 10,
  },
  {
    brand: 'Samsung',
    reference: 'Galaxy A16',
    name: 'Galaxy A16 5G',
    storages: [
      ['128GB', 1199],
      ['256GB', 1399],
    ],
    colors: ['Cinza', 'Preto', 'Verde Claro'],
    popularity: 9,
  },
  {
    brand: 'Samsung',
    reference: 'Galaxy A25',
    name: 'Galaxy A25 5G',
    storages: [
      ['128GB', 1399],
      ['256GB', 1599],
    ],
    colors: ['Azul Escuro', 'Amarelo', 'Azul Claro'],
    popularity: 7,
  },
  {
    brand: 'Samsung',
    reference: 'Galaxy A26',
    name: 'Galaxy A26 5G',
    storages: [
      ['128GB', 1599],
      ['256GB', 1799],
    ],
    colors: ['Preto', 'Branco', 'Verde'],
    popularity: 7,
  },
  {
    brand: 'Samsung',
    reference: 'Galaxy A35',
    name: 'Galaxy A35 5G',
    storages: [
      ['128GB', 1799],
      ['256GB', 1999],
    ],
    colors: ['Azul Escuro', 'Lilás', 'Azul Claro'],
    popularity: 8,
  },
  {
    brand: 'Samsung',
    reference: 'Galaxy A36',
    name: 'Galaxy A36 5G',
    storages: [
      ['128GB', 2099],
      ['256GB', 2299],
    ],
    colors: ['Preto', 'Branco', 'Lilás'],
    popularity: 6,
  },
  {
    brand: 'Samsung',
    reference: 'Galaxy A55',
    name: 'Galaxy A55 5G',
    storages: [
      ['128GB', 2199],
      ['256GB', 2499],
    ],
    colors: ['Azul Escuro', 'Lilás', 'Azul Claro'],
    popularity: 8,
  },
  {
    brand: 'Samsung',
    reference: 'Galaxy A56',
    name: 'Galaxy A56 5G',
    storages: [
      ['128GB', 2599],
      ['256GB', 2799],
    ],
    colors: ['Grafite', 'Cinza', 'Rosa'],
    popularity: 5,
  },
  {
    brand: 'Samsung',
    reference: 'Galaxy S24',
    name: 'Galaxy S24',
    storages: [
      ['128GB', 3999],
      ['256GB', 4499],
    ],
    colors: ['Preto', 'Violeta', 'Amarelo', 'Cinza'],
    popularity: 4,
  },
  {
    brand: 'Samsung',
    reference: 'Galaxy S24 FE',
    name: 'Galaxy S24 FE',
    storages: [
      ['128GB', 3299],
      ['256GB', 3599],
    ],
    colors: ['Azul', 'Grafite', 'Menta'],
    popularity: 4,
  },
  {
    brand: 'Samsung',
    reference: 'Galaxy S24 Ultra',
    name: 'Galaxy S24 Ultra',
    storages: [
      ['256GB', 6999],
      ['512GB', 7999],
    ],
    colors: ['Titânio Preto', 'Titânio Cinza', 'Titânio Violeta'],
    popularity: 2,
  },
  {
    brand: 'Samsung',
    reference: 'Galaxy S25',
    name: 'Galaxy S25',
    storages: [
      ['256GB', 5499],
      ['512GB', 6299],
    ],
    colors: ['Azul Marinho', 'Azul Gelo', 'Menta', 'Prata'],
    popularity: 3,
  },
  {
    brand: 'Samsung',
    reference: 'Galaxy S25 Ultra',
    name: 'Galaxy S25 Ultra',
    storages: [
      ['256GB', 8499],
      ['512GB', 9499],
    ],
    colors: ['Titânio Preto', 'Titânio Prata'],
    popularity: 2,
  },
  {
    brand: 'Samsung',
    reference: 'Galaxy Z Flip6',
    name: 'Galaxy Z Flip6',
    storages: [
      ['256GB', 6499],
      ['512GB', 7299],
    ],
    colors: ['Azul', 'Menta', 'Prata'],
    popularity: 1,
  },
  {
    brand: 'Samsung',
    reference: 'Galaxy A14',
    name: 'Galaxy A14',
    storages: [['128GB', 899]],
    colors: ['Preto', 'Prata'],
    popularity: 4,
    archived: true,
  },
  {
    brand: 'Samsung',
    reference: 'Galaxy A54',
    name: 'Galaxy A54 5G',
    storages: [['128GB', 1899]],
    colors: ['Preto', 'Violeta'],
    popularity: 3,
    archived: true,
  },
  // Apple
  {
    brand: 'Apple',
    reference: 'iPhone 13',
    name: 'iPhone 13',
    storages: [['128GB', 3499]],
    colors: ['Meia-noite', 'Estelar', 'Azul'],
    popularity: 7,
  },
  {
    brand: 'Apple',
    reference: 'iPhone 14',
    name: 'iPhone 14',
    storages: [
      ['128GB', 4299],
      ['256GB', 4999],
    ],
    colors: ['Meia-noite', 'Estelar', 'Roxo'],
    popularity: 6,
  },
  {
    brand: 'Apple',
    reference: 'iPhone 15',
    name: 'iPhone 15',
    storages: [
      ['128GB', 4999],
      ['256GB', 5799],
    ],
    colors: ['Preto', 'Azul', 'Rosa', 'Verde'],
    popularity: 7,
  },
  {
    brand: 'Apple',
    reference: 'iPhone 15 Pro',
    name: 'iPhone 15 Pro',
    storages: [['128GB', 6999]],
    colors: ['Titânio Natural', 'Titânio Preto'],
    popularity: 3,
  },
  {
    brand: 'Apple',
    reference: 'iPhone 16',
    name: 'iPhone 16',
    storages: [
      ['128GB', 5999],
      ['256GB', 6799],
    ],
    colors: ['Preto', 'Branco', 'Ultramarino', 'Rosa'],
    popularity: 5,
  },
  {
    brand: 'Apple',
    reference: 'iPhone 16e',
    name: 'iPhone 16e',
    storages: [['128GB', 4599]],
    colors: ['Preto', 'Branco'],
    popularity: 4,
  },
  {
    brand: 'Apple',
    reference: 'iPhone 16 Pro',
    name: 'iPhone 16 Pro',
    storages: [['256GB', 8999]],
    colors: ['Titânio-deserto', 'Titânio Preto'],
    popularity: 2,
  },
  {
    brand: 'Apple',
    reference: 'iPhone 17',
    name: 'iPhone 17',
    storages: [['256GB', 7999]],
    colors: ['Preto', 'Lavanda', 'Azul-névoa', 'Sálvia', 'Branco'],
    popularity: 4,
  },
  {
    brand: 'Apple',
    reference: 'iPhone 17 Pro',
    name: 'iPhone 17 Pro',
    storages: [['256GB', 11499]],
    colors: ['Laranja-cósmico', 'Azul-profundo', 'Prata'],
    popularity: 2,
  },
  {
    brand: 'Apple',
    reference: 'iPhone 17 Pro Max',
    name: 'iPhone 17 Pro Max',
    storages: [['256GB', 12499]],
    colors: ['Laranja-cósmico', 'Azul-profundo'],
    popularity: 1,
  },
  {
    brand: 'Apple',
    reference: 'iPhone Air',
    name: 'iPhone Air',
    storages: [['256GB', 10499]],
    colors: ['Azul-céu', 'Preto-espacial'],
    popularity: 1,
  },
  {
    brand: 'Apple',
    reference: 'iPhone 12',
    name: 'iPhone 12',
    storages: [['64GB', 2999]],
    colors: ['Preto', 'Branco'],
    popularity: 3,
    archived: true,
  },
  {
    brand: 'Apple',
    reference: 'iPhone 11',
    name: 'iPhone 11',
    storages: [['64GB', 2499]],
    colors: ['Preto', 'Branco'],
    popularity: 3,
    archived: true,
  },
  // Motorola
  {
    brand: 'Motorola',
    reference: 'Moto G05',
    name: 'Moto G05',
    storages: [['128GB', 749]],
    colors: ['Verde', 'Vermelho'],
    popularity: 7,
  },
  {
    brand: 'Motorola',
    reference: 'Moto G15',
    name: 'Moto G15',
    storages: [['128GB', 849]],
    colors: ['Cinza', 'Verde'],
    popularity: 6,
  },
  {
    brand: 'Motorola',
    reference: 'Moto G24',
    name: 'Moto G24',
    storages: [['128GB', 849]],
    colors: ['Grafite', 'Azul Lavanda'],
    popularity: 7,
  },
  {
    brand: 'Motorola',
    reference: 'Moto G34',
    name: 'Moto G34 5G',
    storages: [['128GB', 999]],
    colors: ['Preto', 'Verde'],
    popularity: 7,
  },
  {
    brand: 'Motorola',
    reference: 'Moto G54',
    name: 'Moto G54 5G',
    storages: [['256GB', 1299]],
    colors: ['Azul', 'Verde', 'Grafite'],
    popularity: 7,
  },
  {
    brand: 'Motorola',
    reference: 'Moto G84',
    name: 'Moto G84 5G',
    storages: [['256GB', 1599]],
    colors: ['Grafite', 'Magenta Viva', 'Azul Marshmallow'],
    popularity: 6,
  },
  {
    brand: 'Motorola',
    reference: 'Moto G75',
    name: 'Moto G75 5G',
    storages: [['256GB', 1999]],
    colors: ['Cinza', 'Azul'],
    popularity: 4,
  },
  {
    brand: 'Motorola',
    reference: 'Moto G85',
    name: 'Moto G85 5G',
    storages: [['256GB', 1899]],
    colors: ['Grafite', 'Azul Cobalto', 'Verde Oliva'],
    popularity: 5,
  },
  {
    brand: 'Motorola',
    reference: 'Edge 40',
    name: 'Motorola Edge 40',
    storages: [['256GB', 2499]],
    colors: ['Preto', 'Verde'],
    popularity: 3,
  },
  {
    brand: 'Motorola',
    reference: 'Edge 40 Neo',
    name: 'Motorola Edge 40 Neo',
    storages: [['256GB', 1999]],
    colors: ['Preto', 'Azul'],
    popularity: 3,
  },
  {
    brand: 'Motorola',
    reference: 'Edge 50',
    name: 'Motorola Edge 50',
    storages: [['256GB', 2799]],
    colors: ['Cinza', 'Verde'],
    popularity: 3,
  },
  {
    brand: 'Motorola',
    reference: 'Edge 50 Fusion',
    name: 'Motorola Edge 50 Fusion',
    storages: [['256GB', 2299]],
    colors: ['Azul', 'Rosa', 'Verde'],
    popularity: 4,
  },
  {
    brand: 'Motorola',
    reference: 'Razr 50',
    name: 'Motorola Razr 50',
    storages: [['256GB', 4299]],
    colors: ['Preto', 'Areia'],
    popularity: 1,
  },
  {
    brand: 'Motorola',
    reference: 'Moto E13',
    name: 'Moto E13',
    storages: [['64GB', 599]],
    colors: ['Preto', 'Verde'],
    popularity: 3,
    archived: true,
  },
  {
    brand: 'Motorola',
    reference: 'Moto G53',
    name: 'Moto G53 5G',
    storages: [['128GB', 999]],
    colors: ['Azul', 'Prata'],
    popularity: 3,
    archived: true,
  },
  // Xiaomi
  {
    brand: 'Xiaomi',
    reference: 'Redmi 13C',
    name: 'Redmi 13C',
    storages: [
      ['128GB', 899],
      ['256GB', 999],
    ],
    colors: ['Preto', 'Verde', 'Azul'],
    popularity: 7,
  },
  {
    brand: 'Xiaomi',
    reference: 'Redmi 14C',
    name: 'Redmi 14C',
    storages: [
      ['128GB', 949],
      ['256GB', 1049],
    ],
    colors: ['Preto', 'Azul', 'Verde'],
    popularity: 7,
  },
  {
    brand: 'Xiaomi',
    reference: 'Redmi Note 13',
    name: 'Redmi Note 13',
    storages: [
      ['128GB', 1399],
      ['256GB', 1599],
    ],
    colors: ['Preto', 'Verde Menta', 'Azul Gelo'],
    popularity: 9,
  },
  {
    brand: 'Xiaomi',
    reference: 'Redmi Note 13 Pro',
    name: 'Redmi Note 13 Pro',
    storages: [['256GB', 2099]],
    colors: ['Preto', 'Roxo', 'Verde'],
    popularity: 5,
  },
  {
    brand: 'Xiaomi',
    reference: 'Redmi Note 14',
    name: 'Redmi Note 14',
    storages: [['256GB', 1699]],
    colors: ['Preto', 'Azul', 'Verde'],
    popularity: 7,
  },
  {
    brand: 'Xiaomi',
    reference: 'Redmi Note 14 Pro',
    name: 'Redmi Note 14 Pro',
    storages: [['256GB', 2399]],
    colors: ['Preto', 'Roxo', 'Azul'],
    popularity: 4,
  },
  {
    brand: 'Xiaomi',
    reference: 'Poco X6',
    name: 'Poco X6 5G',
    storages: [['256GB', 1999]],
    colors: ['Preto', 'Branco', 'Azul'],
    popularity: 5,
  },
  {
    brand: 'Xiaomi',
    reference: 'Poco X6 Pro',
    name: 'Poco X6 Pro 5G',
    storages: [['256GB', 2499]],
    colors: ['Preto', 'Cinza', 'Amarelo'],
    popularity: 4,
  },
  {
    brand: 'Xiaomi',
    reference: 'Poco X7',
    name: 'Poco X7 5G',
    storages: [['256GB', 2299]],
    colors: ['Preto', 'Prata', 'Verde'],
    popularity: 4,
  },
  {
    brand: 'Xiaomi',
    reference: 'Poco M6',
    name: 'Poco M6',
    storages: [['256GB', 1199]],
    colors: ['Preto', 'Roxo'],
    popularity: 4,
  },
  {
    brand: 'Xiaomi',
    reference: 'Redmi Note 12',
    name: 'Redmi Note 12',
    storages: [['128GB', 1199]],
    colors: ['Cinza', 'Azul'],
    popularity: 3,
    archived: true,
  },
];

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

interface Accessory {
  name: string;
  brand: string;
  reference: string;
  category: Category;
  price: number;
  colors?: readonly string[];
  popularity: number;
  tags: readonly string[];
}

const ACCESSORIES: readonly Accessory[] = [
  // chargers
  {
    name: 'Carregador Samsung 25W USB-C Super Fast Charging',
    brand: 'Samsung',
    reference: 'Carregador 25W',
    category: 'charger',
    price: 9900,
    colors: ['Preto', 'Branco'],
    popularity: 8,
    tags: ['carregador', 'turbo', 'fonte', 'usb-c'],
  },
  {
    name: 'Carregador Samsung 45W USB-C Super Fast Charging 2.0',
    brand: 'Samsung',
    reference: 'Carregador 45W',
    category: 'charger',
    price: 19900,
    colors: ['Preto'],
    popularity: 3,
    tags: ['carregador', 'turbo', 'fonte', 'usb-c'],
  },
  {
    name: 'Carregador Apple 20W USB-C',
    brand: 'Apple',
    reference: 'Carregador 20W',
    category: 'charger',
    price: 21900,
    colors: ['Branco'],
    popularity: 6,
    tags: ['carregador', 'fonte', 'iphone', 'usb-c'],
  },
  {
    name: 'Carregador Motorola TurboPower 30W USB-C',
    brand: 'Motorola',
    reference: 'TurboPower 30W',
    category: 'charger',
    price: 11900,
    colors: ['Preto'],
    popularity: 5,
    tags: ['carregador', 'turbo', 'fonte', 'usb-c'],
  },
  {
    name: 'Carregador Xiaomi 33W USB-A',
    brand: 'Xiaomi',
    reference: 'Carregador 33W',
    category: 'charger',
    price: 8900,
    colors: ['Branco'],
    popularity: 5,
    tags: ['carregador', 'turbo', 'fonte'],
  },
  {
    name: 'Carregador Baseus GaN5 Pro 65W 2 USB-C + USB',
    brand: 'Baseus',
    reference: 'GaN5 Pro 65W',
    category: 'charger',
    price: 24900,
    colors: ['Preto', 'Branco'],
    popularity: 3,
    tags: ['carregador', 'gan', 'notebook', 'usb-c'],
  },
  {
    name: 'Carregador Geonav 20W USB-C PD',
    brand: 'Geonav',
    reference: 'Carregador 20W PD',
    category: 'charger',
    price: 6990,
    colors: ['Branco', 'Preto'],
    popularity: 7,
    tags: ['carregador', 'turbo', 'fonte', 'usb-c', 'iphone'],
  },
  {
    name: 'Carregador i2GO 20W com Cabo USB-C',
    brand: 'i2GO',
    reference: 'Carregador 20W',
    category: 'charger',
    price: 5990,
    colors: ['Branco'],
    popularity: 7,
    tags: ['carregador', 'fonte', 'usb-c'],
  },
  {
    name: 'Carregador Anker Nano 20W USB-C',
    brand: 'Anker',
    reference: 'Nano 20W',
    category: 'charger',
    price: 12900,
    colors: ['Branco', 'Azul', 'Roxo'],
    popularity: 3,
    tags: ['carregador', 'fonte', 'usb-c', 'iphone'],
  },
  {
    name: 'Carregador UGREEN Nexode 65W 3 Portas',
    brand: 'UGREEN',
    reference: 'Nexode 65W',
    category: 'charger',
    price: 27900,
    colors: ['Cinza'],
    popularity: 2,
    tags: ['carregador', 'gan', 'notebook', 'usb-c'],
  },
  {
    name: 'Carregador Veicular Baseus 30W USB-C + USB',
    brand: 'Baseus',
    reference: 'Carregador Veicular 30W',
    category: 'charger',
    price: 8990,
    colors: ['Preto'],
    popularity: 4,
    tags: ['carregador', 'veicular', 'carro', 'usb-c'],
  },
  {
    name: 'Carregador Veicular i2GO 2 USB 2,4A',
    brand: 'i2GO',
    reference: 'Carregador Veicular',
    category: 'charger',
    price: 3990,
    colors: ['Preto'],
    popularity: 4,
    tags: ['carregador', 'veicular', 'carro'],
  },
  // cables
  {
    name: 'Cabo Samsung USB-C para USB-C 1m',
    brand: 'Samsung',
    reference: 'Cabo USB-C',
    category: 'cable',
    price: 5900,
    colors: ['Preto', 'Branco'],
    popularity: 7,
    tags: ['cabo', 'usb-c', 'tipo c'],
  },
  {
    name: 'Cabo Apple USB-C para Lightning 1m',
    brand: 'Apple',
    reference: 'Cabo Lightning',
    category: 'cable',
    price: 21900,
    colors: ['Branco'],
    popularity: 4,
    tags: ['cabo', 'lightning', 'iphone'],
  },
  {
    name: 'Cabo Apple USB-C Trançado 1m',
    brand: 'Apple',
    reference: 'Cabo USB-C',
    category: 'cable',
    price: 23900,
    colors: ['Branco'],
    popularity: 2,
    tags: ['cabo', 'usb-c', 'iphone 15'],
  },
  {
    name: 'Cabo Baseus USB-C 100W Trançado 2m',
    brand: 'Baseus',
    reference: 'Cabo USB-C 100W',
    category: 'cable',
    price: 6990,
    colors: ['Preto', 'Branco', 'Azul'],
    popularity: 5,
    tags: ['cabo', 'usb-c', 'tipo c', 'turbo'],
  },
  {
    name: 'Cabo i2GO USB para USB-C 2m Reforçado',
    brand: 'i2GO',
    reference: 'Cabo USB-C 2m',
    category: 'cable',
    price: 2990,
    colors: ['Preto', 'Branco', 'Vermelho'],
    popularity: 8,
    tags: ['cabo', 'usb-c', 'tipo c'],
  },
  {
    name: 'Cabo i2GO USB para Lightning 1,2m',
    brand: 'i2GO',
    reference: 'Cabo Lightning',
    category: 'cable',
    price: 2990,
    colors: ['Branco', 'Preto'],
    popularity: 7,
    tags: ['cabo', 'lightning', 'iphone'],
  },
  {
    name: 'Cabo Geonav USB-C para Lightning 1,5m',
    brand: 'Geonav',
    reference: 'Cabo Lightning PD',
    category: 'cable',
    price: 4990,
    colors: ['Branco'],
    popularity: 5,
    tags: ['cabo', 'lightning', 'iphone', 'turbo'],
  },
  {
    name: 'Cabo Geonav Micro USB 1m',
    brand: 'Geonav',
    reference: 'Cabo Micro USB',
    category: 'cable',
    price: 1990,
    colors: ['Preto'],
    popularity: 3,
    tags: ['cabo', 'micro usb', 'v8'],
  },
  {
    name: 'Cabo UGREEN USB-C 60W 1m',
    brand: 'UGREEN',
    reference: 'Cabo USB-C 60W',
    category: 'cable',
    price: 4990,
    colors: ['Preto', 'Cinza'],
    popularity: 3,
    tags: ['cabo', 'usb-c', 'tipo c'],
  },
  // portable chargers
  {
    name: 'Carregador Portátil Baseus 10000mAh 20W',
    brand: 'Baseus',
    reference: 'Power Bank 10000mAh',
    category: 'power',
    price: 15900,
    colors: ['Preto', 'Branco'],
    popularity: 4,
    tags: ['power bank', 'carregador portatil', 'bateria externa'],
  },
  {
    name: 'Carregador Portátil Xiaomi 10000mAh 22,5W',
    brand: 'Xiaomi',
    reference: 'Power Bank 10000mAh',
    category: 'power',
    price: 13900,
    colors: ['Preto'],
    popularity: 4,
    tags: ['power bank', 'carregador portatil', 'bateria externa'],
  },
  {
    name: 'Carregador Portátil Geonav 10000mAh com Display',
    brand: 'Geonav',
    reference: 'Power Bank 10000mAh',
    category: 'power',
    price: 11900,
    colors: ['Preto', 'Branco'],
    popularity: 3,
    tags: ['power bank', 'carregador portatil', 'bateria externa'],
  },
  {
    name: 'Carregador Portátil Anker PowerCore 20000mAh',
    brand: 'Anker',
    reference: 'PowerCore 20000',
    category: 'power',
    price: 24900,
    colors: ['Preto'],
    popularity: 2,
    tags: ['power bank', 'carregador portatil', 'bateria externa'],
  },
  // audio
  {
    name: 'Fone de Ouvido Bluetooth JBL Tune 520BT',
    brand: 'JBL',
    reference: 'Tune 520BT',
    category: 'audio',
    price: 29900,
    colors: ['Preto', 'Azul', 'Branco', 'Roxo'],
    popularity: 6,
    tags: ['fone', 'headphone', 'bluetooth', 'sem fio'],
  },
  {
    name: 'Fone de Ouvido Bluetooth JBL Tune 720BT',
    brand: 'JBL',
    reference: 'Tune 720BT',
    category: 'audio',
    price: 39900,
    colors: ['Preto', 'Azul'],
    popularity: 3,
    tags: ['fone', 'headphone', 'bluetooth', 'sem fio'],
  },
  {
    name: 'Fone de Ouvido JBL Wave Buds 2',
    brand: 'JBL',
    reference: 'Wave Buds 2',
    category: 'audio',
    price: 34900,
    colors: ['Preto', 'Branco', 'Azul'],
    popularity: 5,
    tags: ['fone', 'tws', 'bluetooth', 'sem fio', 'in-ear'],
  },
  {
    name: 'Fone de Ouvido JBL Tune Flex',
    brand: 'JBL',
    reference: 'Tune Flex',
    category: 'audio',
    price: 49900,
    colors: ['Preto', 'Branco'],
    popularity: 2,
    tags: ['fone', 'tws', 'bluetooth', 'cancelamento de ruido'],
  },
  {
    name: 'Fone de Ouvido JBL Vibe Beam',
    brand: 'JBL',
    reference: 'Vibe Beam',
    category: 'audio',
    price: 29900,
    colors: ['Preto', 'Bege'],
    popularity: 3,
    tags: ['fone', 'tws', 'bluetooth', 'sem fio'],
  },
  {
    name: 'AirPods 4',
    brand: 'Apple',
    reference: 'AirPods 4',
    category: 'audio',
    price: 119900,
    colors: ['Branco'],
    popularity: 2,
    tags: ['fone', 'airpods', 'bluetooth', 'iphone'],
  },
  {
    name: 'AirPods Pro 2 com Estojo USB-C',
    brand: 'Apple',
    reference: 'AirPods Pro 2',
    category: 'audio',
    price: 229900,
    colors: ['Branco'],
    popularity: 1,
    tags: ['fone', 'airpods', 'bluetooth', 'cancelamento de ruido'],
  },
  {
    name: 'Fone de Ouvido Samsung Galaxy Buds FE',
    brand: 'Samsung',
    reference: 'Galaxy Buds FE',
    category: 'audio',
    price: 49900,
    colors: ['Grafite', 'Branco'],
    popularity: 3,
    tags: ['fone', 'buds', 'bluetooth', 'cancelamento de ruido'],
  },
  {
    name: 'Fone de Ouvido Samsung Galaxy Buds3',
    brand: 'Samsung',
    reference: 'Galaxy Buds3',
    category: 'audio',
    price: 99900,
    colors: ['Prata', 'Branco'],
    popularity: 1,
    tags: ['fone', 'buds', 'bluetooth'],
  },
  {
    name: 'Fone de Ouvido Xiaomi Redmi Buds 6 Active',
    brand: 'Xiaomi',
    reference: 'Redmi Buds 6 Active',
    category: 'audio',
    price: 14900,
    colors: ['Preto', 'Branco', 'Rosa'],
    popularity: 6,
    tags: ['fone', 'tws', 'bluetooth', 'sem fio'],
  },
  {
    name: 'Fone de Ouvido Motorola Moto Buds',
    brand: 'Motorola',
    reference: 'Moto Buds',
    category: 'audio',
    price: 39900,
    colors: ['Azul', 'Cinza'],
    popularity: 2,
    tags: ['fone', 'tws', 'bluetooth'],
  },
  {
    name: 'Fone de Ouvido com Fio i2GO P2 com Microfone',
    brand: 'i2GO',
    reference: 'Fone com Fio P2',
    category: 'audio',
    price: 2990,
    colors: ['Preto', 'Branco'],
    popularity: 6,
    tags: ['fone', 'com fio', 'p2', 'microfone'],
  },
  {
    name: 'Fone de Ouvido com Fio Geonav USB-C',
    brand: 'Geonav',
    reference: 'Fone USB-C',
    category: 'audio',
    price: 4990,
    colors: ['Branco'],
    popularity: 4,
    tags: ['fone', 'com fio', 'usb-c', 'tipo c'],
  },
  // speakers
  {
    name: 'Caixa de Som Bluetooth JBL Go 4',
    brand: 'JBL',
    reference: 'Go 4',
    category: 'speaker',
    price: 29900,
    colors: ['Preta', 'Azul', 'Vermelha', 'Rosa'],
    popularity: 4,
    tags: ['caixa de som', 'bluetooth', 'speaker', 'portatil'],
  },
  {
    name: 'Caixa de Som Bluetooth JBL Clip 5',
    brand: 'JBL',
    reference: 'Clip 5',
    category: 'speaker',
    price: 44900,
    colors: ['Preta', 'Azul'],
    popularity: 2,
    tags: ['caixa de som', 'bluetooth', 'speaker', 'portatil'],
  },
  {
    name: 'Caixa de Som Bluetooth JBL Flip 6',
    brand: 'JBL',
    reference: 'Flip 6',
    category: 'speaker',
    price: 69900,
    colors: ['Preta', 'Azul', 'Vermelha'],
    popularity: 2,
    tags: ['caixa de som', 'bluetooth', 'speaker', 'a prova d agua'],
  },
  {
    name: 'Caixa de Som Bluetooth JBL Charge 5',
    brand: 'JBL',
    reference: 'Charge 5',
    category: 'speaker',
    price: 99900,
    colors: ['Preta', 'Azul'],
    popularity: 1,
    tags: ['caixa de som', 'bluetooth', 'speaker', 'power bank'],
  },
  // memory
  {
    name: 'Cartão de Memória SanDisk Ultra microSD 64GB',
    brand: 'SanDisk',
    reference: 'Ultra microSD',
    category: 'memory',
    price: 4990,
    popularity: 4,
    tags: ['cartao de memoria', 'micro sd', 'sd'],
  },
  {
    name: 'Cartão de Memória SanDisk Ultra microSD 128GB',
    brand: 'SanDisk',
    reference: 'Ultra microSD',
    category: 'memory',
    price: 7990,
    popularity: 4,
    tags: ['cartao de memoria', 'micro sd', 'sd'],
  },
  {
    name: 'Cartão de Memória SanDisk Ultra microSD 256GB',
    brand: 'SanDisk',
    reference: 'Ultra microSD',
    category: 'memory',
    price: 14990,
    popularity: 2,
    tags: ['cartao de memoria', 'micro sd', 'sd'],
  },
  {
    name: 'Cartão de Memória Kingston Canvas Select Plus 64GB',
    brand: 'Kingston',
    reference: 'Canvas Select Plus',
    category: 'memory',
    price: 4490,
    popularity: 3,
    tags: ['cartao de memoria', 'micro sd', 'sd'],
  },
  {
    name: 'Cartão de Memória Kingston Canvas Select Plus 128GB',
    brand: 'Kingston',
    reference: 'Canvas Select Plus',
    category: 'memory',
    price: 6990,
    popularity: 3,
    tags: ['cartao de memoria', 'micro sd', 'sd'],
  },
  // holders
  {
    name: 'Suporte Veicular Magnético i2GO para Saída de Ar',
    brand: 'i2GO',
    reference: 'Suporte Veicular',
    category: 'holder',
    price: 3990,
    colors: ['Preto'],
    popularity: 4,
    tags: ['suporte', 'veicular', 'carro', 'magnetico'],
  },
  {
    name: 'Suporte Veicular Baseus com Ventosa',
    brand: 'Baseus',
    reference: 'Suporte Veicular',
    category: 'holder',
    price: 8990,
    colors: ['Preto'],
    popularity: 2,
    tags: ['suporte', 'veicular', 'carro'],
  },
  {
    name: 'Suporte de Celular para Moto Geonav à Prova d’Água',
    brand: 'Geonav',
    reference: 'Suporte para Moto',
    category: 'holder',
    price: 5990,
    colors: ['Preto'],
    popularity: 4,
    tags: ['suporte', 'moto', 'motoboy', 'guidao'],
  },
  {
    name: 'Anel Suporte de Dedo i2GO',
    brand: 'i2GO',
    reference: 'Anel Suporte',
    category: 'holder',
    price: 1490,
    colors: ['Preto', 'Prata', 'Rosa', 'Dourado'],
    popularity: 5,
    tags: ['suporte', 'anel', 'pop socket'],
  },
];

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
