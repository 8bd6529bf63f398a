import { describe, expect, it } from 'vitest';
import { formatAuditChanges } from './audit';

const NAMES = {
  employees: new Map([[7, 'Diego Motoboy']]),
  roles: new Map(),
  customers: new Map([[3, 'Maria Souza']]),
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
});
