import { describe, expect, it } from 'vitest';
import { shownFor, TYPED_MONEY } from '../../test/typed-numbers';
import { approveFormSchema, editFormSchema } from './schemas';

describe("the customers' forms read typed numbers as the contract does", () => {
  it("takes '1.234,56' as R$ 1.234,56 and '1,5' as 1.5 (they were refused as not numbers)", () => {
    const approved = approveFormSchema.parse({ level: '1', shippingCost: '1.234,56', warrantyPercentage: '1,5' });
    expect(approved).toEqual({ level: 1, shippingCost: 1234.56, warrantyPercentage: 1.5 });
    const edited = editFormSchema.parse({
      approved: true,
      level: '',
      shippingCost: '1.299',
      warrantyPercentage: '',
      fastDeliveryTax: '1.299,90',
      stateRegistration: '',
    });
    expect(edited).toMatchObject({
      shippingCost: 1299,
      fastDeliveryTax: 1299.9,
      warrantyPercentage: 0,
      stateRegistration: null,
    });
  });

  it.each([
    ['86.123.456', '86123456'],
    [' 110 042 490/114 ', '110042490114'],
    ['Isento', 'ISENTO'],
    ['', null],
    ['  ', null],
  ])("reads 'Inscrição estadual' typed %j as the server keeps it: %j", (typed, kept) => {
    expect(editFormSchema.shape.stateRegistration.parse(typed)).toBe(kept);
  });

  it.each(['1', '123456789012345', '86A123456', 'ISENTA'])("refuses 'Inscrição estadual' typed %j", (typed) => {
    expect(editFormSchema.shape.stateRegistration.safeParse(typed).error?.issues.map((i) => i.message)).toEqual([
      'Inscrição estadual inválida: informe só os números (2 a 14) ou ISENTO.',
    ]);
  });

  it('refuses what could be read two ways, with the field message', () => {
    const result = approveFormSchema.safeParse({ level: '1', shippingCost: '1.29,90', warrantyPercentage: '' });
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['shippingCost']);
  });
});

const shown = (field: 'shippingCost' | 'warrantyPercentage', typed: string) =>
  shownFor(approveFormSchema.shape[field], typed);

// Issue 37, item 3: what a Brazilian types in the approval's numbers, and the message a bad one gets.
describe("the approval's numbers: what each typing means to the form", () => {
  it.each([
    ...TYPED_MONEY.map((typed) => [typed, 'ok']),
    ['-0,00', 'ok'],
    ['', 'Informe o preço do frete para o cliente'],
    ['1.2.3', 'Informe um preço de frete válido'],
    ['-5', 'Informe um preço de frete válido'],
    ['1,999', 'Informe um valor com no máximo duas casas decimais.'],
  ])("'Frete' typed %j: %s", (typed, message) => {
    expect(shown('shippingCost', typed)).toBe(message);
  });

  it.each([
    ['1,5', 'ok'],
    ['', 'ok'],
    ['-0,00', 'ok'],
    ['1.234,56', 'Informe a garantia de 0 a 100'],
    ['1.2.3', 'Informe a garantia de 0 a 100'],
    ['-5', 'Informe a garantia de 0 a 100'],
  ])("'Garantia' typed %j: %s", (typed, message) => {
    expect(shown('warrantyPercentage', typed)).toBe(message);
  });

  it("reads '-0,00' as zero and ' 10 ' as 10", () => {
    expect(approveFormSchema.parse({ level: '1', shippingCost: ' 10 ', warrantyPercentage: '-0,00' })).toEqual({
      level: 1,
      shippingCost: 10,
      warrantyPercentage: 0,
    });
  });
});
