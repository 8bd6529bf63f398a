import type { PurchasePreviewItem } from '@backoffice/contract';
import { describe, expect, it } from 'vitest';
import { notePreview, previewItem } from '../test-data';
import { initialChoice, toDecisions, unitsOf } from './item-choice';

const preview = (items: PurchasePreviewItem[]) => notePreview({ items });

describe("the decisions of 'Entrada por XML'", () => {
  it('starts a matched item on its match and an unmatched one on Vincular; a phone (NCM 8517.13) controls IMEI', () => {
    expect(initialChoice(previewItem(1, { match: 'GTIN' })).mode).toBe('auto');
    expect(initialChoice(previewItem(2)).mode).toBe('link');
    const phone = initialChoice(previewItem(3, { ncm: '85171300', imeis: ['490154203237518'] }));
    expect(phone.create.serialized).toBe(true);
    expect(phone.imeisText).toBe('490154203237518');
  });

  it('reads one phone a line: a dual-SIM with its second IMEI after a semicolon, a space or a comma', () => {
    // 3 lines that read as phones (the 2nd and 3rd dual-SIM), a blank line, a line of letters.
    expect(
      unitsOf(
        ' 490154203237518\n352099081234565 ; 356938035643809\n\n35209900000001X\n356938035643817 490154203237526',
      ),
    ).toEqual([
      { imei: '490154203237518' },
      { imei: '352099081234565', imei2: '356938035643809' },
      { imei: '356938035643817', imei2: '490154203237526' },
    ]);
    // A bad check digit (…519) and a repeat are sent, for the server to name them on the item.
    expect(unitsOf('490154203237519\n490154203237518;490154203237518')).toEqual([
      { imei: '490154203237519' },
      { imei: '490154203237518', imei2: '490154203237518' },
    ]);
  });

  it('sends a link, a creation with the typed money and percentages, a factor and the IMEIs of phones only', () => {
    const linked = {
      ...initialChoice(previewItem(1)),
      product: { id: 7, code: 'P7', name: 'Capa', serialized: false },
    };
    const created = initialChoice(previewItem(2, { ncm: '85171300' }));
    created.mode = 'create';
    created.create = {
      ...created.create,
      brand: 'Apple',
      sellPrice: '4.299,90',
      gold: '10',
      silver: '12,5',
      ncm: '8517.13.00',
    };
    // Two phones, the second dual-SIM: two units, not three IMEIs.
    created.imeisText = '490154203237518\n352099081234565;356938035643809';
    const boxed = { ...initialChoice(previewItem(3, { unit: 'CX', match: 'SUPPLIER_CODE' })), factor: '10' };
    const decisions = toDecisions(
      preview([
        previewItem(1),
        previewItem(2, { ncm: '85171300' }),
        previewItem(3, { unit: 'CX', match: 'SUPPLIER_CODE' }),
      ]),
      { 1: linked, 2: created, 3: boxed },
      true,
      '  ',
    );
    expect(decisions).toEqual({
      items: [
        { line: 1, productId: 7 },
        {
          line: 2,
          create: {
            name: 'Item 2',
            brand: 'Apple',
            barcode: null,
            ncm: '85171300',
            cest: null,
            sellPrice: 4299.9,
            discount: { goldPercentage: 10, silverPercentage: 12.5, bronzePercentage: 0 },
            serialized: true,
          },
          units: [{ imei: '490154203237518' }, { imei: '352099081234565', imei2: '356938035643809' }],
        },
        { line: 3, factor: 10 },
      ],
      confirmRecipient: true,
    });
  });
});
