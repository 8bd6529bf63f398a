import { CSV_INJECTION_PAYLOADS, parseCsv } from '@backoffice/contract/csv-injection-payloads';
import { describe, expect, it } from 'vitest';
import { makeOrderSummary } from '../../../components/orders/test-data';
import { ordersCsv } from './orders-csv';

describe('relatorio.csv of the orders', () => {
  it("has the table's columns, ';' between cells, DD/MM/YYYY and quotes around a cell with ';'", () => {
    const csv = ordersCsv([
      makeOrderSummary({ customer: 'Ana; Filha', updatedAt: '2026-03-05T15:00:00.000Z', code: 'K7M-2Q9' }),
      makeOrderSummary({
        customer: 'Loja "Central"',
        code: 'AB2-XYZ',
        deliverer: null,
        status: 'Aguardando cliente',
        typeOfDelivery: 'Retirada na loja',
        payment: 'Dinheiro',
        updatedAt: '2026-12-31T15:00:00.000Z',
        paymentParts: 'Cartão Crédito 2× Visa R$ 30,00 (taxa R$ 1,05) Confirmado; Dinheiro R$ 20,00 Confirmado',
      }),
    ]);
    expect(csv.trimEnd().split('\r\n')).toEqual([
      'Cliente;Atualizado em;Código;Status;Tipo de entrega;Motoboy;Pagamento;Partes do pagamento',
      '"Ana; Filha";05/03/2026;K7M-2Q9;Finalizados;Motoboy;Diego Motoboy;Pix;',
      '"Loja ""Central""";31/12/2026;AB2-XYZ;Aguardando cliente;Retirada na loja;;Dinheiro;"Cartão Crédito 2× Visa R$ 30,00 (taxa R$ 1,05) Confirmado; Dinheiro R$ 20,00 Confirmado"',
    ]);
  });

  it('a customer or courier named like a formula comes out inert in the orders relatorio.csv (every OWASP payload)', () => {
    const csv = ordersCsv(
      CSV_INJECTION_PAYLOADS.map((payload, i) =>
        makeOrderSummary({
          orderId: i + 1,
          customer: payload,
          deliverer: payload,
          updatedAt: '2026-03-05T15:00:00.000Z',
        }),
      ),
    );
    const [, ...rows] = parseCsv(csv);
    expect(rows).toEqual(
      CSV_INJECTION_PAYLOADS.map((payload) => [
        `'${payload}`,
        '05/03/2026',
        'K7M-2Q9',
        'Finalizados',
        'Motoboy',
        `'${payload}`,
        'Pix',
        '',
      ]),
    );
  });
});
