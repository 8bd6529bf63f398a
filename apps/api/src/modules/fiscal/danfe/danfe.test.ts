import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testImei } from '../../../lib/nfe/test-imei';
import { buildNfe } from '../nfe/nfe-builder';
import type { NfeInput } from '../nfe/nfe-input';
import { manyItemsInput, TEST_SIGNER, workedExample } from '../nfe/test-notes';
import { nfeProc } from '../sefaz/sefaz-messages';
import { DanfeError, renderDanfe } from './danfe';

const folder = mkdtempSync(join(tmpdir(), 'danfe-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The text of the PDF as poppler's pdftotext reads it (in drawing order), its runs of spaces and lines as one space. */
function pdfText(pdf: Buffer): string {
  const file = join(folder, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, pdf);
  const text = execFileSync(process.env.PDFTOTEXT_PATH || '/usr/bin/pdftotext', ['-raw', file, '-'], {
    encoding: 'utf8',
  });
  return text.replace(/\s+/g, ' ');
}

/** Each page's MediaBox, [width, height] in points to the hundredth, read from the PDF's page objects. */
function mediaBoxes(pdf: Buffer): [number, number][] {
  const points = (value: string | undefined) => Math.round(Number(value) * 100) / 100;
  return [...pdf.toString('latin1').matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)].map((m) => [
    points(m[1]),
    points(m[2]),
  ]);
}

/** SEFAZ's authorisation, written by hand as the manual documents it (test-sefaz.ts answers the same). */
function protNFe(accessKey: string, digest: string, environment: 1 | 2): string {
  return (
    `<protNFe versao="4.00"><infProt><tpAmb>${environment}</tpAmb><verAplic>SP_NFE_PL009_V4</verAplic>` +
    `<chNFe>${accessKey}</chNFe><dhRecbto>2026-11-26T10:15:31-03:00</dhRecbto><nProt>135260000012345</nProt>` +
    `<digVal>${digest}</digVal><cStat>100</cStat><xMotivo>Autorizado o uso da NF-e</xMotivo></infProt></protNFe>`
  );
}

/** The note built and signed, and its nfeProc as stored after the authorisation. */
function authorised(input: NfeInput): { xml: string; accessKey: string } {
  const note = buildNfe(input, TEST_SIGNER);
  return { xml: nfeProc(note.xml, protNFe(note.accessKey, note.digest, input.environment)), accessKey: note.accessKey };
}

const consumerNote = (overrides: Partial<NfeInput> = {}) =>
  workedExample({
    model: 65,
    recipient: null,
    freightCents: 0,
    freightMode: 9,
    payments: [{ type: '17', amountCents: 200_000 }],
    csc: { id: '000001', token: 'CSC-DE-TESTE-0123456789' },
    ...overrides,
  });

describe('the DANFE (issue 41 §2)', () => {
  it("the worked example's A4 DANFE: key, number and series, protocol, R$ 2.030,00, both IMEIs, CFOP 6102, the recipient", async () => {
    const { xml, accessKey } = authorised(workedExample());
    const pdf = await renderDanfe(xml);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // A4 portrait: 210 × 297 mm = 595.28 × 841.89 pt, one sheet.
    expect(mediaBoxes(pdf)).toEqual([[595.28, 841.89]]);
    const text = pdfText(pdf);

    // cUF 35, 2611, the CNPJ, model 55, series 001, number 000004512, tpEmis 1, cNF 38471625, check digit 8.
    expect(accessKey).toBe('35261111222333000181550010000045121384716258');
    expect(text).toContain('CHAVE DE ACESSO 3526 1111 2223 3300 0181 5500 1000 0045 1213 8471 6258');
    expect(text).toContain(
      'Consulta de autenticidade no portal nacional da NF-e www.nfe.fazenda.gov.br/portal ou no site da Sefaz Autorizadora',
    );
    expect(text).toContain('DANFE Documento Auxiliar da Nota Fiscal Eletrônica 0 - ENTRADA 1 - SAÍDA 1');
    expect(text).toContain('Nº 000.004.512 SÉRIE 001 FOLHA 1/1');
    expect(text).toContain('PROTOCOLO DE AUTORIZAÇÃO DE USO 135260000012345 - 26/11/2026 10:15');
    expect(text).toContain('NATUREZA DA OPERAÇÃO Venda de mercadoria');
    // The issuer: its name, IE and CNPJ.
    expect(text).toContain('DISTRIBUIDORA MODELO DE CELULARES LTDA');
    expect(text).toContain('INSCRIÇÃO ESTADUAL 111222333444');
    expect(text).toContain('CNPJ 11.222.333/0001-81');
    // The recipient, in RJ.
    expect(text).toContain('NOME / RAZÃO SOCIAL Loja de Celulares Carioca Ltda CNPJ / CPF 44.555.666/0001-81');
    expect(text).toContain('Rua Uruguaiana, 50, Loja 3');
    expect(text).toContain('Rio de Janeiro UF RJ');
    expect(text).toContain('INSCRIÇÃO ESTADUAL 86123456');
    // The totals: 2 × 1.000,00 = 2.000,00 of products, 30,00 of freight, 2.030,00 the note.
    expect(text).toContain('V. TOTAL DOS PRODUTOS R$ 2.000,00');
    expect(text).toContain('VALOR DO FRETE R$ 30,00');
    expect(text).toMatch(/V\. ?TOTAL DA NOTA R\$ 2\.030,00/);
    expect(text).toContain('FRETE POR CONTA 0 - Remetente (CIF)');
    expect(text).toContain('Pix R$ 2.030,00');
    // The item: code, description, the IMEIs under it, NCM, origin 0 + CSOSN 102, CFOP 6102, 2 UN at 1.000,00.
    expect([testImei(1), testImei(2)]).toEqual(['352099000000014', '352099000000022']);
    expect(text).toContain(
      '100245 Smartphone Galaxy A55 128 GB IMEI: 352099000000014; 352099000000022 85171300 0102 6102 UN 2 1.000,00 2.000,00',
    );
    // The canhoto and the additional information.
    expect(text).toContain('RECEBEMOS DE DISTRIBUIDORA MODELO DE CELULARES LTDA OS PRODUTOS E/OU SERVIÇOS');
    expect(text).toContain('EMISSÃO: 26/11/2026 - VALOR TOTAL: R$ 2.030,00');
    // A Simples Nacional issuer: the statements of Resolução CGSN 140/2018 first (issue 55 §2).
    expect(text).toContain(
      'INFORMAÇÕES COMPLEMENTARES DOCUMENTO EMITIDO POR ME OU EPP OPTANTE PELO SIMPLES NACIONAL. NÃO GERA DIREITO A CRÉDITO FISCAL DE IPI. Pedido AB1-2CD.',
    );
    // Produção, authorised: no 'SEM VALOR FISCAL'.
    expect(text).not.toContain('SEM VALOR FISCAL');
    expect(text).not.toContain('IBS');
  });

  it('a 60-item note takes 2 or more sheets, each with the header, every item present, IBS/CBS worked by hand', async () => {
    const pdf = await renderDanfe(authorised(manyItemsInput(60)).xml);
    const pages = mediaBoxes(pdf).length;
    expect(pages).toBeGreaterThanOrEqual(2);
    const text = pdfText(pdf);
    for (let page = 1; page <= pages; page++) expect(text).toContain(`FOLHA ${page}/${pages}`);
    // The issuer's identification and the items' columns on every sheet.
    expect(text.match(/DANFE Documento Auxiliar da Nota Fiscal Eletrônica/g)).toHaveLength(pages);
    expect(text.match(/DADOS DOS PRODUTOS \/ SERVIÇOS/g)).toHaveLength(pages);
    expect(text.match(/3526 1111 2223 3300 0181 5500 1000 0045 1213 8471 6258/g)).toHaveLength(pages);
    // The canhoto and the recipient only on the first.
    expect(text.match(/RECEBEMOS DE/g)).toHaveLength(1);
    // Every item, once: even ones CEL-0, CEL-2… (2 phones with 2 IMEIs), odd ones ACE-1, ACE-3… (5 cases).
    const words = text.split(' ');
    for (let i = 0; i < 60; i++) {
      const code = i % 2 === 0 ? `CEL-${i}` : `ACE-${i}`;
      expect({ code, times: words.filter((word) => word === code).length }).toEqual({ code, times: 1 });
    }
    for (const i of [0, 58]) for (const imei of [testImei(4 * i), testImei(4 * i + 1)]) expect(text).toContain(imei);
    // 30 × 2 × 1.000,00 + 30 × 5 × 49,90 = 60.000,00 + 7.485,00 = 67.485,00.
    expect(text).toMatch(/V\. ?TOTAL DA NOTA R\$ 67\.485,00/);
    // ICMS from SP to a company in RJ, both Southeast: the interstate 12 % (issue 55 §2, rule 693): a phone line
    // 2.000,00 → 240,00, a case line 249,50 → 29,94; 30 × 240,00 + 30 × 29,94 = 7.200,00 + 898,20 = 8.098,20.
    expect(text).toContain('VALOR DO ICMS R$ 8.098,20');
    // IBS/CBS base, a phone line: 2.000,00 − 240,00 = 1.760,00, less PIS 1,65 % (29,04) and COFINS 7,6 % (133,76)
    // = 1.597,20; a case line: 249,50 − 29,94 = 219,56, less PIS 3,62 and COFINS 16,69 = 199,25.
    // 30 × 1.597,20 + 30 × 199,25 = 47.916,00 + 5.977,50 = 53.893,50. CBS 0,9 %: 14,37 and 1,79 a line → 484,80.
    // IBS UF 0,1 %: 1,60 and 0,20 a line → 30 × 1,80 = 54,00.
    expect(text).toContain('BASE DE CÁLC. IBS/CBS R$ 53.893,50');
    expect(text).toContain('VALOR DA CBS R$ 484,80');
    expect(text).toContain('VALOR DO IBS UF R$ 54,00');
    // The additional data after the last item.
    expect(text.indexOf('DADOS ADICIONAIS')).toBeGreaterThan(text.indexOf('ACE-59'));
  });

  it("the NFC-e's 80 mm DANFE: total, Pix, the key, the consultation address, the anonymous consumer, the protocol", async () => {
    const { xml, accessKey } = authorised(consumerNote());
    const pdf = await renderDanfe(xml);
    const boxes = mediaBoxes(pdf);
    expect(boxes).toHaveLength(1);
    // 80 mm = 80 / 25,4 × 72 = 226,77 pt wide; as tall as its content (well below A4).
    expect(boxes[0]?.[0]).toBe(226.77);
    expect(boxes[0]?.[1]).toBeGreaterThan(250);
    expect(boxes[0]?.[1]).toBeLessThan(700);
    const text = pdfText(pdf);
    expect(accessKey).toBe('35261111222333000181650010000045121384716250');
    expect(text).toContain('3526 1111 2223 3300 0181 6500 1000 0045 1213 8471 6250');
    expect(text).toContain('Documento Auxiliar da Nota Fiscal de Consumidor Eletrônica');
    expect(text).toContain('CNPJ: 11.222.333/0001-81');
    expect(text).toContain('100245 Smartphone Galaxy A55 128 GB');
    expect(text).toContain('2 UN x 1.000,00 2.000,00');
    expect(text).toContain('Qtde. total de itens 1');
    expect(text).toContain('Valor a pagar R$ 2.000,00');
    expect(text).toContain('FORMA DE PAGAMENTO VALOR PAGO Pix R$ 2.000,00');
    expect(text).toContain('Consulte pela Chave de Acesso em https://www.nfce.fazenda.sp.gov.br/NFCeConsultaPublica');
    expect(text).toContain('CONSUMIDOR NÃO IDENTIFICADO');
    expect(text).toContain('NFC-e nº 000.004.512 Série 001 26/11/2026 10:15');
    expect(text).toContain('Protocolo de autorização: 135260000012345');
    expect(text).toContain('Data de autorização: 26/11/2026 10:15');
    expect(text).toContain('Consulta via leitor de QR Code');
    expect(text).not.toContain('SEM VALOR FISCAL');
    expect(text).not.toContain('CONTINGÊNCIA');
  });

  it('homologação prints SEM VALOR FISCAL, on the NF-e (across the sheet and in its data) and on the NFC-e', async () => {
    const nfe = pdfText(await renderDanfe(authorised(workedExample({ environment: 2 })).xml));
    // The recipient's name SEFAZ requires carries it too: the DANFE's own texts are looked for.
    expect(nfe).toContain('EMITIDA EM AMBIENTE DE HOMOLOGAÇÃO - SEM VALOR FISCAL');
    expect(nfe.startsWith('SEM VALOR FISCAL ')).toBe(true);
    const nfce = pdfText(await renderDanfe(authorised(consumerNote({ environment: 2 })).xml));
    expect(nfce).toContain('EMITIDA EM AMBIENTE DE HOMOLOGAÇÃO - SEM VALOR FISCAL');
    expect(nfce).toContain('NOTA FISCAL EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL');
  });

  it('an NFC-e issued in offline contingency, not yet authorised: EMITIDA EM CONTINGÊNCIA, Pendente de autorização', async () => {
    const note = buildNfe(
      consumerNote({
        environment: 2,
        emission: { type: 'offline', since: '2026-11-26T10:00:00-03:00', reason: 'SEFAZ fora do ar desde as 10h00' },
        recipient: { document: '52998224725', name: 'Maria Consumidora' },
        payments: [{ type: '01', amountCents: 210_000 }],
        changeCents: 10_000,
      }),
      TEST_SIGNER,
    );
    // The bare signed NFe, as kept until SEFAZ answers.
    expect(note.xml.startsWith('<NFe ')).toBe(true);
    const text = pdfText(await renderDanfe(note.xml));
    expect(text).toContain('EMITIDA EM CONTINGÊNCIA');
    expect(text).toContain('Pendente de autorização');
    expect(text).not.toContain('Protocolo de autorização');
    // tpEmis 9 in the key: 0000045129 …
    expect(text).toContain('3526 1111 2223 3300 0181 6500 1000 0045 1293 8471');
    // Cash 2.100,00 for 2.000,00: change 100,00.
    expect(text).toContain('Dinheiro R$ 2.100,00');
    expect(text).toContain('Troco R$ 100,00');
    expect(text).toContain('CONSUMIDOR - CPF 529.982.247-25');
  });

  it('an NF-e not authorised says so; instalments are printed; another XML is refused', async () => {
    const bare = buildNfe(workedExample(), TEST_SIGNER);
    const pending = pdfText(await renderDanfe(bare.xml));
    expect(pending).toContain('PROTOCOLO DE AUTORIZAÇÃO DE USO Pendente de autorização');
    expect(pending).toContain('SEM VALOR FISCAL');

    const credit = authorised(
      workedExample({
        payments: [{ type: '05', amountCents: 203_000, deferred: true }],
        instalments: [
          { number: '001', dueDate: '2026-12-26', amountCents: 67_666 },
          { number: '002', dueDate: '2027-01-25', amountCents: 67_666 },
          { number: '003', dueDate: '2027-02-24', amountCents: 67_668 },
        ],
      }),
    );
    const text = pdfText(await renderDanfe(credit.xml));
    expect(text).toContain('FATURA / DUPLICATAS');
    expect(text).toContain('Nº 001 Venc. 26/12/2026 Valor R$ 676,66');
    expect(text).toContain('Nº 003 Venc. 24/02/2027 Valor R$ 676,68');

    await expect(renderDanfe('<retEnviNFe xmlns="http://www.portalfiscal.inf.br/nfe"/>')).rejects.toThrow(DanfeError);
    await expect(renderDanfe('<NFe><infNFe/></NFe>')).rejects.toThrow(DanfeError);
    await expect(renderDanfe('não é XML')).rejects.toThrow(DanfeError);
  });
});
