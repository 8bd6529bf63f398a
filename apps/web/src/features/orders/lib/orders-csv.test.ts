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
      }),
    ]);
    expect(csv.split('\r\n')).toEqual([
      'Cliente;Atualizado em;Código;Status;Tipo de entrega;Motoboy;Pagamento',
      '"Ana; Filha";05/03/2026;K7M-2Q9;Finalizados;Motoboy;Diego Motoboy;Pix',
      '"Loja ""Central""";31/12/2026;AB2-XYZ;Aguardando cliente;Retirada na loja;;Dinheiro',
    ]);
  });
});
