/**
 * The NFS-e's schemas (leiaute 1.00 of the Sistema Nacional NFS-e, apps/api/fiscal-schemas/nfse-1.00, copied from
 * akretion/nfelib's nfelib/nfse/schemas/v1_0) validated as the NF-e's are: a package of `fiscal/xsd-package.ts`
 * of its own beside the NF-e's. Problems are described in the NF-e's words (describeXsdError).
 */
import { describeXsdError, type XsdResult } from '../nfe/xsd';
import { schemaPackage } from '../xsd-package';

export const NFSE_SCHEMA_PACKAGE = 'nfse-1.00';
const nfsePackage = schemaPackage(NFSE_SCHEMA_PACKAGE, describeXsdError);

/** Validates `xml` against `main` of the NFS-e's package ('DPS_v1.00.xsd', 'NFSe_v1.00.xsd', 'pedRegEvento_v1.00.xsd'). */
export function validateNfseSchema(xml: string, main: string): XsdResult {
  return nfsePackage.validate(xml, main);
}
