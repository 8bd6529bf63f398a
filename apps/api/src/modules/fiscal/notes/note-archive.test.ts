import { describe, expect, it } from 'vitest';
import { eventCode, eventDocument, eventFileName, voidingDocument } from './note-archive';

/** Issue 56 §3: which document each kept event or voiding gives, by what the row holds. */
describe('the documents of the events and voidings', () => {
  const key = '35261111222333000181550010000000011000000016';
  const NS = 'http://www.portalfiscal.inf.br/nfe';
  const evento = `<evento xmlns="${NS}" versao="1.00"><infEvento Id="ID110111${key}01"><tpEvento>110111</tpEvento></infEvento></evento>`;
  const retEvento = `<retEvento xmlns="${NS}" versao="1.00"><infEvento><cStat>135</cStat></infEvento></retEvento>`;

  it('sent straight: the signed evento and the retEvento in a procEventoNFe versao 1.00', () => {
    const row = { type: 'CANCEL', sequence: 1, xml: retEvento, request_xml: evento };
    expect(eventDocument(row)).toEqual({
      xml: `<procEventoNFe xmlns="${NS}" versao="1.00">${evento}${retEvento}</procEventoNFe>`,
      answerOnly: false,
    });
    expect(eventFileName(key, row, false)).toBe(`${key}-cancelamento.xml`);
  });

  it('through the provider: its procEventoNFe as it is, without the declaration', () => {
    const proc = `<procEventoNFe versao="1.00">${evento}${retEvento}</procEventoNFe>`;
    const row = {
      type: 'CORRECTION',
      sequence: 2,
      xml: `<?xml version="1.0" encoding="UTF-8"?>\n${proc}`,
      request_xml: null,
    };
    expect(eventDocument(row)).toEqual({ xml: proc, answerOnly: false });
    // The code read from the XML (110111 here), before the row's type.
    expect(eventCode(row)).toBe('110111');
  });

  it('kept before migration 0102: the bare answer, flagged; nothing when nothing was kept', () => {
    const row = { type: 'CORRECTION', sequence: 3, xml: retEvento, request_xml: null };
    expect(eventDocument(row)).toEqual({ xml: retEvento, answerOnly: true });
    expect(eventFileName(key, row, true)).toBe(`${key}-cce-3-somente-retorno.xml`);
    expect(eventDocument({ ...row, xml: null })).toBeNull();
  });

  it('a cancellation by substitution (110112) is named by its tpEvento', () => {
    const row = {
      type: 'SUBSTITUTION',
      sequence: 1,
      xml: retEvento,
      request_xml: evento.replaceAll('110111', '110112'),
    };
    expect(eventFileName(key, row, false)).toBe(`${key}-cancelamento-substituicao.xml`);
  });

  it('a voiding: the signed inutNFe and its retInutNFe in a ProcInutNFe versao 4.00; a provider’s proc as it is', () => {
    const inutNFe = `<inutNFe xmlns="${NS}" versao="4.00"><infInut Id="ID35"/></inutNFe>`;
    const retInutNFe = `<retInutNFe xmlns="${NS}" versao="4.00"><infInut><cStat>102</cStat></infInut></retInutNFe>`;
    expect(voidingDocument({ xml: retInutNFe, request_xml: inutNFe })).toEqual({
      xml: `<ProcInutNFe xmlns="${NS}" versao="4.00">${inutNFe}${retInutNFe}</ProcInutNFe>`,
      answerOnly: false,
    });
    const proc = `<ProcInutNFe versao="4.00">${inutNFe}${retInutNFe}</ProcInutNFe>`;
    expect(voidingDocument({ xml: proc, request_xml: null })).toEqual({ xml: proc, answerOnly: false });
    expect(voidingDocument({ xml: retInutNFe, request_xml: null })).toEqual({ xml: retInutNFe, answerOnly: true });
    expect(voidingDocument({ xml: '', request_xml: null })).toBeNull();
  });
});
