import { BOLETO_TEXTS, type BoletoSettleResult, centsToReais, reaisToCents } from '@backoffice/contract';
import type { DB } from '../../db/database';
import { recordAudit } from '../../lib/audit';
import { AppError, badRequest } from '../../lib/errors';
import { BB_LIQUIDATED, type BbBoletoDetail, type BbCobrancaClient, BbCobrancaError } from './bb-cobranca';
import { boletosRepository as repo } from './boletos.repository';
import { payBoleto } from './read-retorno';

const bankFailed = (message: string) => new AppError(502, message, { code: 'BANK_FAILED' });

/** BB's "dd.mm.aaaa" as YYYY-MM-DD; null when absent or not a day. */
function isoDay(bb: string | undefined): string | null {
  const m = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(bb ?? '');
  return m ? `${m[3]}-${m[2]}-${m[1]}` : null;
}

/**
 * POST /boletos/settle ('Consultar pagamentos no banco'): each open boleto registered
 * by BB's API Cobranças (decision 0100) asked at BB by "Detalhar um Boleto". Every answer is gathered first: BB
 * refusing or silent on any → 502 BANK_FAILED in Portuguese, nothing changed. Then, in one transaction, each BB
 * says is liquidado (codigoEstadoTituloCobranca 6) and still ISSUED here (locked) pays its instalment as a
 * retorno's liquidação does (`payBoleto`: once per boleto, whichever of retorno, Pix or API tells first) with
 * `valorPagoSacado` (fine and interest included) on `dataCreditoLiquidacao`. Each boleto paid audited.
 */
export async function settleByApi(
  db: DB,
  bank: BbCobrancaClient | undefined,
  actorId: number | null,
): Promise<BoletoSettleResult> {
  if (!bank) throw badRequest(BOLETO_TEXTS.settleNoApi);
  const settings = await repo.settings(db);
  const open = await repo.openApiRegistered(db);
  if (!settings || open.length === 0) return { asked: 0, paid: [] };
  const answers: { nossoNumero: string; detail: BbBoletoDetail }[] = [];
  for (const boleto of open) {
    try {
      answers.push({
        nossoNumero: boleto.nosso_numero,
        detail: await bank.detail(boleto.nosso_numero, settings.convenio),
      });
    } catch (error) {
      throw bankFailed(error instanceof BbCobrancaError ? error.message : String(error));
    }
  }
  return db.transaction().execute(async (trx) => {
    const result: BoletoSettleResult = { asked: open.length, paid: [] };
    for (const { nossoNumero, detail } of answers) {
      const paidOn = isoDay(detail.dataCreditoLiquidacao) ?? isoDay(detail.dataRecebimentoTitulo);
      const paidCents = reaisToCents(detail.valorPagoSacado ?? 0);
      if (detail.codigoEstadoTituloCobranca !== BB_LIQUIDATED || !paidOn || paidCents <= 0) continue;
      const boleto = await repo.byNossoNumero(trx, nossoNumero);
      if (boleto?.status !== 'ISSUED') continue;
      if (!(await payBoleto(trx, boleto, paidOn, paidCents))) continue;
      const amount = centsToReais(paidCents);
      result.paid.push({ nossoNumero, receivableId: boleto.receivable_id, amount });
      await recordAudit(trx, {
        employeeId: actorId,
        entity: 'boleto',
        entityId: boleto.id,
        action: 'settled_by_api',
        changes: { nossoNumero, paidOn, amount },
      });
    }
    return result;
  });
}
