/**
 * The cancellation of an NFS-e (issue 56 §4): the pedido de registro de evento e101101 of leiaute 1.00
 * (pedRegEvento_v1.00.xsd, TCInfPedReg and TE101101 of tiposEventos_v1.00.xsd), signed over infPedReg like the DPS.
 * Id (TSIdPedRefEvt): 'PRE' + the key (50) + the event's type (6: 101101) + nPedRegEvento (3). cMotivo
 * (TSCodJustCanc): 1 error in the emission, 2 service not rendered, 9 other; xMotivo 15–255 characters (TSMotivo).
 */
import { toBusinessTimestamp, withBusinessOffset } from '@backoffice/contract';
import { el, group } from '../../../lib/nfe/canonical-xml';
import { signCanonical, type XmlSigner } from '../../../lib/nfe/xml-signature';
import { APPLICATION_VERSION, DPS_VERSION, NFSE_NAMESPACE } from './dps';

export const CANCELLATION_EVENT = '101101';

export interface CancellationInput {
  environment: 1 | 2;
  at: Date;
  authorCnpj: string;
  accessKey: string;
  reasonCode: 1 | 2 | 9;
  reason: string;
  /** nPedRegEvento: 1 for the first request of this type on the note. */
  sequence?: number;
}

export function buildSignedCancellation(input: CancellationInput, signer: XmlSigner): { id: string; xml: string } {
  const sequence = String(input.sequence ?? 1).padStart(3, '0');
  const id = `PRE${input.accessKey}${CANCELLATION_EVENT}${sequence}`;
  const local = toBusinessTimestamp(input.at);
  const content = [
    el('tpAmb', String(input.environment)),
    el('verAplic', APPLICATION_VERSION),
    el('dhEvento', withBusinessOffset(local)),
    el('CNPJAutor', input.authorCnpj),
    el('chNFSe', input.accessKey),
    el('nPedRegEvento', String(input.sequence ?? 1)),
    group(
      `e${CANCELLATION_EVENT}`,
      el('xDesc', 'Cancelamento de NFS-e'),
      el('cMotivo', String(input.reasonCode)),
      el('xMotivo', input.reason.trim().slice(0, 255)),
    ),
  ].join('');
  const canonical = `<infPedReg xmlns="${NFSE_NAMESPACE}" Id="${id}">${content}</infPedReg>`;
  const signature = signCanonical(canonical, id, signer, 'sha1');
  return {
    id,
    xml: `<pedRegEvento xmlns="${NFSE_NAMESPACE}" versao="${DPS_VERSION}"><infPedReg Id="${id}">${content}</infPedReg>${signature.xml}</pedRegEvento>`,
  };
}
