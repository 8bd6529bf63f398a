import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildNfe } from '../nfe/nfe-builder';
import type { ApproximateTaxRates, NfeInput } from '../nfe/nfe-input';
import { phone, TEST_SIGNER, workedExample } from '../nfe/test-notes';
import { renderDanfe } from './danfe';

/**
 * The texts the law asks for on both DANFEs (issue 55 §2, decision 0077): the approximate taxes of Lei 12.741/2012
 * (the NFC-e's own line 'Tributos Totais Incidentes (Lei Federal 12.741/2012)', as the Manual de Especificações
 * Técnicas do DANFE NFC-e places it, and infCpl's sentence with the parts and the source on both) and the Simples
 * Nacional's statements. Read as poppler's pdftotext reads the PDF, as danfe.test.ts does.
 */
const folder = mkdtempSync(join(tmpdir(), 'danfe-law-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function pdfText(pdf: Buffer): string {
  const file = join(folder, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, pdf);
  const text = execFileSync(process.env.PDFTOTEXT_PATH || '/usr/bin/pdftotext', ['-raw', file, '-'], {
    encoding: 'utf8',
  });
  return text.replace(/\s+/g, ' ');
}

/** A phone's row: 13,45 % national federal, 15,45 % imported, 18 % state, no municipal. */
const RATES: ApproximateTaxRates = { nationalFederal: 134_500, importedFederal: 154_500, state: 180_000, municipal: 0 };
const SOURCE = { source: 'IBPT', key: '9oi7eW', version: '26.1.G' };
const SENTENCE =
  'Valor aproximado dos tributos: R$ 314,50 (Federal R$ 134,50, Estadual R$ 180,00, Municipal R$ 0,00) Fonte: IBPT chave 9oi7eW (Lei Federal 12.741/2012).';
const STATEMENTS =
  'DOCUMENTO EMITIDO POR ME OU EPP OPTANTE PELO SIMPLES NACIONAL. NÃO GERA DIREITO A CRÉDITO FISCAL DE IPI.';

/** One national phone at R$ 1.000,00 with its row: federal 13,45 % = 134,50, state 18 % = 180,00; 314,50. */
const sale = (overrides: Partial<NfeInput>) =>
  workedExample({
    items: [phone(1, { approximateTaxRates: RATES })],
    freightCents: 0,
    payments: [{ type: '17', amountCents: 100_000 }],
    approximateTaxesSource: SOURCE,
    ...overrides,
  });

const render = async (input: NfeInput) => pdfText(await renderDanfe(buildNfe(input, TEST_SIGNER).xml));

describe("the law's texts on the DANFEs (issue 55 §2)", () => {
  it("the NFC-e: 'Tributos Totais Incidentes (Lei Federal 12.741/2012) R$ 314,50', then infCpl with the parts and the statements", async () => {
    const text = await render(
      sale({ model: 65, recipient: null, freightMode: 9, csc: { id: '000001', token: 'CSC-DE-TESTE-0123456789' } }),
    );
    expect(text).toContain('Tributos Totais Incidentes (Lei Federal 12.741/2012) R$ 314,50');
    expect(text).toContain(`${STATEMENTS} Pedido AB1-2CD. ${SENTENCE}`);
  });

  it("the A4 NF-e to a consumer (a CPF): infCpl's sentence once, not a second line of its own", async () => {
    const recipient = { ...(workedExample().recipient as NonNullable<NfeInput['recipient']>) };
    const text = await render(sale({ recipient: { ...recipient, document: '52998224725', ie: null } }));
    expect(text).toContain(`INFORMAÇÕES COMPLEMENTARES ${STATEMENTS} Pedido AB1-2CD. ${SENTENCE}`);
    expect(text.split('Valor aproximado dos tributos')).toHaveLength(2);
  });

  it('no IBPT row: neither DANFE says any approximate taxes', async () => {
    const nfce = await render(
      sale({
        model: 65,
        recipient: null,
        freightMode: 9,
        csc: { id: '000001', token: 'CSC-DE-TESTE-0123456789' },
        approximateTaxesSource: null,
      }),
    );
    expect(nfce).not.toContain('Tributos Totais Incidentes');
    expect(nfce).not.toContain('Valor aproximado');
    const a4 = await render(sale({ items: [phone(1)] }));
    expect(a4).not.toContain('Valor aproximado');
  });
});
