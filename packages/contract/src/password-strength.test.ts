import { dictionary } from '@zxcvbn-ts/language-common';
import { describe, expect, it } from 'vitest';
import { ownerWords, passwordStrengthProblem } from './password-strength';

const MARIA = { name: 'Maria Aparecida Figueiredo', email: 'maria.figueiredo@lojacelular.com.br' };
const WEAK = 'Senha fraca, fácil de adivinhar.';

describe('password strength (zxcvbn-ts, pt-BR)', () => {
  it('a password of eight identical letters is refused, with the Portuguese warning', () => {
    expect(passwordStrengthProblem('aaaaaaaa', MARIA)).toBe(
      `${WEAK} Caracteres repetidos, como "aaa" são fáceis de adivinhar. Adicione mais palavras menos comuns. ` +
        'Evite repetir sequências de caracteres e palavras.',
    );
  });

  it('a repeated run of digits is refused', () => {
    expect(passwordStrengthProblem('12341234', MARIA)).toContain(
      'Padrões de caracteres repetidos, como "abcabcabc" são fáceis de adivinhar.',
    );
  });

  it('blanks with one letter are refused', () => {
    expect(passwordStrengthProblem('        x', MARIA)).toMatch(/^Senha fraca, fácil de adivinhar\. /);
    expect(passwordStrengthProblem(' x      ', MARIA)).toMatch(/^Senha fraca/);
  });

  it("the account's own e-mail, name or mailbox is refused as personal data", () => {
    const personal = 'A senha não deve conter dados pessoais, como o seu nome ou e-mail.';
    expect(passwordStrengthProblem(MARIA.email, MARIA)).toContain(personal);
    expect(passwordStrengthProblem('maria.figueiredo', MARIA)).toContain(personal);
    expect(passwordStrengthProblem('figueiredolojacelular', MARIA)).toContain(personal);
    // Not personal for somebody else: the same words are then only judged as words.
    expect(passwordStrengthProblem('figueiredolojacelular', { name: 'Ana Souza', email: 'ana@x.com.br' })).toBeNull();
  });

  it('the demo password would not be accepted as a new password', () => {
    expect(passwordStrengthProblem('demo1234', { name: 'Ana', email: 'admin@demo.com.br' })).toMatch(/^Senha fraca/);
  });

  it('accepts a few uncommon words and a long random password', () => {
    expect(passwordStrengthProblem('lua-cheia-na-serra', MARIA)).toBeNull();
    expect(passwordStrengthProblem('Tr0ca-de-Senha!', MARIA)).toBeNull();
    expect(passwordStrengthProblem('Kx9#mP2$vL7@nQ4!wR8%tY3^bN6&hJ1*'.repeat(6), MARIA)).toBeNull();
  });

  it('keeps the cheap rule first: too short and blank', () => {
    expect(passwordStrengthProblem('Xy7#', MARIA)).toBe('A nova senha deve ter pelo menos 8 caracteres.');
    expect(passwordStrengthProblem('          ', MARIA)).toBe('A nova senha não pode ser formada só por espaços.');
  });

  it('the old list of common passwords adds nothing: a spread sample of it is refused by the estimator alone', () => {
    const list = (dictionary['passwords-common'] as string[]).filter((password) => password.length >= 8);
    expect(list.length).toBeGreaterThan(17_000);
    const step = Math.floor(list.length / 120);
    const sample = [...list.slice(0, 30), ...list.filter((_, index) => index % step === 0)];
    const accepted = sample.filter((password) => passwordStrengthProblem(password, {}) === null);
    expect(accepted).toEqual([]);
    // Capitalised as people do (the old list compared case-insensitively): still refused.
    for (const password of ['Password1', 'SENHA123', 'Qwertyuiop']) {
      expect(passwordStrengthProblem(password, {}), password).toMatch(/^Senha fraca/);
    }
  }, 60_000);

  it('gives the estimator the name, its words, the e-mail and its parts', () => {
    expect(ownerWords(MARIA)).toEqual([
      'maria aparecida figueiredo',
      'maria',
      'aparecida',
      'figueiredo',
      'maria.figueiredo@lojacelular.com.br',
      'maria.figueiredo',
      'lojacelular',
      'com',
      'br',
    ]);
  });
});
