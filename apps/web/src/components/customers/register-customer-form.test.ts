import { describe, expect, it } from 'vitest';
import { EMPTY_REGISTER_FORM, registerCustomerFormSchema } from './register-customer-form';

/** 'Cadastrar cliente' checks what was typed as the server does (the contract's schema), field by field. */
describe('the registration form', () => {
  const typed = {
    ...EMPTY_REGISTER_FORM,
    name: ' Joana Prado ',
    document: '12.abc.345/01de-35',
    phone: '(11) 98765-4321',
    email: 'Joana@Example.com',
    zipCode: '01001-000',
    street: 'Praça da Sé',
    number: '100',
    neighborhood: 'Sé',
    city: 'São Paulo',
    state: 'sp',
    level: '3',
    // As the money fields hold them: a plain decimal with a dot.
    shippingCost: '12.5',
    warrantyPercentage: '',
    fastDeliveryTax: '',
    delivererId: '7',
  };

  it('sends the body the server keeps: document and phone without punctuation, amounts as numbers', () => {
    const parsed = registerCustomerFormSchema.safeParse(typed);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({
      name: 'Joana Prado',
      document: '12ABC34501DE35',
      phone: '11987654321',
      email: 'joana@example.com',
      zipCode: '01001000',
      state: 'SP',
      level: 3,
      shippingCost: 12.5,
      warrantyPercentage: 0,
      fastDeliveryTax: 0,
      delivererId: 7,
      complement: null,
      stateRegistration: null,
    });
  });

  it('says what is wrong under each field, by the server’s messages', () => {
    const parsed = registerCustomerFormSchema.safeParse({
      ...typed,
      document: '12.ABC.345/01DE-36',
      stateRegistration: '86-ABC',
      zipCode: '0100',
      delivererId: '',
    });
    expect(parsed.success).toBe(false);
    const byField = Object.fromEntries((parsed.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(byField).toEqual({
      document: 'CPF ou CNPJ inválido',
      stateRegistration: 'Inscrição estadual inválida: informe só os números (2 a 14) ou ISENTO.',
      zipCode: 'Informe o CEP com 8 dígitos',
    });
  });

  it("sends the 'Inscrição estadual' as its digits or ISENTO, and none (null) when left empty", () => {
    for (const [stateRegistration, kept] of [
      ['86.123.456', '86123456'],
      ['isento', 'ISENTO'],
      ['', null],
    ] as const) {
      expect(registerCustomerFormSchema.parse({ ...typed, stateRegistration }).stateRegistration).toBe(kept);
    }
  });

  it('a counter customer (decision 0073): name, CPF and phone are enough; e-mail, address and freight optional', () => {
    const parsed = registerCustomerFormSchema.safeParse({
      ...EMPTY_REGISTER_FORM,
      name: 'Marta Balcão',
      document: '111.444.777-35',
      phone: '(21) 98765-4321',
    });
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({ email: null, street: null, zipCode: null, state: null, shippingCost: 0 });
  });

  it('refuses a counter customer without CPF or phone, and half an address, by the server’s messages', () => {
    const parsed = registerCustomerFormSchema.safeParse({ ...EMPTY_REGISTER_FORM, name: 'Marta', street: 'Rua A' });
    const byField = Object.fromEntries((parsed.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(byField).toMatchObject({
      document: 'Informe o CPF ou CNPJ',
      phone: 'Informe um telefone válido com DDD',
    });
  });
});
