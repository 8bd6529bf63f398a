/** The demo shop's phones (catalogue.ts): models on the Brazilian market, late 2026, prices in reais. */

export interface PhoneModel {
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

/** The last column of a model the shop no longer sells (`archived`). */
const ARCHIVED = 'archived';

/** A phone as a row of its brand's table: reference, name, storages with their prices, colours, popularity, archived. */
type PhoneRow = readonly [
  reference: string,
  name: string,
  storages: PhoneModel['storages'],
  colors: readonly string[],
  popularity: number,
  archived?: typeof ARCHIVED,
];

/** The phones of one brand, from its table's rows (in their order). */
function ofBrand(brand: PhoneModel['brand'], rows: readonly PhoneRow[]): PhoneModel[] {
  return rows.map(([reference, name, storages, colors, popularity, archived]) => ({
    brand,
    reference,
    name,
    storages,
    colors,
    popularity,
    ...(archived ? { archived: true } : {}),
  }));
}

// biome-ignore format: a table, one model a line
export const PHONES: readonly PhoneModel[] = [
  // reference, name, [storage, price in reais], colours, popularity, archived
  ...ofBrand('Samsung', [
    ['Galaxy A05s', 'Galaxy A05s', [['128GB', 849]], ['Preto', 'Prata', 'Verde Claro'], 8],
    ['Galaxy A15', 'Galaxy A15 5G', [['128GB', 1099], ['256GB', 1299]], ['Azul Escuro', 'Azul Claro', 'Amarelo'], 10],
    ['Galaxy A16', 'Galaxy A16 5G', [['128GB', 1199], ['256GB', 1399]], ['Cinza', 'Preto', 'Verde Claro'], 9],
    ['Galaxy A25', 'Galaxy A25 5G', [['128GB', 1399], ['256GB', 1599]], ['Azul Escuro', 'Amarelo', 'Azul Claro'], 7],
    ['Galaxy A26', 'Galaxy A26 5G', [['128GB', 1599], ['256GB', 1799]], ['Preto', 'Branco', 'Verde'], 7],
    ['Galaxy A35', 'Galaxy A35 5G', [['128GB', 1799], ['256GB', 1999]], ['Azul Escuro', 'Lilás', 'Azul Claro'], 8],
    ['Galaxy A36', 'Galaxy A36 5G', [['128GB', 2099], ['256GB', 2299]], ['Preto', 'Branco', 'Lilás'], 6],
    ['Galaxy A55', 'Galaxy A55 5G', [['128GB', 2199], ['256GB', 2499]], ['Azul Escuro', 'Lilás', 'Azul Claro'], 8],
    ['Galaxy A56', 'Galaxy A56 5G', [['128GB', 2599], ['256GB', 2799]], ['Grafite', 'Cinza', 'Rosa'], 5],
    ['Galaxy S24', 'Galaxy S24', [['128GB', 3999], ['256GB', 4499]], ['Preto', 'Violeta', 'Amarelo', 'Cinza'], 4],
    ['Galaxy S24 FE', 'Galaxy S24 FE', [['128GB', 3299], ['256GB', 3599]], ['Azul', 'Grafite', 'Menta'], 4],
    ['Galaxy S24 Ultra', 'Galaxy S24 Ultra', [['256GB', 6999], ['512GB', 7999]], ['Titânio Preto', 'Titânio Cinza', 'Titânio Violeta'], 2],
    ['Galaxy S25', 'Galaxy S25', [['256GB', 5499], ['512GB', 6299]], ['Azul Marinho', 'Azul Gelo', 'Menta', 'Prata'], 3],
    ['Galaxy S25 Ultra', 'Galaxy S25 Ultra', [['256GB', 8499], ['512GB', 9499]], ['Titânio Preto', 'Titânio Prata'], 2],
    ['Galaxy Z Flip6', 'Galaxy Z Flip6', [['256GB', 6499], ['512GB', 7299]], ['Azul', 'Menta', 'Prata'], 1],
    ['Galaxy A14', 'Galaxy A14', [['128GB', 899]], ['Preto', 'Prata'], 4, ARCHIVED],
    ['Galaxy A54', 'Galaxy A54 5G', [['128GB', 1899]], ['Preto', 'Violeta'], 3, ARCHIVED],
  ]),
  ...ofBrand('Apple', [
    ['iPhone 13', 'iPhone 13', [['128GB', 3499]], ['Meia-noite', 'Estelar', 'Azul'], 7],
    ['iPhone 14', 'iPhone 14', [['128GB', 4299], ['256GB', 4999]], ['Meia-noite', 'Estelar', 'Roxo'], 6],
    ['iPhone 15', 'iPhone 15', [['128GB', 4999], ['256GB', 5799]], ['Preto', 'Azul', 'Rosa', 'Verde'], 7],
    ['iPhone 15 Pro', 'iPhone 15 Pro', [['128GB', 6999]], ['Titânio Natural', 'Titânio Preto'], 3],
    ['iPhone 16', 'iPhone 16', [['128GB', 5999], ['256GB', 6799]], ['Preto', 'Branco', 'Ultramarino', 'Rosa'], 5],
    ['iPhone 16e', 'iPhone 16e', [['128GB', 4599]], ['Preto', 'Branco'], 4],
    ['iPhone 16 Pro', 'iPhone 16 Pro', [['256GB', 8999]], ['Titânio-deserto', 'Titânio Preto'], 2],
    ['iPhone 17', 'iPhone 17', [['256GB', 7999]], ['Preto', 'Lavanda', 'Azul-névoa', 'Sálvia', 'Branco'], 4],
    ['iPhone 17 Pro', 'iPhone 17 Pro', [['256GB', 11499]], ['Laranja-cósmico', 'Azul-profundo', 'Prata'], 2],
    ['iPhone 17 Pro Max', 'iPhone 17 Pro Max', [['256GB', 12499]], ['Laranja-cósmico', 'Azul-profundo'], 1],
    ['iPhone Air', 'iPhone Air', [['256GB', 10499]], ['Azul-céu', 'Preto-espacial'], 1],
    ['iPhone 12', 'iPhone 12', [['64GB', 2999]], ['Preto', 'Branco'], 3, ARCHIVED],
    ['iPhone 11', 'iPhone 11', [['64GB', 2499]], ['Preto', 'Branco'], 3, ARCHIVED],
  ]),
  ...ofBrand('Motorola', [
    ['Moto G05', 'Moto G05', [['128GB', 749]], ['Verde', 'Vermelho'], 7],
    ['Moto G15', 'Moto G15', [['128GB', 849]], ['Cinza', 'Verde'], 6],
    ['Moto G24', 'Moto G24', [['128GB', 849]], ['Grafite', 'Azul Lavanda'], 7],
    ['Moto G34', 'Moto G34 5G', [['128GB', 999]], ['Preto', 'Verde'], 7],
    ['Moto G54', 'Moto G54 5G', [['256GB', 1299]], ['Azul', 'Verde', 'Grafite'], 7],
    ['Moto G84', 'Moto G84 5G', [['256GB', 1599]], ['Grafite', 'Magenta Viva', 'Azul Marshmallow'], 6],
    ['Moto G75', 'Moto G75 5G', [['256GB', 1999]], ['Cinza', 'Azul'], 4],
    ['Moto G85', 'Moto G85 5G', [['256GB', 1899]], ['Grafite', 'Azul Cobalto', 'Verde Oliva'], 5],
    ['Edge 40', 'Motorola Edge 40', [['256GB', 2499]], ['Preto', 'Verde'], 3],
    ['Edge 40 Neo', 'Motorola Edge 40 Neo', [['256GB', 1999]], ['Preto', 'Azul'], 3],
    ['Edge 50', 'Motorola Edge 50', [['256GB', 2799]], ['Cinza', 'Verde'], 3],
    ['Edge 50 Fusion', 'Motorola Edge 50 Fusion', [['256GB', 2299]], ['Azul', 'Rosa', 'Verde'], 4],
    ['Razr 50', 'Motorola Razr 50', [['256GB', 4299]], ['Preto', 'Areia'], 1],
    ['Moto E13', 'Moto E13', [['64GB', 599]], ['Preto', 'Verde'], 3, ARCHIVED],
    ['Moto G53', 'Moto G53 5G', [['128GB', 999]], ['Azul', 'Prata'], 3, ARCHIVED],
  ]),
  ...ofBrand('Xiaomi', [
    ['Redmi 13C', 'Redmi 13C', [['128GB', 899], ['256GB', 999]], ['Preto', 'Verde', 'Azul'], 7],
    ['Redmi 14C', 'Redmi 14C', [['128GB', 949], ['256GB', 1049]], ['Preto', 'Azul', 'Verde'], 7],
    ['Redmi Note 13', 'Redmi Note 13', [['128GB', 1399], ['256GB', 1599]], ['Preto', 'Verde Menta', 'Azul Gelo'], 9],
    ['Redmi Note 13 Pro', 'Redmi Note 13 Pro', [['256GB', 2099]], ['Preto', 'Roxo', 'Verde'], 5],
    ['Redmi Note 14', 'Redmi Note 14', [['256GB', 1699]], ['Preto', 'Azul', 'Verde'], 7],
    ['Redmi Note 14 Pro', 'Redmi Note 14 Pro', [['256GB', 2399]], ['Preto', 'Roxo', 'Azul'], 4],
    ['Poco X6', 'Poco X6 5G', [['256GB', 1999]], ['Preto', 'Branco', 'Azul'], 5],
    ['Poco X6 Pro', 'Poco X6 Pro 5G', [['256GB', 2499]], ['Preto', 'Cinza', 'Amarelo'], 4],
    ['Poco X7', 'Poco X7 5G', [['256GB', 2299]], ['Preto', 'Prata', 'Verde'], 4],
    ['Poco M6', 'Poco M6', [['256GB', 1199]], ['Preto', 'Roxo'], 4],
    ['Redmi Note 12', 'Redmi Note 12', [['128GB', 1199]], ['Cinza', 'Azul'], 3, ARCHIVED],
  ]),
];
