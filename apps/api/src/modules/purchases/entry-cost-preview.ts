import { centsToReais, type PurchasePreview, PURCHASE_COST_TEXTS as T } from '@backoffice/contract';
import type { Executor } from '../../db/executor';
import { readIssuer } from '../fiscal/fiscal.service';
import type { CreditRegime, NoteEntryCosts } from './nfe/entry-costs';

/** The shop's regime as its fiscal settings say (CRT, PIS/COFINS non-cumulative): the credits' rule (decision 0089). */
export async function shopRegime(db: Executor): Promise<CreditRegime> {
  const issuer = await readIssuer(db);
  return { crt: issuer.crt, pisCofinsNonCumulative: issuer.crt === 3 && issuer.pisCofinsNonCumulative };
}

/** The preview's `costs`: the regime, the bonus and its rule, the credits, what is billed and the rules in words. */
export function costsPreview(
  costs: NoteEntryCosts,
  regime: CreditRegime,
  noteTotalCents: number,
): PurchasePreview['costs'] {
  const { icms, pis, cofins } = costs.credits;
  const notes: string[] = [];
  if (costs.bonusCost === 'SHARE') {
    notes.push(T.bonusShare(costs.bonusItems, costs.bonusCents, costs.entryCostCents));
  } else if (costs.bonusCost === 'ZERO') {
    notes.push(T.bonusZero(costs.bonusItems, costs.bonusCents));
  }
  if (regime.crt === 3 && regime.pisCofinsNonCumulative) notes.push(T.credits(icms, pis, cofins));
  else if (regime.crt === 3) notes.push(T.creditsIcmsOnly(icms));
  return {
    crt: regime.crt,
    pisCofinsNonCumulative: regime.pisCofinsNonCumulative,
    bonusItems: costs.bonusItems,
    bonusValue: centsToReais(costs.bonusCents),
    bonusCost: costs.bonusCost,
    payable: centsToReais(noteTotalCents - costs.bonusCents),
    credits: {
      icms: centsToReais(icms),
      pis: centsToReais(pis),
      cofins: centsToReais(cofins),
      total: centsToReais(icms + pis + cofins),
    },
    entryCost: centsToReais(costs.entryCostCents),
    notes,
  };
}
