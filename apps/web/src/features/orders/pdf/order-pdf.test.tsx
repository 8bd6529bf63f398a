import { Children, isValidElement, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { makeOrderDetail } from '../../../components/orders/test-data';
import { OrderPdfDocument, qrModules } from './order-pdf';

/** The texts of a react-pdf element tree, in document order (each Text's children joined). */
function texts(node: ReactNode): string[] {
  const out: string[] = [];
  const walk = (value: ReactNode) => {
    Children.forEach(value, (child) => {
      if (!isValidElement(child)) return;
      // A component of ours inside the document (the shop's header): its elements, as react-pdf renders them.
      if (typeof child.type === 'function') {
        walk((child.type as (props: unknown) => ReactNode)(child.props));
        return;
      }
      const props = child.props as { children?: ReactNode };
      const kids = Children.toArray(props.children);
      if (kids.length > 0 && kids.every((kid) => typeof kid === 'string' || typeof kid === 'number')) {
        out.push(kids.join(''));
      } else {
        walk(props.children);
      }
    });
  };
  walk(node);
  return out;
}

describe('the order PDF', () => {
  it('lists every component of the total on its own line, adding up to the total (issue 15)', () => {
    // items 157,67 + freight 0,00 + fast delivery 5,00 + warranty 17,77 − discount 1,83 = 178,61.
    const order = makeOrderDetail({
      code: 'K7M-2Q9',
      itemsTotal: 157.67,
      shippingCost: 0,
      fastDeliveryTax: 5,
      warranty: 17.77,
      discount: 1.83,
      total: 178.61,
    });
    const all = texts(OrderPdfDocument({ order, generatedAt: new Date('2026-04-01T12:00:00Z') }));
    const start = all.indexOf('Composição do total');
    expect(start).toBeGreaterThan(0);
    expect(all.slice(start + 1, start + 13)).toEqual([
      'Itens',
      'R$ 157,67',
      'Frete',
      'R$ 0,00',
      'Taxa de entrega rápida',
      'R$ 5,00',
      'Garantia',
      'R$ 17,77',
      'Desconto',
      '-R$ 1,83',
      'Total',
      'R$ 178,61',
    ]);
  });
});

describe('the order PDF of a discounted order (issue 38)', () => {
  it("prints each item's discount under its name: 7 % of 3 × R$ 129,90 = R$ 27,28", () => {
    const order = makeOrderDetail({
      code: 'K7M-3DS',
      items: [{ productId: 1, name: 'Capa', quantity: 3, unitPrice: 129.9, discount: 27.28 }],
      itemsTotal: 389.7,
      shippingCost: 0,
      fastDeliveryTax: 0,
      warranty: 0,
      discount: 27.28,
      total: 362.42,
    });
    const all = texts(OrderPdfDocument({ order, generatedAt: new Date('2026-04-01T12:00:00Z') }));
    const name = all.indexOf('Capa');
    expect(all[name + 1]).toBe('Desconto no item: − R$ 27,28');
    expect(all).toContain('-R$ 27,28');
    expect(all).toContain('R$ 362,42');
  });
});

describe('the order PDF of an unpaid Pix order', () => {
  it('prints its QR code (vector modules) and its copia e cola', () => {
    const payload =
      '00020126360014br.gov.bcb.pix0114+5511999999999520400005303986540580.005802BR5904LOJA6009SAO PAULO62100506K7M4QP6304ABCD';
    const order = makeOrderDetail({ code: 'K7M-4QP', statusKey: 10, paymentMethod: 'PIX' });
    const all = texts(OrderPdfDocument({ order, generatedAt: new Date('2026-04-01T12:00:00Z'), pixPayload: payload }));
    const start = all.indexOf('Pagamento por Pix');
    expect(start).toBeGreaterThan(0);
    expect(all.slice(start + 1, start + 3)).toEqual(['Pix copia e cola', payload]);
    // 119 characters in byte mode at level M: more than version 6 holds (106), within version 7 (122), whose
    // side is 17 + 4 × 7 = 45 modules; drawn as squares.
    const qr = qrModules(payload);
    expect(qr.side).toBe(45);
    expect(qr.d).toMatch(/^M\d+ \d+h\d+v1H\d+z/);
    expect(texts(OrderPdfDocument({ order, generatedAt: new Date() }))).not.toContain('Pagamento por Pix');
  });
});

describe('the order PDF of a packed phone', () => {
  it('prints the IMEIs of the units under the line', () => {
    const order = makeOrderDetail({
      code: 'K7M-4QP',
      items: [{ name: 'Galaxy A55', quantity: 1, unitPrice: 1999.9, imeis: ['356938035643809'] }],
    });
    const all = texts(OrderPdfDocument({ order, generatedAt: new Date('2026-04-01T12:00:00Z') }));
    expect(all.slice(all.indexOf('Galaxy A55'), all.indexOf('Galaxy A55') + 2)).toEqual([
      'Galaxy A55',
      'IMEI: 356938035643809',
    ]);
  });
});

describe("the order PDF carries the shop's identity and the customer's document and address (issue 35 §8)", () => {
  it('prints the name, CNPJ and address of Configurações on top, the CPF and the address under the customer', () => {
    const order = makeOrderDetail({
      code: 'K7M-4QP',
      customer: 'Marina Souza',
      customerDocument: '529.982.247-25',
      customerAddress: {
        street: 'Rua das Flores',
        number: '123',
        complement: 'Apto 4',
        neighborhood: 'Centro',
        city: 'São Paulo',
        state: 'SP',
        zipCode: '01234567',
      },
    });
    const shop = {
      name: 'Conecta Cell Distribuidora Ltda',
      cnpj: '34.512.778/0001-54',
      address: 'Rua Santa Ifigênia, 295 - Loja 12\nSão Paulo/SP · 01207-001',
    };
    const all = texts(OrderPdfDocument({ order, generatedAt: new Date('2026-04-01T12:00:00Z'), shop }));
    expect(all.slice(0, 5)).toEqual([
      'Conecta Cell Distribuidora Ltda',
      'CNPJ 34.512.778/0001-54',
      'Rua Santa Ifigênia, 295 - Loja 12',
      'São Paulo/SP · 01207-001',
      'Pedido K7M-4QP',
    ]);
    const customer = all.indexOf('Marina Souza');
    expect(all.slice(customer + 1, customer + 5)).toEqual([
      'CPF',
      '529.982.247-25',
      'Endereço do cliente',
      'Rua das Flores, 123 - Apto 4 - Centro\nSão Paulo/SP · 01234-567',
    ]);
  });

  it('names a CNPJ as such, and prints N/A and no header while nothing is registered', () => {
    const company = makeOrderDetail({ code: 'K7M-4QP', customerDocument: '11.222.333/0001-81', customerAddress: null });
    const all = texts(OrderPdfDocument({ order: company, generatedAt: new Date('2026-04-01T12:00:00Z') }));
    expect(all[0]).toBe('Pedido K7M-4QP');
    const at = all.indexOf('CNPJ');
    expect(all.slice(at, at + 4)).toEqual(['CNPJ', '11.222.333/0001-81', 'Endereço do cliente', 'N/A']);
  });
});

describe('the order PDF of a delivered order', () => {
  it('prints when the customer signed and who received it (decision 0039)', () => {
    const order = makeOrderDetail({
      code: 'K7M-4QP',
      statusKey: 5,
      status: 'Entregue',
      // 24/11/2026 14:20 on the shop's clock (São Paulo), whatever the browser's (UTC in the tests).
      deliveredAt: '2026-11-24T17:20:00.000Z',
      receivedBy: { name: 'Maria Souza', document: '12345678X' },
    });
    const all = texts(OrderPdfDocument({ order, generatedAt: new Date('2026-11-25T12:00:00Z') }));
    const at = all.indexOf('Entregue em');
    expect(all.slice(at, at + 4)).toEqual([
      'Entregue em',
      '24/11/2026 14:20:00',
      'Recebido por',
      'Maria Souza (documento 12345678X)',
    ]);
    const before = makeOrderDetail({ code: 'K7M-4QP', deliveredAt: null, receivedBy: null });
    expect(texts(OrderPdfDocument({ order: before, generatedAt: new Date() }))).not.toContain('Recebido por');
  });
});
