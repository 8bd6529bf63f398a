import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { CSV_OPENAPI_DESCRIPTION, csvExportSchema, csvStream, sendCsv } from './csv';

describe('a CSV download (one schema and one reply for every export route)', () => {
  it('describes the download: tags, summary, the CSV description, the query, text/csv', () => {
    const query = { kind: 'a query schema' };
    expect(csvExportSchema(['payables'], 'CSV (contas-a-pagar.csv)', query)).toEqual({
      tags: ['payables'],
      summary: 'CSV (contas-a-pagar.csv)',
      description: CSV_OPENAPI_DESCRIPTION,
      querystring: query,
      produces: ['text/csv'],
    });
  });

  it('sends it as an attachment named for the file, never cached, BOM and header first', async () => {
    const app = Fastify();
    app.get('/x.csv', (_request, reply) => {
      async function* batches() {
        yield [{ name: 'Ana', total: 'R$ 1' }];
      }
      return sendCsv(
        reply,
        'relatorio.csv',
        csvStream(['Nome', 'Total'], batches(), (row) => [row.name, row.total]),
      );
    });
    const response = await app.inject({ method: 'GET', url: '/x.csv' });
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="relatorio.csv"');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toBe('\uFEFFNome;Total\r\nAna;R$ 1\r\n');
    await app.close();
  });
});
