/** The demo shop's accessories (catalogue.ts): chargers, cables, audio and the rest, prices in cents. */
import type { Category } from './catalogue-kinds';

export interface Accessory {
  name: string;
  brand: string;
  reference: string;
  category: Category;
  price: number;
  colors?: readonly string[];
  popularity: number;
  tags: readonly string[];
}

/** An accessory as a row of its kind's table: name, brand, reference, price, colours (null: none), popularity, tags. */
type AccessoryRow = readonly [
  name: string,
  brand: string,
  reference: string,
  price: number,
  colors: readonly string[] | null,
  popularity: number,
  tags: readonly string[],
];

/** The accessories of one kind, from its table's rows (in their order). */
function ofKind(category: Category, rows: readonly AccessoryRow[]): Accessory[] {
  return rows.map(([name, brand, reference, price, colors, popularity, tags]) => ({
    name,
    brand,
    reference,
    category,
    price,
    ...(colors ? { colors } : {}),
    popularity,
    tags,
  }));
}

// biome-ignore format: a table, one accessory a line
export const ACCESSORIES: readonly Accessory[] = [
  // name, brand, reference, price (cents), colours, popularity, tags
  ...ofKind('charger', [
    ['Carregador Samsung 25W USB-C Super Fast Charging', 'Samsung', 'Carregador 25W', 9900, ['Preto', 'Branco'], 8, ['carregador', 'turbo', 'fonte', 'usb-c']],
    ['Carregador Samsung 45W USB-C Super Fast Charging 2.0', 'Samsung', 'Carregador 45W', 19900, ['Preto'], 3, ['carregador', 'turbo', 'fonte', 'usb-c']],
    ['Carregador Apple 20W USB-C', 'Apple', 'Carregador 20W', 21900, ['Branco'], 6, ['carregador', 'fonte', 'iphone', 'usb-c']],
    ['Carregador Motorola TurboPower 30W USB-C', 'Motorola', 'TurboPower 30W', 11900, ['Preto'], 5, ['carregador', 'turbo', 'fonte', 'usb-c']],
    ['Carregador Xiaomi 33W USB-A', 'Xiaomi', 'Carregador 33W', 8900, ['Branco'], 5, ['carregador', 'turbo', 'fonte']],
    ['Carregador Baseus GaN5 Pro 65W 2 USB-C + USB', 'Baseus', 'GaN5 Pro 65W', 24900, ['Preto', 'Branco'], 3, ['carregador', 'gan', 'notebook', 'usb-c']],
    ['Carregador Geonav 20W USB-C PD', 'Geonav', 'Carregador 20W PD', 6990, ['Branco', 'Preto'], 7, ['carregador', 'turbo', 'fonte', 'usb-c', 'iphone']],
    ['Carregador i2GO 20W com Cabo USB-C', 'i2GO', 'Carregador 20W', 5990, ['Branco'], 7, ['carregador', 'fonte', 'usb-c']],
    ['Carregador Anker Nano 20W USB-C', 'Anker', 'Nano 20W', 12900, ['Branco', 'Azul', 'Roxo'], 3, ['carregador', 'fonte', 'usb-c', 'iphone']],
    ['Carregador UGREEN Nexode 65W 3 Portas', 'UGREEN', 'Nexode 65W', 27900, ['Cinza'], 2, ['carregador', 'gan', 'notebook', 'usb-c']],
    ['Carregador Veicular Baseus 30W USB-C + USB', 'Baseus', 'Carregador Veicular 30W', 8990, ['Preto'], 4, ['carregador', 'veicular', 'carro', 'usb-c']],
    ['Carregador Veicular i2GO 2 USB 2,4A', 'i2GO', 'Carregador Veicular', 3990, ['Preto'], 4, ['carregador', 'veicular', 'carro']],
  ]),
  ...ofKind('cable', [
    ['Cabo Samsung USB-C para USB-C 1m', 'Samsung', 'Cabo USB-C', 5900, ['Preto', 'Branco'], 7, ['cabo', 'usb-c', 'tipo c']],
    ['Cabo Apple USB-C para Lightning 1m', 'Apple', 'Cabo Lightning', 21900, ['Branco'], 4, ['cabo', 'lightning', 'iphone']],
    ['Cabo Apple USB-C Trançado 1m', 'Apple', 'Cabo USB-C', 23900, ['Branco'], 2, ['cabo', 'usb-c', 'iphone 15']],
    ['Cabo Baseus USB-C 100W Trançado 2m', 'Baseus', 'Cabo USB-C 100W', 6990, ['Preto', 'Branco', 'Azul'], 5, ['cabo', 'usb-c', 'tipo c', 'turbo']],
    ['Cabo i2GO USB para USB-C 2m Reforçado', 'i2GO', 'Cabo USB-C 2m', 2990, ['Preto', 'Branco', 'Vermelho'], 8, ['cabo', 'usb-c', 'tipo c']],
    ['Cabo i2GO USB para Lightning 1,2m', 'i2GO', 'Cabo Lightning', 2990, ['Branco', 'Preto'], 7, ['cabo', 'lightning', 'iphone']],
    ['Cabo Geonav USB-C para Lightning 1,5m', 'Geonav', 'Cabo Lightning PD', 4990, ['Branco'], 5, ['cabo', 'lightning', 'iphone', 'turbo']],
    ['Cabo Geonav Micro USB 1m', 'Geonav', 'Cabo Micro USB', 1990, ['Preto'], 3, ['cabo', 'micro usb', 'v8']],
    ['Cabo UGREEN USB-C 60W 1m', 'UGREEN', 'Cabo USB-C 60W', 4990, ['Preto', 'Cinza'], 3, ['cabo', 'usb-c', 'tipo c']],
  ]),
  ...ofKind('power', [
    ['Carregador Portátil Baseus 10000mAh 20W', 'Baseus', 'Power Bank 10000mAh', 15900, ['Preto', 'Branco'], 4, ['power bank', 'carregador portatil', 'bateria externa']],
    ['Carregador Portátil Xiaomi 10000mAh 22,5W', 'Xiaomi', 'Power Bank 10000mAh', 13900, ['Preto'], 4, ['power bank', 'carregador portatil', 'bateria externa']],
    ['Carregador Portátil Geonav 10000mAh com Display', 'Geonav', 'Power Bank 10000mAh', 11900, ['Preto', 'Branco'], 3, ['power bank', 'carregador portatil', 'bateria externa']],
    ['Carregador Portátil Anker PowerCore 20000mAh', 'Anker', 'PowerCore 20000', 24900, ['Preto'], 2, ['power bank', 'carregador portatil', 'bateria externa']],
  ]),
  ...ofKind('audio', [
    ['Fone de Ouvido Bluetooth JBL Tune 520BT', 'JBL', 'Tune 520BT', 29900, ['Preto', 'Azul', 'Branco', 'Roxo'], 6, ['fone', 'headphone', 'bluetooth', 'sem fio']],
    ['Fone de Ouvido Bluetooth JBL Tune 720BT', 'JBL', 'Tune 720BT', 39900, ['Preto', 'Azul'], 3, ['fone', 'headphone', 'bluetooth', 'sem fio']],
    ['Fone de Ouvido JBL Wave Buds 2', 'JBL', 'Wave Buds 2', 34900, ['Preto', 'Branco', 'Azul'], 5, ['fone', 'tws', 'bluetooth', 'sem fio', 'in-ear']],
    ['Fone de Ouvido JBL Tune Flex', 'JBL', 'Tune Flex', 49900, ['Preto', 'Branco'], 2, ['fone', 'tws', 'bluetooth', 'cancelamento de ruido']],
    ['Fone de Ouvido JBL Vibe Beam', 'JBL', 'Vibe Beam', 29900, ['Preto', 'Bege'], 3, ['fone', 'tws', 'bluetooth', 'sem fio']],
    ['AirPods 4', 'Apple', 'AirPods 4', 119900, ['Branco'], 2, ['fone', 'airpods', 'bluetooth', 'iphone']],
    ['AirPods Pro 2 com Estojo USB-C', 'Apple', 'AirPods Pro 2', 229900, ['Branco'], 1, ['fone', 'airpods', 'bluetooth', 'cancelamento de ruido']],
    ['Fone de Ouvido Samsung Galaxy Buds FE', 'Samsung', 'Galaxy Buds FE', 49900, ['Grafite', 'Branco'], 3, ['fone', 'buds', 'bluetooth', 'cancelamento de ruido']],
    ['Fone de Ouvido Samsung Galaxy Buds3', 'Samsung', 'Galaxy Buds3', 99900, ['Prata', 'Branco'], 1, ['fone', 'buds', 'bluetooth']],
    ['Fone de Ouvido Xiaomi Redmi Buds 6 Active', 'Xiaomi', 'Redmi Buds 6 Active', 14900, ['Preto', 'Branco', 'Rosa'], 6, ['fone', 'tws', 'bluetooth', 'sem fio']],
    ['Fone de Ouvido Motorola Moto Buds', 'Motorola', 'Moto Buds', 39900, ['Azul', 'Cinza'], 2, ['fone', 'tws', 'bluetooth']],
    ['Fone de Ouvido com Fio i2GO P2 com Microfone', 'i2GO', 'Fone com Fio P2', 2990, ['Preto', 'Branco'], 6, ['fone', 'com fio', 'p2', 'microfone']],
    ['Fone de Ouvido com Fio Geonav USB-C', 'Geonav', 'Fone USB-C', 4990, ['Branco'], 4, ['fone', 'com fio', 'usb-c', 'tipo c']],
  ]),
  ...ofKind('speaker', [
    ['Caixa de Som Bluetooth JBL Go 4', 'JBL', 'Go 4', 29900, ['Preta', 'Azul', 'Vermelha', 'Rosa'], 4, ['caixa de som', 'bluetooth', 'speaker', 'portatil']],
    ['Caixa de Som Bluetooth JBL Clip 5', 'JBL', 'Clip 5', 44900, ['Preta', 'Azul'], 2, ['caixa de som', 'bluetooth', 'speaker', 'portatil']],
    ['Caixa de Som Bluetooth JBL Flip 6', 'JBL', 'Flip 6', 69900, ['Preta', 'Azul', 'Vermelha'], 2, ['caixa de som', 'bluetooth', 'speaker', 'a prova d agua']],
    ['Caixa de Som Bluetooth JBL Charge 5', 'JBL', 'Charge 5', 99900, ['Preta', 'Azul'], 1, ['caixa de som', 'bluetooth', 'speaker', 'power bank']],
  ]),
  ...ofKind('memory', [
    ['Cartão de Memória SanDisk Ultra microSD 64GB', 'SanDisk', 'Ultra microSD', 4990, null, 4, ['cartao de memoria', 'micro sd', 'sd']],
    ['Cartão de Memória SanDisk Ultra microSD 128GB', 'SanDisk', 'Ultra microSD', 7990, null, 4, ['cartao de memoria', 'micro sd', 'sd']],
    ['Cartão de Memória SanDisk Ultra microSD 256GB', 'SanDisk', 'Ultra microSD', 14990, null, 2, ['cartao de memoria', 'micro sd', 'sd']],
    ['Cartão de Memória Kingston Canvas Select Plus 64GB', 'Kingston', 'Canvas Select Plus', 4490, null, 3, ['cartao de memoria', 'micro sd', 'sd']],
    ['Cartão de Memória Kingston Canvas Select Plus 128GB', 'Kingston', 'Canvas Select Plus', 6990, null, 3, ['cartao de memoria', 'micro sd', 'sd']],
  ]),
  ...ofKind('holder', [
    ['Suporte Veicular Magnético i2GO para Saída de Ar', 'i2GO', 'Suporte Veicular', 3990, ['Preto'], 4, ['suporte', 'veicular', 'carro', 'magnetico']],
    ['Suporte Veicular Baseus com Ventosa', 'Baseus', 'Suporte Veicular', 8990, ['Preto'], 2, ['suporte', 'veicular', 'carro']],
    ['Suporte de Celular para Moto Geonav à Prova d’Água', 'Geonav', 'Suporte para Moto', 5990, ['Preto'], 4, ['suporte', 'moto', 'motoboy', 'guidao']],
    ['Anel Suporte de Dedo i2GO', 'i2GO', 'Anel Suporte', 1490, ['Preto', 'Prata', 'Rosa', 'Dourado'], 5, ['suporte', 'anel', 'pop socket']],
  ]),
];
