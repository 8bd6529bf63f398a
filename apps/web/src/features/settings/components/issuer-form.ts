import {
  FISCAL_SETUP_TEXTS,
  type FiscalAutoEmit,
  type FiscalIssuer,
  type FiscalTransport,
  fiscalIssuerBodySchema,
} from '@backoffice/contract';
import { z } from 'zod';
import { maskCep, maskCnpj, maskPhone } from '../lib/fiscal-format';

/** The form: the body's shape (so the server's field paths are the form's), numbers as typed, the CSC's removal. */
export interface IssuerFormValues {
  cnpj: string;
  ie: string;
  legalName: string;
  tradeName: string;
  crt: number | '';
  /** Decision 0089: the entry's PIS/COFINS credits (only under CRT 3, lucro real). */
  pisCofinsNonCumulative: boolean;
  address: {
    street: string;
    number: string;
    complement: string;
    district: string;
    cep: string;
    uf: string;
    cityCode: string;
    cityName: string;
  };
  phone: string;
  environment: number;
  nfe: { series: number | null; nextNumber: number | null };
  nfce: { series: number | null; nextNumber: number | null };
  cscId: string;
  /** Blank keeps the saved CSC (the body leaves it out). */
  cscToken: string;
  /** 'Remover CSC': the body's `cscToken: null` (and no id). */
  removeCsc: boolean;
  transport: FiscalTransport;
  /** Nuvem Fiscal's credentials: a blank secret keeps the saved one (the body leaves it out). */
  provider: { sandbox: boolean; clientId: string; clientSecret: string };
  autoEmit: FiscalAutoEmit;
  /** The 'responsável técnico': all blank sends none; a blank CSRT keeps the saved one. */
  technicalContact: { cnpj: string; contact: string; email: string; phone: string; csrtId: string; csrt: string };
}

/** The 'responsável técnico' as the body says it: null when its fields are all blank, the blank CSRT left out. */
function technicalContactOf(values: IssuerFormValues['technicalContact']) {
  const { csrt, csrtId, ...contact } = values;
  if (Object.values(contact).every((value) => !value.trim())) return null;
  return { ...contact, csrtId: csrtId.trim() || null, ...(csrt.trim() ? { csrt } : {}) };
}

/** Whether the issuer has Nuvem Fiscal's credentials saved (then they are sent whatever the transport). */
const providerSaved = (issuer: FiscalIssuer) => issuer.provider.clientId !== null || issuer.provider.secretConfigured;

/**
 * The body PUT /fiscal/issuer takes from the form: a blank CSC left out (kept), a removed one null; the provider sent
 * when the notes go through Nuvem Fiscal or one was saved, its blank secret left out (kept).
 */
function bodyOf(values: IssuerFormValues, withProvider: boolean) {
  const { removeCsc, cscToken, cscId, crt, address, provider, technicalContact, ...rest } = values;
  const { clientSecret, ...credentials } = provider;
  return {
    ...rest,
    crt: crt === '' ? undefined : crt,
    address: { ...address, cityName: address.cityName || undefined },
    cscId: removeCsc ? null : cscId,
    technicalContact: technicalContactOf(technicalContact),
    ...(removeCsc ? { cscToken: null } : cscToken.trim() ? { cscToken } : {}),
    ...(withProvider || values.transport === 'NUVEM_FISCAL'
      ? {
          provider: {
            ...credentials,
            clientId: credentials.clientId.trim() || null,
            ...(clientSecret.trim() ? { clientSecret } : {}),
          },
        }
      : {}),
  };
}

/**
 * The form checked by the contract's own schema (the server's rules and messages), read as the body; through Nuvem
 * Fiscal the client ID, and the secret unless one is saved, are asked for here as the server asks for them.
 */
export function issuerFormSchema(issuer: FiscalIssuer) {
  return z
    .preprocess((values: IssuerFormValues) => bodyOf(values, providerSaved(issuer)), fiscalIssuerBodySchema)
    .superRefine((body, ctx) => {
      if (body.transport !== 'NUVEM_FISCAL') return;
      const message = FISCAL_SETUP_TEXTS.providerCredentialsMissing;
      if (!body.provider?.clientId) ctx.addIssue({ code: 'custom', path: ['provider', 'clientId'], message });
      if (!body.provider?.clientSecret && !issuer.provider.secretConfigured)
        ctx.addIssue({ code: 'custom', path: ['provider', 'clientSecret'], message });
    });
}

/** The form's first values: the issuer as saved (or suggested), masked as typed; the secrets blank. */
export function initialValues(issuer: FiscalIssuer): IssuerFormValues {
  return {
    cnpj: issuer.cnpj ? maskCnpj(issuer.cnpj) : '',
    ie: issuer.ie ?? '',
    legalName: issuer.legalName ?? '',
    tradeName: issuer.tradeName ?? '',
    crt: issuer.crt ?? '',
    pisCofinsNonCumulative: issuer.pisCofinsNonCumulative,
    address: {
      street: issuer.address?.street ?? '',
      number: issuer.address?.number ?? '',
      complement: issuer.address?.complement ?? '',
      district: issuer.address?.district ?? '',
      cep: issuer.address ? maskCep(issuer.address.cep) : '',
      uf: issuer.address?.uf ?? '',
      cityCode: issuer.address?.cityCode ?? '',
      cityName: issuer.address?.cityName ?? '',
    },
    phone: issuer.phone ? maskPhone(issuer.phone) : '',
    environment: issuer.environment,
    nfe: { ...issuer.nfe },
    nfce: { ...issuer.nfce },
    cscId: issuer.cscId ?? '',
    cscToken: '',
    removeCsc: false,
    transport: issuer.transport,
    provider: { sandbox: issuer.provider.sandbox, clientId: issuer.provider.clientId ?? '', clientSecret: '' },
    autoEmit: issuer.autoEmit,
    technicalContact: {
      cnpj: issuer.technicalContact ? maskCnpj(issuer.technicalContact.cnpj) : '',
      contact: issuer.technicalContact?.contact ?? '',
      email: issuer.technicalContact?.email ?? '',
      phone: issuer.technicalContact?.phone ?? '',
      csrtId: issuer.technicalContact?.csrtId ?? '',
      csrt: '',
    },
  };
}
