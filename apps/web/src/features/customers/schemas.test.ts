import { describe, expect, it } from 'vitest';
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
    });
    expect(edited).toMatchObject({ shippingCost: 1299, fastDeliveryTax: 1299.9, warrantyPercentage: 0 });
  });

  it('refuses what could be read two ways, with the field message', () => {
    const result = approveFormSchema.safeParse({ level: '1', shippingCost: '1.29,90', warrantyPercentage: '' });
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['shippingCost']);
  });
});
