import { type Purchase, purchaseSchema } from '@backoffice/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PURCHASES_TEXTS as T } from '../texts';
import { toDecisions } from './item-choice';
import { PurchaseDetails } from './purchase-details';

const entry = (signed: boolean): Purchase =>
  purchaseSchema.parse({
    id: 7,
    accessKey: '35261111222333000181550010000045121000045120',
    number: '4512',
    series: '1',
    issuedAt: '2026-11-20T10:15:00-03:00',
    total: 0,
    supplier: { id: 3, name: 'DISTRIBUIDORA MODELO DE CELULARES LTDA', document: '11222333000181' },
    itemsCount: 0,
    signatureStatus: signed ? 'VALID' : 'ABSENT',
    signatureChain: signed ? 'INCOMPLETE' : null,
    createdAt: '2026-11-26T13:00:00.000Z',
    createdBy: 'Carlos Estoquista',
    unsignedReason: signed ? null : 'XML sem assinatura, conferido com o DANFE',
    recipientDocument: null,
    recipientConfirmed: false,
    billing: null,
    costs: { bonusCost: null, bonusValue: 0, credits: { icms: 0, pis: 0, cofins: 0, total: 0 } },
    items: [],
    payables: [],
  });

/** Issue 57 §4: an entry made without a signature is marked; the label says what was checked. */
describe('the signature of an entry', () => {
  it("marks an unsigned entry 'Entrada sem assinatura' with its reason", () => {
    render(<PurchaseDetails purchase={entry(false)} />);
    expect(screen.getByText('Entrada sem assinatura')).toBeTruthy();
    expect(screen.getByText(/XML sem assinatura, conferido com o DANFE/)).toBeTruthy();
  });

  it("says 'Assinatura confere com o arquivo' of a signed one, without the chip", () => {
    render(<PurchaseDetails purchase={entry(true)} />);
    expect(screen.getByText(/Assinatura confere com o arquivo/)).toBeTruthy();
    expect(screen.queryByText('Entrada sem assinatura')).toBeNull();
    expect(T.signed).not.toBe('Assinada e conferida');
    // Decision 0096: the chain was not verifiable (the file carried the signer's certificate alone), said in words.
    expect(screen.getByText(/Cadeia do certificado não verificada/)).toBeTruthy();
  });

  it('sends acceptCertificate only when the clerk accepted the certificate', () => {
    const preview = { items: [] } as unknown as Parameters<typeof toDecisions>[0];
    expect(toDecisions(preview, {}, false, '', true)).toEqual({
      items: [],
      confirmRecipient: false,
      acceptCertificate: true,
    });
    expect(toDecisions(preview, {}, false, '')).toEqual({ items: [], confirmRecipient: false });
  });
});

/**
 * An entry's costs as kept (decision 0089): the note of nfe-entry-costs.test.tsx entered with 'Custo zero' — 40
 * capas bought at R$ 400,00 less credits R$ 85,00 (ICMS 48,00, PIS 6,60, COFINS 30,40) = R$ 315,00, 787,5 cents a
 * unit: R$ 7,88 (rounded half up) with 20 units a cent less; 10 películas in bonus (R$ 100,00) at zero.
 */
describe("an entry's costs", () => {
  it('shows the bonus rule kept, the credits, the bonus item and the units a cent off', () => {
    const base = entry(true);
    const purchase = purchaseSchema.parse({
      ...base,
      total: 500,
      itemsCount: 2,
      costs: {
        bonusCost: 'ZERO',
        bonusValue: 100,
        credits: { icms: 48, pis: 6.6, cofins: 30.4, total: 85 },
      },
      items: [
        {
          line: 1,
          supplierCode: 'CAPA-1',
          description: 'Capa silicone',
          gtin: null,
          unit: 'UN',
          quantity: '40.0000',
          factor: 1,
          units: 40,
          product: { id: 1, code: 'P100001', name: 'Capa silicone' },
          totalCost: 400,
          unitCost: 7.88,
          costBefore: 0,
          costAfter: 7.88,
          bonus: false,
          fcpSt: 0,
          credits: { icms: 48, pis: 6.6, cofins: 30.4 },
          entryCost: 315,
          centUnits: -20,
          imeis: [],
        },
        {
          line: 2,
          supplierCode: 'PEL-9',
          description: 'Película 9H',
          gtin: null,
          unit: 'UN',
          quantity: '10.0000',
          factor: 1,
          units: 10,
          product: { id: 2, code: 'P100002', name: 'Película 9H' },
          totalCost: 100,
          unitCost: 0,
          costBefore: 0,
          costAfter: 0,
          bonus: true,
          fcpSt: 0,
          credits: { icms: 0, pis: 0, cofins: 0 },
          entryCost: 0,
          centUnits: 0,
          imeis: [],
        },
      ],
    });
    render(<PurchaseDetails purchase={purchase} />);
    expect(screen.getByText(/R\$ 100,00 — Custo zero/)).toBeTruthy();
    expect(screen.getByText(/Créditos de impostos descontados do custo: R\$ 85,00/)).toBeTruthy();
    // The entry's line and item 1's own credits say the same figures.
    expect(screen.getAllByText(/ICMS R\$ 48,00 · PIS R\$ 6,60 · COFINS R\$ 30,40/)).toHaveLength(2);
    expect(screen.getByText('R$ 315,00')).toBeTruthy();
    // 20 × 7,88 + 20 × 7,87 = 157,60 + 157,40 = R$ 315,00.
    expect(screen.getByText('20 unidades a R$ 0,01 a menos (arredondamento)')).toBeTruthy();
    const bonusRow = screen.getByText(/P100002 · Película 9H/).closest('tr') as HTMLElement;
    expect(bonusRow.textContent).toContain('Bonificação');
    const boughtRow = screen.getByText(/P100001 · Capa silicone/).closest('tr') as HTMLElement;
    expect(boughtRow.textContent).not.toContain('Bonificação');
  });
});
