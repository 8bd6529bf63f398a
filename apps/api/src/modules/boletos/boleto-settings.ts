import { BOLETO_TEXTS, type BoletoSettings, type BoletoSettingsBody } from '@backoffice/contract';
import type { DB } from '../../db/database';
import type { Executor } from '../../db/executor';
import { diff, recordAudit } from '../../lib/audit';
import { badRequest } from '../../lib/errors';
import { type BoletoSettingsRow, boletosRepository as repo } from './boletos.repository';

/* 'Boleto registrado' in 'Configurações': the bank, account and convênio of the shop's boletos (decision 0092). */

export function toSettings(row: BoletoSettingsRow | undefined): BoletoSettings {
  if (!row) return null;
  return {
    bankCode: row.bank_code as '001',
    agency: row.agency,
    agencyDv: row.agency_dv,
    account: row.account,
    accountDv: row.account_dv,
    convenio: row.convenio,
    carteira: row.carteira,
    variacao: row.variacao,
    nextSequence: row.next_sequence,
    nextRemessa: row.next_remessa,
    pixHybrid: row.pix_hybrid,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

export async function boletoSettings(db: Executor): Promise<BoletoSettings> {
  return toSettings(await repo.settings(db));
}

/**
 * PUT /boletos/settings: the whole setting, audited with before and after. The boleto híbrido needs BB's API
 * Cobranças configured on the server (`apiConfigured`): else 400, nothing saved. The nosso número's sequence never goes
 * back to one a boleto of the same convênio already has (the bank refuses a nosso número twice), nor the remessa's
 * number to one already written (the bank reads each NSA once): 400 in Portuguese, nothing saved.
 */
export async function saveBoletoSettings(
  db: DB,
  apiConfigured: boolean,
  actorId: number,
  body: BoletoSettingsBody,
): Promise<BoletoSettings> {
  if (body.pixHybrid && !apiConfigured) throw badRequest(BOLETO_TEXTS.pixHybridNoApi);
  return db.transaction().execute(async (trx) => {
    const before = await repo.settings(trx, true);
    if (body.nextSequence <= (await repo.lastSequence(trx, body.convenio))) {
      throw badRequest(BOLETO_TEXTS.sequenceBackwards);
    }
    if (body.nextRemessa <= (await repo.lastRemessa(trx))) throw badRequest(BOLETO_TEXTS.remessaBackwards);
    const values = {
      bank_code: body.bankCode,
      agency: body.agency,
      agency_dv: body.agencyDv,
      account: body.account,
      account_dv: body.accountDv,
      convenio: body.convenio,
      carteira: body.carteira,
      variacao: body.variacao,
      next_sequence: body.nextSequence,
      next_remessa: body.nextRemessa,
      pix_hybrid: body.pixHybrid ?? false,
    };
    await repo.saveSettings(trx, { ...values, updated_by: actorId });
    const { updated_at: _at, ...old } = before ?? ({} as BoletoSettingsRow);
    await recordAudit(trx, {
      employeeId: actorId,
      entity: 'boleto_settings',
      entityId: 1,
      action: before ? 'update' : 'create',
      changes: diff(old as Record<string, unknown>, values),
    });
    return toSettings(await repo.settings(trx));
  });
}
