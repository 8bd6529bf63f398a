/**
 * The national NFS-e's face (issue 56 §4, decision 0085): one file per use case — emit-nfse.ts (the repair's labour,
 * the worker's round, sending again), cancel-nfse.ts, nfse-settings.ts — and the readings here (the list, one
 * invoice, its XML, its DANFSe, the services to invoice for the accountant).
 */
import { centsToReais, csvMoney, NFSE_TEXTS, type NfseSettingsBody } from '@backoffice/contract';
import { csvDate } from '../../../lib/csv';
import { conflict, notFound } from '../../../lib/errors';
import type { Principal } from '../../../plugins/auth';
import { fiscalRepository } from '../fiscal.repository';
import { cancelNfse } from './cancel-nfse';
import { renderDanfse } from './danfse';
import { emitDelivered, emitRepairNfse, sendAgain } from './emit-nfse';
import { nfseRepository as repo } from './nfse.repository';
import type { NfseContext } from './nfse-context';
import { readNfseSettings, saveNfseSettings } from './nfse-settings';
import { serviceInvoiceView } from './nfse-views';

export function createNfseService(context: NfseContext) {
  const { db } = context;
  const authorised = async (id: number) => {
    const row = await repo.byId(db, id);
    if (!row) throw notFound(NFSE_TEXTS.notFound);
    if (!row.nfse_xml || !row.access_key) throw conflict(NFSE_TEXTS.noDocument);
    return row;
  };
  return {
    settings: () => readNfseSettings(db),
    saveSettings: (principal: Principal, body: NfseSettingsBody) => saveNfseSettings(db, principal, body),
    emit: (principal: Principal, repairId: number) => emitRepairNfse(context, principal, repairId),
    emitDelivered: () => emitDelivered(context),
    send: (id: number) => sendAgain(context, id),
    cancel: (principal: Principal, id: number, body: Parameters<typeof cancelNfse>[3]) =>
      cancelNfse(context, principal, id, body),
    list: async (filter: { status?: string; repairId?: number }) =>
      (await repo.list(db, filter)).map(serviceInvoiceView),
    async one(id: number) {
      const row = await repo.byId(db, id);
      if (!row) throw notFound(NFSE_TEXTS.notFound);
      return serviceInvoiceView(row);
    },
    async xml(id: number) {
      const row = await authorised(id);
      return { content: row.nfse_xml as string, fileName: `NFSe${row.access_key}.xml` };
    },
    async danfse(id: number) {
      const row = await authorised(id);
      const [issuer, settings] = await Promise.all([fiscalRepository.issuer(db), repo.settings(db)]);
      if (!issuer) throw conflict(NFSE_TEXTS.issuerMissing);
      return { content: await renderDanfse(row, issuer, settings), fileName: `DANFSe-${row.nfse_number}.pdf` };
    },
    /** 'Serviços a faturar': the labour of the repairs listed while the city is not national, as CSV cells. */
    async toInvoiceRows() {
      const rows = await repo.list(db, { status: 'TO_INVOICE' });
      return rows.map((row) => [
        String(row.repair_id),
        csvDate(row.created_at),
        row.taker_name,
        row.taker_document,
        row.description,
        csvMoney(centsToReais(row.amount_cents)),
        (row.iss_rate_hundredths / 100).toFixed(2).replace('.', ','),
        csvMoney(centsToReais(row.iss_cents)),
      ]);
    },
  };
}

export type NfseService = ReturnType<typeof createNfseService>;
