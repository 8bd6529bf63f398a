import { describe, expect, it } from 'vitest';
import { parseBrazilianNumber, typedReaisToCents } from './number';

describe('parseBrazilianNumber: the one reader of a typed Brazilian number', () => {
  it.each([
    ['1.299', 1299],
    ['1.234,56', 1234.56],
    ['1,5', 1.5],
    ['1.299,90', 1299.9],
    ['1299,90', 1299.9],
    ['1.234.567,89', 1234567.89],
    ['1.234.567', 1234567],
    ['12,', 12],
    ['19.90', 19.9],
    ['1234.56', 1234.56],
    ['0,5', 0.5],
    [' 7 ', 7],
    ['R$ 12,50', 12.5],
    ['R$\u00a01.299,90', 1299.9],
    ['15%', 15],
    ['12,5 %', 12.5],
    ['1 299,90', 1299.9],
    ['-3,5', -3.5],
    ['−3', -3],
    ['–1.500', -1500],
    ['0', 0],
    ['0.001', 0.001],
  ])('%j is %d', (typed, expected) => {
    expect(parseBrazilianNumber(typed)).toBe(expected);
  });

  it.each([
    '',
    '   ',
    'abc',
    '12a',
    '1,2,3',
    '1.29,90',
    '1.2.3',
    '12.345.6',
    '1.234.56',
    '0.123,45',
    ',5',
    '.5',
    '12.',
    '-',
    '--1',
    '+5',
    '1e3',
    '0x10',
    'R$',
  ])('%j is not a number (NaN)', (typed) => {
    expect(parseBrazilianNumber(typed)).toBeNaN();
  });

  // Issue 37, item 3: what a Brazilian types and what it means, or that it is not a number.
  it.each([
    ['1.234,56', 1234.56],
    ['1234,56', 1234.56],
    ['1.299', 1299],
    ['1,5', 1.5],
    ['R$ 10', 10],
    [' 10 ', 10],
    ['-0,00', 0],
    ['1.2.3', Number.NaN],
    ['', Number.NaN],
  ])('what a Brazilian types: %j means %d', (typed, expected) => {
    // toBe tells 0 from -0 and NaN from any number.
    expect(parseBrazilianNumber(typed)).toBe(expected);
  });

  it('reads minus zero as zero (nothing shows "-R$ 0,00")', () => {
    expect(Object.is(parseBrazilianNumber('-0,00'), 0)).toBe(true);
    expect(Object.is(parseBrazilianNumber('−0'), 0)).toBe(true);
  });

  it('reads a number already held as one, and nothing as NaN', () => {
    expect(parseBrazilianNumber(12.5)).toBe(12.5);
    expect(parseBrazilianNumber(null)).toBeNaN();
    expect(parseBrazilianNumber(undefined)).toBeNaN();
  });
});

describe('typedReaisToCents', () => {
  it("reads reais as a Brazilian types them, in cents ('Balcão' and any amount typed by hand)", () => {
    expect(['1.234,56', '49,9', '500', 'R$ 0,05', '12,345', 'abc', '', '-1,00', '49.9'].map(typedReaisToCents)).toEqual(
      [123_456, 4_990, 50_000, 5, null, null, null, null, 4_990],
    );
  });
});
