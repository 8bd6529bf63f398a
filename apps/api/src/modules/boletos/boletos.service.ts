import { BOLETO_TEXTS, type Boleto, formatBRL, formatDay, onlyDigits } from '@backoffice/contract';
import type { BbCobrancaConfig } from '../../config';
import type { DB } from '../../db/database';
import { recordAudit } from '../../lib/audit';
import { badRequest, notFound } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import { creditSettings } from '../credit/credit.service';
import { instalmentDetails } from '../credit/receivables.service';
import { loadCustomer } from '../customers/customers.service';
import { shopIdentity } from '../settings/settings.service';
import { bbCobrancaClient } from './bb-cobranca';
import { boletoPdf } from './boleto-pdf';
import { boletoSettings, saveBoletoSettings } from './boleto-settings';
import { type BoletoRow, boletosRepository as repo } from './boletos.repository';
import { boletosOf, issueBoleto, toBoleto } from './issue-boleto';
import { readRetorno } from './read-retorno';
import { createRemessa, remessaFile, remessaList } from './remessa';
import { settleByApi } from './settle-by-api';

const percent = (hundredths: number) => (hundredths / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2 });

/**
 * Registered boletos (issue 58 §2, decision 0092): the settings, a boleto per instalment (its barcode, linha
 * digitável and PDF, sent by e-mail), the CNAB 240 remessa and retorno. The rules in `issue-boleto.ts`,
 * `remessa.ts`, `read-retorno.ts`, the barcode in `febraban.ts`, the files' layout in `cnab240.ts`; the boleto
 * híbrido (decision 0100) through BB's API Cobranças (`bb-cobranca.ts`, configured by `bbCobranca`).
 */
export function createBoletosService(db: DB, mailer?: Mailer, bbCobranca?: BbCobrancaConfig) {
  const bank = bbCobranca ? bbCobrancaClient(bbCobranca) : undefined;
  async function found(id: number): Promise<BoletoRow> {
    const row = await repo.find(db, id);
    if (!row) throw notFound(BOLETO_TEXTS.notFound);
    return row;
  }

  async function pdf(id: number): Promise<{ boleto: Boleto; pdf: Buffer; customerEmail: string }> {
    const boleto = toBoleto(await found(id));
    const instalment = await instalmentDetails(db, boleto.receivableId);
    const [customer, company, settings, rates] = await Promise.all([
      loadCustomer(db, instalment.customer.id),
      shopIdentity(db),
      repo.settings(db),
      creditSettings(db),
    ]);
    const a = customer.address;
    const address = [
      [a.street, a.number, a.complement].filter(Boolean).join(', '),
      a.neighborhood,
      [a.city, a.state].filter(Boolean).join('/'),
      a.zipCode ? `CEP ${a.zipCode}` : null,
    ]
      .filter(Boolean)
      .join(' · ');
    const file = await boletoPdf({
      boleto,
      instalment,
      payer: { name: customer.name, document: onlyDigits(customer.document), address },
      beneficiary: company,
      agencyCode: settings
        ? `${settings.agency}-${settings.agency_dv} / ${settings.account}-${settings.account_dv}`
        : '',
      carteira: settings ? `${settings.carteira}/${settings.variacao}` : '',
      fineText: rates.fineHundredths > 0 ? `Após o vencimento, multa de ${percent(rates.fineHundredths)} %.` : null,
      interestText:
        rates.monthlyInterestHundredths > 0
          ? `Após o vencimento, juros de ${percent(rates.monthlyInterestHundredths)} % ao mês.`
          : null,
    });
    return { boleto, pdf: file, customerEmail: customer.email };
  }

  return {
    settings: () => boletoSettings(db),
    saveSettings: saveBoletoSettings.bind(null, db, bank !== undefined),
    issue: (actorId: number, receivableId: number) => issueBoleto(db, actorId, receivableId, new Date(), bank),
    ofInstalment: (receivableId: number) => boletosOf(db, receivableId),
    async pdf(id: number): Promise<{ boleto: Boleto; pdf: Buffer }> {
      const { boleto, pdf: file } = await pdf(id);
      return { boleto, pdf: file };
    },

    /** POST /boletos/{id}/email: the PDF to the customer's e-mail (or `to`), audited. */
    async email(actorId: number, id: number, to: string | undefined): Promise<{ to: string }> {
      const made = await pdf(id);
      const address = to ?? made.customerEmail;
      if (!address) throw badRequest(BOLETO_TEXTS.emailMissing);
      const instalment = await instalmentDetails(db, made.boleto.receivableId);
      await mailer?.send({
        to: address,
        subject: BOLETO_TEXTS.emailSubject(instalment.seq, instalment.count, instalment.order.code),
        text: BOLETO_TEXTS.emailBody(
          instalment.customer.name,
          formatDay(made.boleto.dueDate),
          formatBRL(made.boleto.amount),
          made.boleto.digitableLine,
        ),
        attachments: [
          { filename: `boleto-${made.boleto.nossoNumero}.pdf`, content: made.pdf, contentType: 'application/pdf' },
        ],
      });
      await recordAudit(db, {
        employeeId: actorId,
        entity: 'receivable',
        entityId: made.boleto.receivableId,
        action: 'boleto_emailed',
        changes: { boletoId: id, to: address, amount: made.boleto.amount },
      });
      return { to: address };
    },

    createRemessa: (actorId: number) => createRemessa(db, actorId),
    remessas: () => remessaList(db),
    remessaFile: (id: number) => remessaFile(db, id),
    readRetorno: (actorId: number, file: { name: string; content: Buffer }) => readRetorno(db, actorId, file),
    /** Whether BB's API Cobranças is configured on the server (the web shows 'Consultar pagamentos no banco'). */
    apiConfigured: bank !== undefined,
    /** POST /boletos/settle: the open boletos registered by the API asked at BB (null actor: the worker). */
    settle: (actorId: number | null) => settleByApi(db, bank, actorId),
  };
}
