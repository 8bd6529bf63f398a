/**
 * The statements an issuer of the Simples Nacional writes in its notes' infCpl (issue 55 §2, decision 0077), in the
 * words Resolução CGSN 140/2018 publishes (the documents of an ME or EPP optante: 'DOCUMENTO EMITIDO POR ME OU EPP
 * OPTANTE PELO SIMPLES NACIONAL' and 'NÃO GERA DIREITO A CRÉDITO FISCAL DE IPI'; the ICMS credit a buyer may take
 * under LC 123/2006 art. 23, stated with its value and rate when the items carry it, CSOSN 101):
 * - CRT 1 (Simples Nacional) and CRT 4 (MEI, an ME optante too): both statements.
 * - The credit sentence once per credit rate (pCredSN, the issuer's bracket's: normally one), its value the sum of
 *   the items' vCredICMSSN at that rate; never written without a CSOSN 101 item.
 * - CRT 2 (sublimite exceeded: ICMS outside the Simples) and 3 (Regime Normal): none (decision 0077).
 * - A statement the note's own text already carries is not repeated.
 */
import { formatBRL } from '@backoffice/contract';
import type { TaxRegime } from './nfe-input';

export const SIMPLES_ISSUER_STATEMENT = 'DOCUMENTO EMITIDO POR ME OU EPP OPTANTE PELO SIMPLES NACIONAL';
export const SIMPLES_NO_IPI_CREDIT_STATEMENT = 'NÃO GERA DIREITO A CRÉDITO FISCAL DE IPI';

/** A rate in ten-thousandths of a percent as the sentence prints it: 12500 → '1,25'. */
function rateText(rate: number): string {
  const text = (rate / 10_000).toFixed(4).replace(/0{1,2}$/, '');
  return text.replace('.', ',');
}

/** 'PERMITE O APROVEITAMENTO DO CRÉDITO DE ICMS NO VALOR DE R$ 25,00; CORRESPONDENTE À ALÍQUOTA DE 1,25%, ...' */
export function simplesIcmsCreditStatement(cents: number, rate: number): string {
  return (
    `PERMITE O APROVEITAMENTO DO CRÉDITO DE ICMS NO VALOR DE ${formatBRL(cents / 100)}; ` +
    `CORRESPONDENTE À ALÍQUOTA DE ${rateText(rate)}%, NOS TERMOS DO ART. 23 DA LEI COMPLEMENTAR Nº 123, DE 2006`
  );
}

/** The regimes whose notes carry the statements. */
const STATEMENT_REGIMES: readonly TaxRegime[] = [1, 4];

/**
 * The statements of a note of `crt` (see the module's comment), each ending in '.', joined by a space; '' when none.
 * `credits`: the CSOSN 101 items' credit summed by rate; `written`: the note's other text, not to be repeated.
 */
export function simplesStatements(crt: TaxRegime, credits: ReadonlyMap<number, number>, written = ''): string {
  if (!STATEMENT_REGIMES.includes(crt)) return '';
  const statements = [
    SIMPLES_ISSUER_STATEMENT,
    SIMPLES_NO_IPI_CREDIT_STATEMENT,
    ...[...credits].filter(([, cents]) => cents > 0).map(([rate, cents]) => simplesIcmsCreditStatement(cents, rate)),
  ];
  return statements
    .filter((statement) => !written.toUpperCase().includes(statement))
    .map((statement) => `${statement}.`)
    .join(' ');
}
