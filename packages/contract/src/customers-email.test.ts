import { describe, expect, it } from 'vitest';
import { anonymisedEmail } from './customer-privacy';
import { isPlaceholderEmail, shownEmail } from './customers';

describe('placeholder e-mails are never shown (issue 54)', () => {
  it("hides the walk-in's and an anonymised customer's .invalid address, keeps a person's", () => {
    expect(shownEmail('consumidor-final-2@balcao.invalid')).toBe('');
    expect(shownEmail(anonymisedEmail(7))).toBe('');
    expect(shownEmail('joao@cliente.com.br')).toBe('joao@cliente.com.br');
    expect(shownEmail(null)).toBe('');
    // Only the reserved top-level domain: 'invalid' elsewhere in an address is a real one.
    expect(isPlaceholderEmail('invalid@loja.com.br')).toBe(false);
    expect(isPlaceholderEmail('ana@invalid.com')).toBe(false);
  });
});
