import { describe, expect, it } from 'vitest';
import { formatAuditChanges } from './audit';

const NAMES = {
  employees: new Map([[7, 'Diego Motoboy']]),
  roles: new Map(),
  customers: new Map([[3, 'Maria Souza']]),
  products: new Map([
    [39, 'Celular Alfa 128 GB'],
    [40, 'Celular Beta 256 GB'],
    [41, 'Capa Azul'],
  ]),
  sources: new Map([['SUPPLIER_PURCHASE', 'Compra de fornecedor']]),
};

describe('formatAuditChanges', () => {
  it("reads a product's creation: each field from '—', money in reais, the level percentages by name", () => {
    const changes = formatAuditChanges(
      'product',
      'create',
      {
        name: 'Capa iPhone 15',
        cost: 1234.5,
        discount: { goldPercentage: 10, silverPercentage: 7.5, bronzePercentage: 0 },
        serialized: false,
        tags: ['capa', 'iphone'],
      },
      NAMES,
    );
    expect(changes).toEqual([
      { field: 'Nome', from: '—', to: 'Capa iPhone 15' },
      { field: 'Custo', from: '—', to: 'R$ 1.234,50' },
      { field: 'Percentuais por nível', from: '—', to: 'Ouro 10 %, Prata 7,5 %, Bronze 0 %' },
      { field: 'Controla IMEI', from: '—', to: 'Não' },
      { field: 'Etiquetas', from: '—', to: 'capa, iphone' },
    ]);
  });

  it("reads a customer's removal to '—', names ids, and never shows secrets", () => {
    const changes = formatAuditChanges(
      'customer',
      'delete',
      { name: 'Maria Souza', level: 2, delivererId: 7, password_hash: '$argon2id$x', token: 'abc' },
      NAMES,
    );
    expect(changes).toEqual([
      { field: 'Nome', from: 'Maria Souza', to: '—' },
      { field: 'Nível', from: 'Prata', to: '—' },
      { field: 'Motoboy', from: 'Diego Motoboy', to: '—' },
    ]);
  });

  it("reads an order's creation: customer by name, payment and delivery by their labels", () => {
    const changes = formatAuditChanges(
      'order',
      'create',
      { customerId: 3, payment: 'PIX', typeOfDelivery: 2, total: 99.9 },
      NAMES,
    );
    expect(changes).toEqual([
      { field: 'Cliente', from: '—', to: 'Maria Souza' },
      { field: 'Pagamento', from: '—', to: 'Pix' },
      { field: 'Tipo de entrega', from: '—', to: 'Retirada na loja' },
      { field: 'Total', from: '—', to: 'R$ 99,90' },
    ]);
  });

  it('reads an exchange: products by name, the price paid and given, the difference in words, no UUID', () => {
    const changes = formatAuditChanges(
      'order',
      'registerExchange',
      {
        registration: '3d626e0f-5c1a-4a7e-9a57-0c2b8f1d9e11',
        kind: 'EXCHANGE',
        items: [
          {
            productId: 39,
            quantity: 1,
            imei: '410000000000004',
            unitPrice: 3118.5,
            replacementProductId: 40,
            replacementImei: '420000000000002',
            replacementUnitPrice: 3200,
          },
        ],
        delivererId: null,
        differenceCents: 8150,
      },
      NAMES,
    );
    expect(changes).toEqual([
      { field: 'Tipo', from: '—', to: 'Troca' },
      {
        field: 'Itens',
        from: '—',
        to: '1 × Celular Alfa 128 GB (IMEI 410000000000004) a R$ 3.118,50, trocado por Celular Beta 256 GB (IMEI 420000000000002) a R$ 3.200,00',
      },
      // 3.200,00 − 3.118,50 = 81,50 for the customer to pay.
      { field: 'Diferença', from: '—', to: 'Valor a receber do cliente: R$ 81,50' },
    ]);
  });

  it('reads an exchange stored before issue 35 (the body as sent): same product by name, no price shown as R$ 0,00', () => {
    const changes = formatAuditChanges(
      'order',
      'registerExchange',
      {
        registration: '3d626e0f-5c1a-4a7e-9a57-0c2b8f1d9e11',
        kind: 'EXCHANGE',
        items: [{ productId: 41, quantity: 2 }],
        delivererId: 7,
        differenceCents: 0,
      },
      NAMES,
    );
    expect(changes).toEqual([
      { field: 'Tipo', from: '—', to: 'Troca' },
      { field: 'Itens', from: '—', to: '2 × Capa Azul, trocado por Capa Azul' },
      { field: 'Motoboy', from: '—', to: 'Diego Motoboy' },
      { field: 'Diferença', from: '—', to: 'Sem diferença de valor' },
    ]);
  });

  it("reads a return's refund, an order's items and released stock by product name", () => {
    expect(
      formatAuditChanges(
        'order',
        'registerReturn',
        { kind: 'RETURN', items: [{ productId: 41, quantity: 1, unitPrice: 25.5 }], differenceCents: -2550 },
        NAMES,
      ),
    ).toEqual([
      { field: 'Tipo', from: '—', to: 'Devolução' },
      { field: 'Itens', from: '—', to: '1 × Capa Azul a R$ 25,50' },
      { field: 'Diferença', from: '—', to: 'Valor a devolver ao cliente: R$ 25,50' },
    ]);
    expect(
      formatAuditChanges(
        'order',
        'cancel',
        {
          items: [{ productId: 41, quantity: 2, unitPrice: 19.9 }],
          stockReleased: [{ productId: 41, from: 8, to: 10 }],
        },
        NAMES,
      ),
    ).toEqual([
      { field: 'Itens', from: '—', to: '2 × Capa Azul a R$ 19,90' },
      { field: 'Estoque devolvido', from: '—', to: 'Capa Azul: 8 → 10' },
    ]);
  });

  it("reads a stock entry's operation and a product's ICMS origin by their names", () => {
    expect(
      formatAuditChanges(
        'product',
        'stock-entry',
        { source: 'SUPPLIER_PURCHASE', quantity: 2, movementId: 12, origin: { from: null, to: 0 } },
        NAMES,
      ),
    ).toEqual([
      { field: 'Operação', from: '—', to: 'Compra de fornecedor' },
      { field: 'Quantidade', from: '—', to: '2' },
      { field: 'Origem (ICMS)', from: '—', to: '0 - Nacional, exceto as indicadas nos códigos 3, 4, 5 e 8' },
    ]);
  });

  it("names a customer's courier once (the id by name, the name stored beside it left out)", () => {
    expect(
      formatAuditChanges(
        'customer',
        'associate-deliverer',
        { delivererId: { from: null, to: 7 }, deliverer: 'Diego Motoboy' },
        NAMES,
      ),
    ).toEqual([{ field: 'Motoboy', from: '—', to: 'Diego Motoboy' }]);
  });
});
