import type {
  FiscalCertificate,
  FiscalIssuer,
  FiscalIssuerInput,
  FiscalProfile,
  FiscalProfileInput,
  MunicipalitiesQuery,
  Municipality,
} from '@backoffice/contract';
import type { DB } from '../../db/database';
import type { Principal } from '../../plugins/auth';
import { installCertificate, readCertificate, removeCertificate } from './fiscal-certificate';
import { readIssuer, saveIssuer } from './fiscal-issuer';
import { assignProfile, createProfile, deleteProfile, listProfiles, updateProfile } from './fiscal-profiles';
import { searchMunicipalities } from './municipalities';

/**
 * The shop's fiscal setup (issue 41 §1, decision 0056): the issuer, the IBGE municipalities, the A1 certificate and
 * the fiscal profiles. This file is the module's public face: the emitting code (another module) imports from here.
 */

/** The DANFE's QR code as a vector, for other PDFs that carry a link (a repair's receipt, issue 42 §2). */
export { qrCodeSvg } from './danfe/danfe-graphics';
/** For the emitting code: the A1's key and certificate in clear (409 when none, expired or unreadable). */
export { loadSigningCertificate, type SigningCertificate } from './fiscal-certificate';
/** For the emitting code: the issuer, and the NFC-e's CSC id and token in clear (409 when not saved). */
export {
  cnpjBase,
  issuerPhone,
  loadNfceCsc,
  loadProviderCredentials,
  loadTechnicalContact,
  readIssuer,
} from './fiscal-issuer';
/** For a supplier's NF-e (purchases, decision 0096): whether its signer's certificate chains to ICP-Brasil's roots. */
export { type IcpBrasilChain, icpBrasilChain } from './icp-brasil';
export { municipalityByCode } from './municipalities';
/** The NF-e writer, for the suppliers' notes the tests and the demo enter (purchases/nfe/sample-nfe.ts). */
export { signNfe, substitutionOf, taxOf, writeNfe } from './nfe/nfe-builder';
export type { IcmsTax, ItemTaxes, NfeInput, NfeItem } from './nfe/nfe-input';
/** For the bell (notifications): the note numbers of past months not yet authorised nor voided, counted. */
export { numberingGapsAwaitingQuery } from './notes/numbering-gaps-bell';
/** The counter's receipt (decision 0074): the DANFE NFC-e of the order's note that goes with the goods, if any. */
export { orderNfceDanfe } from './notes/order-danfe';

export function createFiscalService(db: DB, serverSecret: string) {
  return {
    issuer: (): Promise<FiscalIssuer> => readIssuer(db),
    saveIssuer: (principal: Principal, input: FiscalIssuerInput): Promise<FiscalIssuer> =>
      saveIssuer(db, serverSecret, principal, input),

    municipalities: (query: MunicipalitiesQuery): Municipality[] => searchMunicipalities(query),

    certificate: (): Promise<FiscalCertificate | null> => readCertificate(db),
    installCertificate: (principal: Principal, upload: { file: Buffer; password: string }) =>
      installCertificate(db, serverSecret, principal, upload),
    removeCertificate: (principal: Principal) => removeCertificate(db, principal),

    profiles: (): Promise<FiscalProfile[]> => listProfiles(db),
    createProfile: (principal: Principal, input: FiscalProfileInput) => createProfile(db, principal, input),
    updateProfile: (principal: Principal, id: number, input: FiscalProfileInput) =>
      updateProfile(db, principal, id, input),
    deleteProfile: (principal: Principal, id: number) => deleteProfile(db, principal, id),
    assignProfile: (principal: Principal, id: number, productIds: readonly number[]) =>
      assignProfile(db, principal, id, productIds),
  };
}
