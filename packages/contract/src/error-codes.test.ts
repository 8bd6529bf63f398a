import { describe, expect, it } from 'vitest';
import { ERROR_CODES, isErrorCode } from './error-codes';
import { errorCodeSchema } from './errors';

describe('isErrorCode (the web, without zod) and errorCodeSchema answer the same', () => {
  it('on every code and on what is not one', () => {
    const values: unknown[] = [
      ...Object.keys(ERROR_CODES),
      'not_found',
      'NOT_FOUND ',
      '',
      'toString',
      'constructor',
      'hasOwnProperty',
      '__proto__',
      404,
      null,
      undefined,
      {},
      ['NOT_FOUND'],
    ];
    for (const value of values) {
      expect(isErrorCode(value), String(value)).toBe(errorCodeSchema.safeParse(value).success);
    }
    expect(Object.keys(ERROR_CODES).every(isErrorCode)).toBe(true);
    expect(errorCodeSchema.options).toEqual(Object.keys(ERROR_CODES));
  });
});
