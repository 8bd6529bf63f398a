import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestCertificate } from '../../fiscal/test-certificate';
import { startTestPsp, type TestPsp } from '../test-psp';
import { PIX_LIST_VIOLATIONS as V } from './double/psp-pix-list';
import { type PspClient, PspError, pspClient } from './psp-client';

/**
 * The PSP double's `GET /pix` ("Consultar Pix recebidos") as bacen/pix-api openapi.yaml 2.9.0 publishes it: `inicio`
 * and `fim` required, RFC 3339, `fim` not before `inicio`, the page and its size not negative (each refusal a
 * `PixConsultaInvalida`, 400, with the "Tag Pix" violation), and the answer `PixConsultados` paginated.
 */
let psp: TestPsp;
let client: PspClient;
const certificate = makeTestCertificate({ password: 'senha do mTLS' });

beforeAll(async () => {
  psp = await startTestPsp({
    clientId: 'loja-client',
    clientSecret: 'segredo-do-psp',
    pixKey: 'pix@loja.com.br',
    mtlsClientCertPem: certificate.certPem,
  });
  client = pspClient({
    baseUrl: psp.url,
    clientId: 'loja-client',
    clientSecret: 'segredo-do-psp',
    pfx: certificate.pfx,
    passphrase: certificate.password,
    ca: [psp.caPem],
  });
  // Three Pix on 01/03, 02/03 and 03/03 at noon UTC, and one on 01/04.
  psp.receive('10.00', new Date('2026-03-01T12:00:00Z'), 'um');
  psp.receive('20.00', new Date('2026-03-02T12:00:00Z'));
  psp.receive('30.00', new Date('2026-03-03T12:00:00Z'));
  psp.receive('40.00', new Date('2026-04-01T12:00:00Z'));
}, 60_000);

afterAll(async () => {
  await psp.close();
});

const list = (query: Record<string, string>) =>
  client.call<{
    parametros: { inicio: string; fim: string; paginacao: Record<string, number> };
    pix: { endToEndId: string; valor: string; chave: string; horario: string; infoPagador?: string }[];
  }>('GET', `pix?${new URLSearchParams(query)}`);

async function refusal(query: Record<string, string>) {
  const error = await list(query).then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(PspError);
  return (error as PspError).problem;
}

describe("the PSP double's GET /pix", () => {
  it('answers PixConsultados: the Pix of [inicio, fim], a page at a time', async () => {
    const march = { inicio: '2026-03-01T00:00:00Z', fim: '2026-03-31T23:59:59-03:00' };
    const all = await list(march);
    expect(all.parametros).toEqual({
      ...march,
      paginacao: { paginaAtual: 0, itensPorPagina: 100, quantidadeDePaginas: 1, quantidadeTotalDeItens: 3 },
    });
    expect(all.pix.map((pix) => pix.valor)).toEqual(['10.00', '20.00', '30.00']);
    expect(all.pix[0]).toMatchObject({
      chave: 'pix@loja.com.br',
      infoPagador: 'um',
      horario: '2026-03-01T12:00:00.000Z',
    });
    expect(all.pix[0]?.endToEndId).toMatch(/^E[0-9A-Z]{31}$/);
    // Two a page: pages 0 and 1, the last one shorter.
    const pages = { ...march, 'paginacao.itensPorPagina': '2' };
    const second = await list({ ...pages, 'paginacao.paginaAtual': '1' });
    expect(second.parametros.paginacao).toEqual({
      paginaAtual: 1,
      itensPorPagina: 2,
      quantidadeDePaginas: 2,
      quantidadeTotalDeItens: 3,
    });
    expect(second.pix.map((pix) => pix.valor)).toEqual(['30.00']);
  });

  it('refuses each published violation as PixConsultaInvalida (400)', async () => {
    const march = { inicio: '2026-03-01T00:00:00Z', fim: '2026-03-31T23:59:59Z' };
    const cases: [Record<string, string>, string, string][] = [
      [{ fim: march.fim }, V.schema, 'inicio'],
      [{ inicio: march.inicio }, V.schema, 'fim'],
      [{ ...march, inicio: '2026-03-01' }, V.schema, 'inicio'],
      [{ ...march, fim: '31/03/2026 23:59' }, V.schema, 'fim'],
      [{ inicio: march.fim, fim: march.inicio }, V.endBeforeStart, 'fim'],
      [{ ...march, 'paginacao.paginaAtual': '-1' }, V.pageNegative, 'paginacao.paginaAtual'],
      [{ ...march, 'paginacao.itensPorPagina': '-5' }, V.perPageNegative, 'paginacao.itensPorPagina'],
      [{ ...march, 'paginacao.itensPorPagina': '1001' }, V.schema, 'paginacao.itensPorPagina'],
    ];
    for (const [query, razao, propriedade] of cases) {
      expect(await refusal(query)).toEqual({
        type: 'https://pix.bcb.gov.br/api/v2/error/PixConsultaInvalida',
        title: 'Consulta inválida.',
        status: 400,
        detail: expect.any(String),
        violacoes: [{ razao, propriedade }],
      });
    }
    expect(psp.problems).toHaveLength(cases.length);
  });
});
