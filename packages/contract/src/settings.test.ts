import { describe, expect, it } from 'vitest';
import {
  bankSettingInputSchema,
  companySettingsPatchSchema,
  normalizeAccount,
  normalizeAgency,
  normalizeBank,
  normalizePixKey,
} from './settings';

describe('Pix keys', () => {
  it('accepts a CPF with valid check digits and stores its 11 digits', () => {
    expect(normalizePixKey('CPF', '529.982.247-25')).toBe('52998224725');
    expect(normalizePixKey('CPF', '529.982.247-24')).toBeNull();
    expect(normalizePixKey('CPF', '111.111.111-11')).toBeNull();
  });

  it('accepts a numeric or alphanumeric CNPJ and stores its 14 characters', () => {
    expect(normalizePixKey('CNPJ', '11.222.333/0001-81')).toBe('11222333000181');
    expect(normalizePixKey('CNPJ', '12.abc.345/01de-35')).toBe('12ABC34501DE35');
    expect(normalizePixKey('CNPJ', '11.222.333/0001-80')).toBeNull();
  });

  it('stores a phone as +55DDDNUMBER, with 10 or 11 digits after +55', () => {
    expect(normalizePixKey('PHONE', '+55 (11) 98765-4321')).toBe('+5511987654321');
    expect(normalizePixKey('PHONE', '(11) 98765-4321')).toBe('+5511987654321');
    expect(normalizePixKey('PHONE', '5521 3456-7890')).toBe('+552134567890');
    expect(normalizePixKey('PHONE', '+1 415 555 0100')).toBeNull();
    expect(normalizePixKey('PHONE', '98765-4321')).toBeNull();
    expect(normalizePixKey('PHONE', '(11) 88765-4321')).toBeNull(); // 11 digits must be a mobile (9 after DDD)
    expect(normalizePixKey('PHONE', '(01) 98765-4321')).toBeNull(); // no DDD starts with 0
  });

  it('lower-cases e-mails and random keys and checks their form', () => {
    expect(normalizePixKey('EMAIL', ' Financeiro@Conecta.com.BR ')).toBe('financeiro@conecta.com.br');
    expect(normalizePixKey('EMAIL', 'financeiro@conecta')).toBeNull();
    expect(normalizePixKey('EVP', '123E4567-E12B-12D1-A456-426655440000')).toBe('123e4567-e12b-12d1-a456-426655440000');
    expect(normalizePixKey('EVP', '123e4567e12b12d1a456426655440000')).toBeNull();
  });
});

describe('bank, agency and account', () => {
  it('writes the bank as name and 3-digit code', () => {
    expect(normalizeBank('341 - Itaú Unibanco')).toBe('Itaú Unibanco (341)');
    expect(normalizeBank('Banco Inter (077)')).toBe('Banco Inter (077)');
    expect(normalizeBank('Itaú')).toBeNull();
    expect(normalizeBank('341')).toBeNull();
    expect(normalizeBank('Banco 1234')).toBeNull();
  });

  it('takes a 4-digit agency with an optional check digit and an account with its check digit', () => {
    expect(normalizeAgency('0912')).toBe('0912');
    expect(normalizeAgency('0912-x')).toBe('0912-X');
    expect(normalizeAgency('912')).toBeNull();
    expect(normalizeAccount('45873-2')).toBe('45873-2');
    expect(normalizeAccount('458732')).toBe('45873-2');
    expect(normalizeAccount('45.873-2')).toBe('45873-2');
    expect(normalizeAccount('4')).toBeNull();
    expect(normalizeAccount('45873-22')).toBeNull(); // the check digit is one character
    expect(normalizeAccount('conta')).toBeNull();
  });
});

describe('bank setting body', () => {
  it('normalises a Pix setting and names the wrong field of a bad key', () => {
    const ok = bankSettingInputSchema.parse({
      bankSettingsType: 'Pix',
      name: ' Pix celular ',
      pixType: 'PHONE',
      pixKey: '(11) 98765-4321',
      bank: '',
      agency: null,
    });
    expect(ok).toEqual({
      bankSettingsType: 'Pix',
      name: 'Pix celular',
      bank: null,
      agency: null,
      account: null,
      cnpj: null,
      pixType: 'PHONE',
      pixKey: '+5511987654321',
      disabled: false,
    });
    const bad = bankSettingInputSchema.safeParse({ bankSettingsType: 'Pix', name: 'X', pixType: 'EVP', pixKey: 'abc' });
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['pixKey', 'Chave aleatória inválida: deve ser um UUID como 123e4567-e89b-12d3-a456-426614174000.'],
    ]);
  });

  it('asks a transfer for bank, agency, account and the holder CNPJ, and refuses a Pix key on it', () => {
    const bad = bankSettingInputSchema.safeParse({ bankSettingsType: 'Transfer', name: 'Conta', pixKey: 'x' });
    expect(bad.error?.issues.map((i) => i.path.join('.')).sort()).toEqual([
      'account',
      'agency',
      'bank',
      'cnpj',
      'pixKey',
    ]);
    const ok = bankSettingInputSchema.parse({
      bankSettingsType: 'Transfer',
      name: 'Conta PJ',
      bank: '237 Bradesco',
      agency: '1234-5',
      account: '0012345-6',
      cnpj: '11222333000181',
    });
    expect(ok).toMatchObject({ bank: 'Bradesco (237)', account: '0012345-6', cnpj: '11.222.333/0001-81' });
  });
});

describe('company settings body', () => {
  it('upper-cases the merchant name and city without accents, within 25 and 15 characters', () => {
    expect(
      companySettingsPatchSchema.parse({
        companyId: 1,
        enablePixAuto: true,
        merchantName: 'Conecta Cell',
        merchantCity: 'São Paulo',
      }),
    ).toEqual({ companyId: 1, enablePixAuto: true, merchantName: 'CONECTA CELL', merchantCity: 'SAO PAULO' });
    const long = companySettingsPatchSchema.safeParse({
      companyId: 1,
      enablePixAuto: false,
      merchantName: 'Conecta Cell Distribuidora', // 26
      merchantCity: 'Santa Rita do Sapucaí', // 21
    });
    expect(long.error?.issues.map((i) => i.path.join('.'))).toEqual(['merchantName', 'merchantCity']);
  });
});
