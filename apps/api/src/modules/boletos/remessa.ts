import { BOLETO_TEXTS, type BoletoRemessa, onlyDigits } from '@backoffice/contract';
import type { DB } from '../../db/database';
import type { Executor } from '../../db/executor';
import { recordAudit } from '../../lib/audit';
import { conflict, notFound } from '../../lib/errors';
import { creditSettings } from '../credit/credit.service';
import { instalmentDetails } from '../credit/receivables.service';
import { loadCustomer } from '../customers/customers.service';
import { shopIdentity } from '../settings/settings.service';
import { boletosRepository as repo } from './boletos.repository';
import { buildRemessa, type CnabAccount, type RemessaTitle } from './cnab240';

const REMESSAS_LISTED = 50;

/** The shop's account as the CNAB files write it (the CNPJ and name from 'Configurações da Empresa'). */
export async function cnabAccount(db: Executor): Promise<CnabAccount> {
  const settings = await repo.settings(db);
  if (!settings) throw conflict(BOLETO_TEXTS.notConfigured);
  const company = await shopIdentity(db);
  return {
    bankCode: settings.bank_code,
    agency: settings.agency,
    agencyDv: settings.agency_dv,
    account: settings.account,
    accountDv: settings.account_dv,
    convenio: settings.convenio,
    carteira: settings.carteira,
    variacao: settings.variacao,
    companyDocument: onlyDigits(company.cnpj ?? ''),
    companyName: company.name,
  };
}

/**
 * POST /boletos/remessas ('Gerar remessa'): every boleto issued and not yet sent, in one CNAB 240 file numbered
 * with the settings' next NSA (which then moves on), each boleto marked as sent in it; none waiting, 409. The fine
 * and interest the bank charges after the due day are the shop's credit settings (segments P and R). Audited.
 */
export async function createRemessa(db: DB, actorId: number, now = new Date()): Promise<BoletoRemessa> {
  return db.transaction().execute(async (trx) => {
    const settings = await repo.settings(trx, true);
    if (!settings) throw conflict(BOLETO_TEXTS.notConfigured);
    const boletos = await repo.unsent(trx);
    if (boletos.length === 0) throw conflict(BOLETO_TEXTS.remessaNone);
    const account = await cnabAccount(trx);
    const rates = await creditSettings(trx);
    const titles: RemessaTitle[] = [];
    for (const boleto of boletos) {
      const instalment = await instalmentDetails(trx, boleto.receivable_id, now);
      const customer = await loadCustomer(trx, instalment.customer.id);
      const a = customer.address;
      titles.push({
        nossoNumero: boleto.nosso_numero,
        documentNumber: `${instalment.order.code}-${instalment.seq}`,
        dueDate: boleto.due_date,
        amountCents: boleto.amount_cents,
        issuedOn: new Date(boleto.created_at).toISOString().slice(0, 10),
        fineHundredths: rates.fineHundredths,
        monthlyInterestHundredths: rates.monthlyInterestHundredths,
        payer: {
          document: onlyDigits(customer.document),
          name: customer.name,
          address: [a.street, a.number, a.complement].filter(Boolean).join(' '),
          neighborhood: a.neighborhood ?? '',
          zipCode: a.zipCode ?? '',
          city: a.city ?? '',
          state: a.state ?? '',
        },
      });
    }
    const nsa = settings.next_remessa;
    const content = buildRemessa(account, nsa, now, titles);
    const ids = boletos.map((b) => b.id);
    const id = await repo.insertRemessa(trx, { nsa, content, boleto_count: ids.length, created_by: actorId }, ids);
    await repo.bumpRemessa(trx, nsa + 1);
    await recordAudit(trx, {
      employeeId: actorId,
      entity: 'boleto_remessa',
      entityId: id,
      action: 'create',
      changes: { nsa, boletos: boletos.map((b) => b.nosso_numero) },
    });
    return (await remessaList(trx)).find((r) => r.id === id) as BoletoRemessa;
  });
}

/** GET /boletos/remessas: the latest remessas. */
export async function remessaList(db: Executor): Promise<BoletoRemessa[]> {
  return (await repo.remessas(db, REMESSAS_LISTED)).map((r) => ({
    id: r.id,
    nsa: r.nsa,
    boletoCount: r.boleto_count,
    createdAt: new Date(r.created_at).toISOString(),
    createdBy: r.created_by,
  }));
}

/** GET /boletos/remessas/{id}/file: the file as written, named as BB reads it (CB + NSA). */
export async function remessaFile(db: Executor, id: number): Promise<{ name: string; content: string }> {
  const row = await repo.remessaFile(db, id);
  if (!row) throw notFound(BOLETO_TEXTS.notFound);
  return { name: `CB${String(row.nsa).padStart(6, '0')}.REM`, content: row.content };
}
