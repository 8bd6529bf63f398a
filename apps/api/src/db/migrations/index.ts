import type { Migration, MigrationProvider } from 'kysely/migration';
import { foundation } from './0001-foundation';
import { business } from './0002-business';
import { productCodes } from './0003-product-codes';
import { security } from './0003-security';
import { search } from './0004-search';
import { companyMerchant } from './0005-company-merchant';
import { orders } from './0006-orders';
import { reports } from './0007-reports';
import { orderStatusCounts } from './0008-order-status-counts';
import { reportRankings } from './0009-report-rankings';
import { orderEvents } from './0010-order-events';
import { selling } from './0011-selling';
import { orderStatusDays } from './0012-order-status-days';
import { files } from './0013-files';
import { sessionEvents } from './0014-session-events';
import { codePurpose } from './0015-code-purpose';
import { fieldRoles } from './0016-field-roles';
import { pixReceived } from './0020-pix-received';
import { paymentProofs } from './0021-payment-proofs';
import { courierRuns } from './0022-courier-runs';
import { changeFor } from './0023-change-for';
import { moveRequests } from './0024-move-requests';
import { serializedUnits } from './0025-serialized-units';
import { receiptHashBands } from './0026-receipt-hash-bands';
import { warrantyMonths } from './0027-warranty-months';
import { adjustmentUnits } from './0028-adjustment-units';
import { productBarcodes } from './0029-product-barcodes';
import { searchIndexes } from './0030-search-indexes';
import { notifications } from './0031-notifications';
import { whatsappTemplates } from './0033-whatsapp-templates';
import { productFiscalFields } from './0034-product-fiscal-fields';
import { firstRun } from './0035-first-run';
import { backups } from './0036-backups';
import { importMovements } from './0037-import-movements';
import { customerStatusCounts } from './0038-customer-status-counts';
import { customersNameIndexWithSearch } from './0039-customers-name-index-with-search';
import { authEvents } from './0040-auth-events';
import { importRequests } from './0041-import-requests';
import { pixRefunds } from './0042-pix-refunds';
import { receiptNearHashes } from './0047-receipt-near-hashes';
import { bellAtScale } from './0048-bell-at-scale';
import { pixWaiting } from './0049-pix-waiting';
import { companyAddress } from './0050-company-address';
import { deliveryReceiver } from './0051-delivery-receiver';
import { productCounts } from './0052-product-counts';
import { bellItems } from './0053-bell-items';
import { dispatchBoard } from './0054-dispatch-board';
import { counterCustomers } from './0055-counter-customers';
import { saleDiscounts } from './0056-sale-discounts';
import { orderPayments } from './0057-order-payments';
import { quotes } from './0058-quotes';
import { quotesKeyedAndDeletedWithCustomer } from './0059-quotes-keyed-and-deleted-with-customer';
import { orderPaymentsByPix } from './0060-order-payments-by-pix';
import { quotesCancelled } from './0061-quotes-cancelled';
import { discountApprovals } from './0062-discount-approvals';
import { orderRefunds } from './0063-order-refunds';
import { productsNameIndexWithSearch } from './0064-products-name-index-with-search';
import { suppliersAndPayables } from './0065-suppliers-and-payables';
import { stockEntryUnitCost } from './0066-stock-entry-unit-cost';
import { purchases } from './0067-purchases';
import { cashRegisters } from './0068-cash-registers';
import { customerCredit } from './0069-customer-credit';
import { openBills } from './0070-open-bills';
import { salesOnCredit } from './0071-sales-on-credit';
import { receivables } from './0072-receivables';
import { fiscalSettings } from './0073-fiscal-settings';
import { fiscalNotes } from './0074-fiscal-notes';
import { customerStateRegistration } from './0075-customer-state-registration';
import { fiscalTransport } from './0076-fiscal-transport';
import { tradeIns } from './0077-trade-ins';
import { repairs } from './0078-repairs';
import { creationKeys } from './0079-creation-keys';
import { repairBillsAtTheCounter } from './0080-repair-bills-at-the-counter';
import { systemTasks } from './0081-system-tasks';
import { systemTaskNextRun } from './0082-system-task-next-run';
import { systemTaskStarts } from './0086-system-task-starts';
import { repairPasswordSealed } from './0087-repair-password-sealed';
import { counterSales } from './0088-counter-sales';
import { payablePaymentExtras } from './0090-payable-payment-extras';
import { certificateIcpBrasil } from './0091-certificate-icp-brasil';
import { cashAlwaysLands } from './0092-cash-always-lands';
import { counterCashReceived } from './0094-counter-cash-received';
import { fiscalTechnicalContact } from './0097-fiscal-technical-contact';
import { ibptRates } from './0098-ibpt-rates';
import { counterCreditPart } from './0099-counter-credit-part';
import { noteNumbers } from './0100-note-numbers';
import { nfeContingency } from './0101-nfe-contingency';
import { fiscalEventRequests } from './0102-fiscal-event-requests';
import { nfse } from './0103-nfse';
import { oneNoteOneEntry } from './0105-one-note-one-entry';
import { supplierCodeUnits } from './0106-supplier-code-units';
import { purchaseBilling } from './0107-purchase-billing';
import { purchaseEntryCosts } from './0108-purchase-entry-costs';
import { purchaseSettings } from './0109-purchase-settings';
import { boletos } from './0111-boletos';
import { moneyReportIndexes } from './0112-money-report-indexes';
import { pixCobv } from './0113-pix-cobv';
import { nfseSimplesTaxRate } from './0114-nfse-simples-tax-rate';
import { purchaseSignatureChain } from './0115-purchase-signature-chain';
import { bankStatements } from './0116-bank-statements';
import { cashDeposits } from './0117-cash-deposits';
import { bankMatchCashDeposit } from './0118-bank-match-cash-deposit';
import { boletoPix } from './0119-boleto-pix';
import { nfseMunicipalRegistration } from './0120-nfse-municipal-registration';
import { stockerArrival } from './0121-stocker-arrival';
import { marginSummary } from './0122-margin-summary';
import { marginSummaryVersion } from './0123-margin-summary-version';
import { cardSettlements } from './0124-card-settlements';
import { productBrandVersion } from './0125-product-brand-version';
import { payablesListOrder } from './0126-payables-list-order';

/** Migrations live in code, in order; a new one is appended here with the next number. */
export const migrations: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-business': business,
  '0003-product-codes': productCodes,
  '0003-security': security,
  '0004-search': search,
  '0005-company-merchant': companyMerchant,
  '0006-orders': orders,
  '0007-reports': reports,
  '0008-order-status-counts': orderStatusCounts,
  '0009-report-rankings': reportRankings,
  '0010-order-events': orderEvents,
  '0011-selling': selling,
  '0012-order-status-days': orderStatusDays,
  '0013-files': files,
  '0014-session-events': sessionEvents,
  '0015-code-purpose': codePurpose,
  '0016-field-roles': fieldRoles,
  '0020-pix-received': pixReceived,
  '0021-payment-proofs': paymentProofs,
  '0022-courier-runs': courierRuns,
  '0023-change-for': changeFor,
  '0024-move-requests': moveRequests,
  '0025-serialized-units': serializedUnits,
  '0026-receipt-hash-bands': receiptHashBands,
  '0027-warranty-months': warrantyMonths,
  '0028-adjustment-units': adjustmentUnits,
  '0029-product-barcodes': productBarcodes,
  '0030-search-indexes': searchIndexes,
  '0031-notifications': notifications,
  '0033-whatsapp-templates': whatsappTemplates,
  '0034-product-fiscal-fields': productFiscalFields,
  '0035-first-run': firstRun,
  '0036-backups': backups,
  '0037-import-movements': importMovements,
  '0038-customer-status-counts': customerStatusCounts,
  '0039-customers-name-index-with-search': customersNameIndexWithSearch,
  '0040-auth-events': authEvents,
  '0041-import-requests': importRequests,
  '0042-pix-refunds': pixRefunds,
  '0047-receipt-near-hashes': receiptNearHashes,
  '0048-bell-at-scale': bellAtScale,
  '0049-pix-waiting': pixWaiting,
  '0050-company-address': companyAddress,
  '0051-delivery-receiver': deliveryReceiver,
  '0052-product-counts': productCounts,
  '0053-bell-items': bellItems,
  '0054-dispatch-board': dispatchBoard,
  '0055-counter-customers': counterCustomers,
  '0056-sale-discounts': saleDiscounts,
  '0057-order-payments': orderPayments,
  '0058-quotes': quotes,
  '0059-quotes-keyed-and-deleted-with-customer': quotesKeyedAndDeletedWithCustomer,
  '0060-order-payments-by-pix': orderPaymentsByPix,
  '0061-quotes-cancelled': quotesCancelled,
  '0062-discount-approvals': discountApprovals,
  '0063-order-refunds': orderRefunds,
  '0064-products-name-index-with-search': productsNameIndexWithSearch,
  '0065-suppliers-and-payables': suppliersAndPayables,
  '0066-stock-entry-unit-cost': stockEntryUnitCost,
  '0067-purchases': purchases,
  '0068-cash-registers': cashRegisters,
  '0069-customer-credit': customerCredit,
  '0070-open-bills': openBills,
  '0071-sales-on-credit': salesOnCredit,
  '0072-receivables': receivables,
  '0073-fiscal-settings': fiscalSettings,
  '0074-fiscal-notes': fiscalNotes,
  '0075-customer-state-registration': customerStateRegistration,
  '0076-fiscal-transport': fiscalTransport,
  '0077-trade-ins': tradeIns,
  '0078-repairs': repairs,
  '0079-creation-keys': creationKeys,
  '0080-repair-bills-at-the-counter': repairBillsAtTheCounter,
  '0081-system-tasks': systemTasks,
  '0082-system-task-next-run': systemTaskNextRun,
  '0086-system-task-starts': systemTaskStarts,
  '0087-repair-password-sealed': repairPasswordSealed,
  '0088-counter-sales': counterSales,
  '0090-payable-payment-extras': payablePaymentExtras,
  '0091-certificate-icp-brasil': certificateIcpBrasil,
  '0092-cash-always-lands': cashAlwaysLands,
  '0094-counter-cash-received': counterCashReceived,
  '0097-fiscal-technical-contact': fiscalTechnicalContact,
  '0098-ibpt-rates': ibptRates,
  '0099-counter-credit-part': counterCreditPart,
  '0100-note-numbers': noteNumbers,
  '0101-nfe-contingency': nfeContingency,
  '0102-fiscal-event-requests': fiscalEventRequests,
  '0103-nfse': nfse,
  '0105-one-note-one-entry': oneNoteOneEntry,
  '0106-supplier-code-units': supplierCodeUnits,
  '0107-purchase-billing': purchaseBilling,
  '0108-purchase-entry-costs': purchaseEntryCosts,
  '0109-purchase-settings': purchaseSettings,
  '0111-boletos': boletos,
  '0112-money-report-indexes': moneyReportIndexes,
  '0113-pix-cobv': pixCobv,
  '0114-nfse-simples-tax-rate': nfseSimplesTaxRate,
  '0115-purchase-signature-chain': purchaseSignatureChain,
  '0116-bank-statements': bankStatements,
  '0117-cash-deposits': cashDeposits,
  '0118-bank-match-cash-deposit': bankMatchCashDeposit,
  '0119-boleto-pix': boletoPix,
  '0120-nfse-municipal-registration': nfseMunicipalRegistration,
  '0121-stocker-arrival': stockerArrival,
  '0122-margin-summary': marginSummary,
  '0123-margin-summary-version': marginSummaryVersion,
  '0124-card-settlements': cardSettlements,
  '0125-product-brand-version': productBrandVersion,
  '0126-payables-list-order': payablesListOrder,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
