import { describe, expect, it } from 'vitest';
import { type PersonTraces, personPattern, redactText } from './customers.redact';

const JOANA: PersonTraces = {
  names: ['Joana da Conceição'],
  emails: ['Joana.C@Example.com'],
  documents: ['52998224725'],
  phones: ['11987654321'],
  streets: [{ street: 'Rua das Acácias', number: '77' }],
  complements: ['apto 12'],
  zipCodes: ['04077000'],
  // A rural producer's 'Inscrição estadual' (SP, 12 digits).
  stateRegistrations: ['110042490114'],
};
const pattern = personPattern(JOANA) as RegExp;
const redact = (text: string) => redactText(text, pattern);

describe('finding a person in free text (decision 0016)', () => {
  it('finds the name whole or in parts, in any case, with or without accents', () => {
    expect(redact('Falar com JOANA DA CONCEICAO amanhã')).toBe('Falar com [dado removido] amanhã');
    expect(redact('recebido pela joana; a Conceição assinou')).toBe(
      'recebido pela [dado removido]; a [dado removido] assinou',
    );
    // Not inside another word, and 'da' alone is nobody.
    expect(redact('Joanavirgem da loja')).toBe('Joanavirgem da loja');
  });

  it('finds the CPF, the CEP and the phone with or without punctuation, mask, area code or +55', () => {
    for (const cpf of ['529.982.247-25', '52998224725', '529 982 247 25']) {
      expect(redact(`CPF ${cpf}.`), cpf).toBe('CPF [dado removido].');
    }
    for (const phone of ['(11) 98765-4321', '11987654321', '+55 11 98765 4321', '98765-4321', '11 9 8765-4321']) {
      expect(redact(`tel ${phone} ok`), phone).toBe('tel [dado removido] ok');
    }
    expect(redact('CEP 04077-000')).toBe('CEP [dado removido]');
    // Another number is left alone: an order code, a longer number holding the same digits.
    expect(redact('pedido K7M-4QP, nota 119876543210')).toBe('pedido K7M-4QP, nota 119876543210');
  });

  it('finds the state registration from 8 digits, with or without punctuation; a short one or ISENTO is left', () => {
    for (const ie of ['110.042.490.114', '110042490114', '110 042 490 114']) {
      expect(redact(`IE ${ie} no talão`), ie).toBe('IE [dado removido] no talão');
    }
    const short = personPattern({ ...JOANA, stateRegistrations: ['1234567', 'ISENTO'] }) as RegExp;
    expect(redactText('1234567 unidades; ISENTO de IE', short)).toBe('1234567 unidades; ISENTO de IE');
  });

  it('finds the e-mail in any case and the street with or without its type and number', () => {
    expect(redact('mandar para joana.c@example.COM')).toBe('mandar para [dado removido]');
    expect(redact('Entregar na R. das Acacias, nº 77, apto 12')).toBe('Entregar na [dado removido], [dado removido]');
    expect(redact('Rua das Acácias 77 - portão azul')).toBe('[dado removido] - portão azul');
  });

  it('leaves a text without the person as it was', () => {
    const text = 'Devolução de 1 capinha: defeito.';
    expect(redact(text)).toBe(text);
  });

  it('finds an e-mail or a street number with a hyphen (a person whose e-mail has one can be anonymised)', () => {
    const hyphened = personPattern({
      ...JOANA,
      emails: ['joana-c@exemplo-loja.com.br'],
      streets: [{ street: 'Rua das Acácias', number: '77-A' }],
    }) as RegExp;
    expect(redactText('escrever para joana-c@exemplo-loja.com.br', hyphened)).toBe('escrever para [dado removido]');
    expect(redactText('Rua das Acácias, 77-A', hyphened)).toBe('[dado removido]');
  });
});
