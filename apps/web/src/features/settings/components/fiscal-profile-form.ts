import { type FiscalIssuer, type FiscalProfile, fiscalProfileBodySchema, icmsCodeKindOf } from '@backoffice/contract';
import { z } from 'zod';

export type IcmsKind = 'CST' | 'CSOSN';

/** The form: the body's fields (so the server's paths are the form's), the ICMS kind shown, the IBS/CBS switch. */
export interface ProfileFormValues {
  name: string;
  isDefault: boolean;
  cfopInState: string;
  cfopOutOfState: string;
  icmsKind: IcmsKind;
  icmsCst: string;
  icmsCsosn: string;
  icmsRate: number | null;
  pisCst: string;
  pisRate: number | null;
  cofinsCst: string;
  cofinsRate: number | null;
  withIbsCbs: boolean;
  ibsCbs: {
    cst: string;
    cClassTrib: string;
    cbsRate: number | null;
    ibsUfRate: number | null;
    ibsMunRate: number | null;
  };
}

/** The body POST/PUT /fiscal/profiles takes: the ICMS code of the kind shown (the other null), IBS/CBS or null. */
export function bodyOf(values: ProfileFormValues) {
  const { icmsKind, icmsCst, icmsCsosn, withIbsCbs, ibsCbs, ...rest } = values;
  return {
    ...rest,
    icmsCst: icmsKind === 'CST' ? icmsCst : null,
    icmsCsosn: icmsKind === 'CSOSN' ? icmsCsosn : null,
    ibsCbs: withIbsCbs ? ibsCbs : null,
  };
}

/** The form checked by the contract's own schema (the server's rules and messages), read as the body. */
export const profileFormSchema = z.preprocess((values: ProfileFormValues) => bodyOf(values), fiscalProfileBodySchema);

/** The ICMS code the saved issuer's regime asks for (null before the issuer is saved: either is taken). */
export function icmsKindOfIssuer(issuer: FiscalIssuer | undefined): IcmsKind | null {
  return issuer?.saved && issuer.crt !== null ? icmsCodeKindOf(issuer.crt) : null;
}

/** The form's first values: a profile's, or a new one's (the issuer's ICMS kind, CFOP 5102/6102, rates 0). */
export function initialValues(
  profile: FiscalProfile | null,
  wanted: IcmsKind | null,
  first: boolean,
): ProfileFormValues {
  if (!profile) {
    return {
      name: '',
      isDefault: first,
      cfopInState: '5102',
      cfopOutOfState: '6102',
      icmsKind: wanted ?? 'CSOSN',
      icmsCst: '',
      icmsCsosn: '',
      icmsRate: 0,
      pisCst: '',
      pisRate: 0,
      cofinsCst: '',
      cofinsRate: 0,
      withIbsCbs: false,
      ibsCbs: { cst: '', cClassTrib: '', cbsRate: null, ibsUfRate: null, ibsMunRate: null },
    };
  }
  return {
    name: profile.name,
    isDefault: profile.isDefault,
    cfopInState: profile.cfopInState,
    cfopOutOfState: profile.cfopOutOfState,
    icmsKind: wanted ?? (profile.icmsCsosn !== null ? 'CSOSN' : 'CST'),
    icmsCst: profile.icmsCst ?? '',
    icmsCsosn: profile.icmsCsosn ?? '',
    icmsRate: profile.icmsRate,
    pisCst: profile.pisCst,
    pisRate: profile.pisRate,
    cofinsCst: profile.cofinsCst,
    cofinsRate: profile.cofinsRate,
    withIbsCbs: profile.ibsCbs !== null,
    ibsCbs: profile.ibsCbs ?? { cst: '', cClassTrib: '', cbsRate: null, ibsUfRate: null, ibsMunRate: null },
  };
}
