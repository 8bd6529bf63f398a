import { PURCHASE_CONSISTENCY_TEXTS as T } from '@backoffice/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/helpers';
import { buildTestNfe, workedExampleNfeSpec } from './nfe/test-nfe';
import { entryCounts, openNfeShop, sendNfe, workedExampleEntry } from './test-purchases';

/**
 * A note whose totals do not add up is refused before anything is written (issue 57 §2, decision 0088; MOC 7.0
 * rules W07 → rejection 564 and W16-10 → rejection 610). The worked example (test-nfe.ts): items of
 * 10 × R$ 3.200,00 = R$ 32.000,00 and 50 × R$ 8,00 = R$ 400,00, so vProd R$ 32.400,00; freight R$ 158,02 + R$ 1,98 =
 * R$ 160,00; vNF = 32.400,00 + 160,00 = R$ 32.560,00. The files are unsigned (a signed one altered is refused for its
 * signature first), so only the sums can refuse them.
 */
describe('the note adds up before it enters', () => {
  let t: TestApp;
  let stocker: string;
  let caseProduct: { id: number; code: string };
  const { inStock, decisions } = workedExampleEntry(() => caseProduct.id);
  const unsigned = () => buildTestNfe(workedExampleNfeSpec({ number: 5701, sign: false, bare: true })).xml;
  const reason = { unsignedReason: 'Fornecedor mandou o XML sem a assinatura; conferido com o DANFE' };

  beforeEach(async () => {
    ({ t, stocker, caseProduct } = await openNfeShop(inStock));
  });
  afterEach(() => t.close());

  it('refuses a vNF that is not the sum of its parts, naming the difference in reais', async () => {
    const xml = unsigned();
    expect(xml).toContain('<vNF>32560.00</vNF>');
    // vNF written as R$ 32.650,00: R$ 90,00 over vProd + vFrete = R$ 32.560,00
    const altered = xml.replace('<vNF>32560.00</vNF>', '<vNF>32650.00</vNF>');
    const message =
      'O valor total da nota (vNF R$ 32.650,00) difere da soma das suas parcelas (R$ 32.560,00) em R$ 90,00: a SEFAZ não autorizaria esta nota (rejeição 610). Peça ao fornecedor o XML correto.';
    expect(T.noteTotal(3_265_000, 3_256_000)).toBe(message);
    for (const dryRun of [true, false]) {
      const res = await sendNfe(t, stocker, altered, { dryRun, decisions: { ...decisions(), ...reason } });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ errors: [message], code: 'NFE_INVALID', details: { reason: 'totals' } });
    }
    expect(await entryCounts(t)).toMatchObject({ purchases: 0, items: 0, payables: 0 });
  });

  it('refuses an item whose vProd is not in the note’s vProd', async () => {
    // the cases' line written as R$ 1.634,56 instead of R$ 400,00: items R$ 33.634,56 against vProd R$ 32.400,00,
    // R$ 1.234,56 apart
    const altered = unsigned().replace('<vProd>400.00</vProd>', '<vProd>1634.56</vProd>');
    const res = await sendNfe(t, stocker, altered, { dryRun: true, decisions: { ...decisions(), ...reason } });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual([
      'O total dos produtos da nota (vProd R$ 32.400,00) difere da soma dos itens (R$ 33.634,56) em R$ 1.234,56: a SEFAZ não autorizaria esta nota (rejeição 564). Peça ao fornecedor o XML correto.',
    ]);
  });

  it('lets in the same note whose sums hold', async () => {
    const res = await sendNfe(t, stocker, unsigned(), { dryRun: true, decisions: { ...decisions(), ...reason } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.total).toBe(32560);
  });
});
