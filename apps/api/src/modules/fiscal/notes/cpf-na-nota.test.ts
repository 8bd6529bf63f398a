import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { renderDanfe } from '../danfe/danfe';
import { buildNfe } from '../nfe/nfe-builder';
import { breachesOf } from '../nfe/rules';
import { SIMPLES, TEST_SIGNER, workedExample } from '../nfe/test-notes';
import { validateAgainstSchema } from '../nfe/xsd';
import { type OrderForNote, orderNoteParts } from './order-note';

const folder = mkdtempSync(join(tmpdir(), 'cpf-na-nota-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The PDF's text as poppler's pdftotext reads it, its runs of spaces as one (as danfe.test.ts reads it). */
function pdfText(pdf: Buffer): string {
  const file = join(folder, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, pdf);
  const text = execFileSync(process.env.PDFTOTEXT_PATH || '/usr/bin/pdftotext', ['-raw', file, '-'], {
    encoding: 'utf8',
  });
  return text.replace(/\s+/g, ' ');
}

/** A counter sale to the walk-in: one case of R$ 49,90 in cash, picked up; the CPF he gave, when he gave one. */
function counterSale(noteDocument: string | null): OrderForNote {
  return {
    code: 'BAL-0001',
    totalCents: 4_990,
    shippingCents: 0,
    fastDeliveryTaxCents: 0,
    warrantyCents: 0,
    discountCents: 0,
    deliveryType: 2,
    paymentMethod: 'CASH',
    noteDocument,
    customer: { document: '', name: 'Consumidor final', email: null, walkIn: true, address: null },
    items: [
      {
        code: 'P200',
        name: 'Capa de silicone Galaxy A55',
        gtin: null,
        ncm: '39269090',
        cest: null,
        origin: 0,
        quantity: 1,
        unitPriceCents: 4_990,
        discountCents: 0,
        taxes: SIMPLES,
        imeis: [],
      },
    ],
    parts: [],
    instalments: [],
  };
}

const nfceOf = (order: OrderForNote) =>
  buildNfe(
    {
      ...workedExample(),
      model: 65,
      ...orderNoteParts(order, 65),
      insuranceCents: 0,
      csc: { id: '000001', token: 'CSC-DE-TESTE-0123456789' },
    },
    TEST_SIGNER,
  );

describe("'CPF na nota' (issue 55 §2): the walk-in's CPF on the NFC-e and its DANFE", () => {
  it('goes into dest alone (CPF, indIEDest 9; no name, no address): schema-valid, no rule broken', async () => {
    const note = nfceOf(counterSale('52998224725'));
    expect(/<dest>[\s\S]*<\/dest>/.exec(note.xml)?.[0]).toBe(
      '<dest><CPF>52998224725</CPF><indIEDest>9</indIEDest></dest>',
    );
    expect(await validateAgainstSchema(note.xml, 'nfe_v4.00.xsd')).toEqual({ valid: true, problems: [] });
    expect(breachesOf(note.xml)).toEqual([]);
  });

  it("the DANFE NFC-e says 'CONSUMIDOR - CPF 529.982.247-25' instead of 'CONSUMIDOR NÃO IDENTIFICADO'", async () => {
    const withCpf = pdfText(await renderDanfe(nfceOf(counterSale('529.982.247-25'.replace(/\D/g, ''))).xml));
    expect(withCpf).toContain('CONSUMIDOR - CPF 529.982.247-25');
    expect(withCpf).not.toContain('CONSUMIDOR NÃO IDENTIFICADO');
    const anonymous = nfceOf(counterSale(null));
    expect(anonymous.xml).not.toContain('<dest>');
    expect(pdfText(await renderDanfe(anonymous.xml))).toContain('CONSUMIDOR NÃO IDENTIFICADO');
  });

  it("a company's CNPJ given at the counter goes in as dest/CNPJ", () => {
    const note = nfceOf(counterSale('11222333000181'));
    expect(note.xml).toContain('<dest><CNPJ>11222333000181</CNPJ><indIEDest>9</indIEDest></dest>');
  });
});
