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
