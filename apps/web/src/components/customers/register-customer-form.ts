import { type CustomerRegisterInput, customerRegisterSchema } from '@backoffice/contract';
import { z } from 'zod';

/** The form as typed: every field text (amounts as the money fields hold them, '1234.56'; '' for none). */
export interface RegisterCustomerFormInput {
  name: string;
  document: string;
  /** 'Inscrição estadual': optional, '' for none. */
  stateRegistration: string;
  phone: string;
  email: string;
  zipCode: string;
  street: string;
  number: string;
  complement: string;
  neighborhood: string;
  city: string;
  state: string;
  level: string;
  shippingCost: string;
  warrantyPercentage: string;
  fastDeliveryTax: string;
  delivererId: string;
}

export const EMPTY_REGISTER_FORM: RegisterCustomerFormInput = {
  name: '',
  document: '',
  stateRegistration: '',
  phone: '',
  email: '',
  zipCode: '',
  street: '',
  number: '',
  complement: '',
  neighborhood: '',
  city: '',
  state: '',
  level: '0',
  shippingCost: '',
  warrantyPercentage: '0',
  fastDeliveryTax: '0',
  delivererId: '',
};

/** A typed amount as the body sends it: empty is `empty` (0: none), anything else its number (NaN is refused by the contract). */
const amount = (text: string, empty: number | undefined) => (text.trim() === '' ? empty : Number(text));

/** The body of POST /api/customers from what was typed. */
export function registerBody(values: RegisterCustomerFormInput): CustomerRegisterInput {
  return {
    name: values.name,
    document: values.document,
    stateRegistration: values.stateRegistration,
    phone: values.phone,
    email: values.email,
    zipCode: values.zipCode,
    street: values.street,
    number: values.number,
    complement: values.complement,
    neighborhood: values.neighborhood,
    city: values.city,
    state: values.state,
    level: Number(values.level || 0),
    shippingCost: amount(values.shippingCost, 0),
    warrantyPercentage: amount(values.warrantyPercentage, 0) as number,
    fastDeliveryTax: amount(values.fastDeliveryTax, 0),
    delivererId: values.delivererId ? Number(values.delivererId) : null,
  };
}

/**
 * The form's schema: what was typed, turned into the body, checked by the server's own schema (the contract's
 * `customerRegisterSchema`: CPF/CNPJ check digits, state registration, phone, e-mail, CEP, UF, terms). The form's fields carry the
 * body's names, so each message lands under its field.
 */
export const registerCustomerFormSchema = z
  .custom<RegisterCustomerFormInput>()
  .transform(registerBody)
  .pipe(customerRegisterSchema);
