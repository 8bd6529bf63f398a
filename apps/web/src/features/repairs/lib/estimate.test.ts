import { REPAIR_TEXTS } from '@backoffice/contract';
import { describe, expect, it } from 'vitest';
import { addPart, estimateBodyOf, estimateProblem, estimateTotals } from './estimate';

const SCREEN = { id: 31, code: 'TEL-IP12', name: 'Tela iPhone 12', sellPrice: 350 };
const GLUE = { id: 32, code: 'ADE-01', name: 'Adesivo de tela', sellPrice: 0.1 };

describe("the estimate's sums and rules", () => {
  it('a screen of R$ 350,00 and R$ 120,00 of labour: R$ 470,00', () => {
    const parts = addPart([], SCREEN);
    expect(parts).toEqual([{ productId: 31, code: 'TEL-IP12', name: 'Tela iPhone 12', quantity: 1, unitPrice: 350 }]);
    expect(estimateTotals({ parts, labour: 120 })).toEqual({ lines: [350], parts: 350, labour: 120, total: 470 });
  });

  it('adds in cents: 3 × R$ 0,10 + 2 × R$ 49,90 = R$ 100,10 of parts, + R$ 35,55 = R$ 135,65 (no 0,30000000000000004)', () => {
    const parts = [
      { productId: 32, code: 'ADE-01', name: 'Adesivo', quantity: 3, unitPrice: 0.1 },
      { productId: 33, code: 'BAT-01', name: 'Bateria', quantity: 2, unitPrice: 49.9 },
    ];
    expect(estimateTotals({ parts, labour: 35.55 })).toEqual({
      lines: [0.3, 99.8],
      parts: 100.1,
      labour: 35.55,
      total: 135.65,
    });
  });

  it('a product picked again is one more unit of the same part, up to 99', () => {
    const twice = addPart(addPart([], GLUE), GLUE);
    expect(twice).toHaveLength(1);
    expect(twice[0]?.quantity).toBe(2);
    const full = addPart([{ ...(twice[0] as (typeof twice)[number]), quantity: 99 }], GLUE);
    expect(full[0]?.quantity).toBe(99);
  });

  it('refuses what the server refuses, with its words', () => {
    expect(estimateProblem({ parts: [], labour: null })).toBe(REPAIR_TEXTS.estimateEmpty);
    expect(estimateProblem({ parts: [], labour: 0 })).toBe(REPAIR_TEXTS.estimateEmpty);
    expect(estimateProblem({ parts: [], labour: 120 })).toBeNull();
    const part = { productId: 31, code: 'T', name: 'Tela', quantity: 0, unitPrice: 350 };
    expect(estimateProblem({ parts: [part], labour: null })).toBe(REPAIR_TEXTS.partInvalid);
    expect(estimateProblem({ parts: [{ ...part, quantity: 100 }], labour: null })).toBe(REPAIR_TEXTS.partInvalid);
    expect(estimateProblem({ parts: [{ ...part, quantity: 1, unitPrice: null }], labour: null })).toBe(
      REPAIR_TEXTS.amountInvalid,
    );
    expect(estimateProblem({ parts: [{ ...part, quantity: 1 }], labour: 100_000 })).toBe(REPAIR_TEXTS.amountInvalid);
    expect(
      estimateProblem({
        parts: [
          { ...part, quantity: 1 },
          { ...part, quantity: 2 },
        ],
        labour: null,
      }),
    ).toBe(REPAIR_TEXTS.partRepeated);
  });

  it('sends the diagnosis, each part with the price shown and the labour (R$ 0,00 when empty)', () => {
    const parts = addPart([], SCREEN);
    expect(estimateBodyOf({ diagnosis: ' Display trincado ', parts, labour: 120 })).toEqual({
      diagnosis: 'Display trincado',
      parts: [{ productId: 31, quantity: 1, unitPrice: 350 }],
      labour: 120,
    });
    expect(estimateBodyOf({ diagnosis: '', parts, labour: null })).toEqual({
      parts: [{ productId: 31, quantity: 1, unitPrice: 350 }],
      labour: 0,
    });
  });
});
