/**
 * The note's transport group (transp): how the freight is paid (modFrete) and, when given, the carrier
 * (transporta) — an NFC-e delivered at home (indPres 4) must name it (rule 786, decision 0076).
 */
import { el, group, optionalGroup } from '../../../lib/nfe/canonical-xml';
import type { NfeInput } from './nfe-input';

export function transpXml(input: Pick<NfeInput, 'freightMode' | 'carrier'>): string {
  const { carrier } = input;
  const transporta = carrier
    ? optionalGroup(
        'transporta',
        el(carrier.document.length === 11 ? 'CPF' : 'CNPJ', carrier.document),
        el('xNome', carrier.name),
        el('IE', carrier.ie || null),
        el('xEnder', carrier.address?.street || null),
        el('xMun', carrier.address?.city || null),
        el('UF', carrier.address?.uf || null),
      )
    : '';
  return group('transp', el('modFrete', String(input.freightMode)), transporta);
}
