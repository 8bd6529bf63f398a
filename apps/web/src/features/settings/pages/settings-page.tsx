import { type BankSetting, PERMISSIONS, TRADE_IN_PERMISSIONS } from '@backoffice/contract';
import AccountBalanceOutlinedIcon from '@mui/icons-material/AccountBalanceOutlined';
import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import PixOutlinedIcon from '@mui/icons-material/PixOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AuditHistoryDialog, type AuditTarget } from '../../../components/audit-history-dialog';
import { useConfirm } from '../../../components/confirm-dialog';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { RefreshButton } from '../../../components/refresh-button';
import { useApiMutation } from '../../../components/use-api-mutation';
import { ApiError } from '../../../lib/api-client';
import { hasAccess, useSession } from '../../../lib/session';
import {
  deleteBankSetting,
  saveBankSetting,
  settingsKeys,
  setupQuery,
  updateCompanySettings,
  useBankSettings,
  useCompanySettings,
} from '../api/settings-api';
import { BackupsCard } from '../components/backups-card';
import { type BankDialogTarget, BankSettingDialog } from '../components/bank-setting-dialog';
import { BankSettingsTable } from '../components/bank-settings-table';
import { BoletoSettingsCard } from '../components/boleto-settings-card';
import { CardFeesCard } from '../components/card-fees-card';
import { CompanySettingsDialog } from '../components/company-settings-dialog';
import { CreditSettingsCard } from '../components/credit-settings-card';
import { DeparturesCard } from '../components/departures-card';
import { FirstRunDialog } from '../components/first-run-dialog';
import { FiscalSection } from '../components/fiscal-section';
import { LateLimitsCard } from '../components/late-limits-card';
import { PixReceivedCard } from '../components/pix-received-card';
import { PixWebhookCard } from '../components/pix-webhook-card';
import { PspSettingsCard } from '../components/psp-settings-card';
import { PurchaseSettingsCard } from '../components/purchase-settings-card';
import { QuoteValidityCard } from '../components/quote-validity-card';
import { RepairWarrantyCard } from '../components/repair-warranty-card';
import { SystemTasksCard } from '../components/system-tasks-card';
import { TradeInsCard } from '../components/trade-ins-card';
import { WhatsAppTemplatesCard } from '../components/whatsapp-templates-card';
import { FIRST_RUN_TEXTS, SETTINGS_PAGE_TEXTS as T } from '../texts';

/** A refusal the user can act on (a rule, a taken key): its own message in the modal, which stays open. */
const isRuleRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && (error.status === 400 || error.status === 409) && Boolean(error.errors[0]);

/**
 * Settings (spec section 2): bank settings (Pix keys, transfer accounts) and the company's settings. Opened
 * with orders (section 6) it is read-only: only 'Configurações bancárias' (bo:manage:settings) shows the
 * buttons that change where the shop gets paid (the server refuses the others' writes with 403).
 */
export default function SettingsPage() {
  useSession(); // re-render when the session changes
  const canChange = hasAccess({ permissions: [PERMISSIONS.settings] });
  /** The Pix received and their match by hand: whoever works the orders. */
  const canReadPix = hasAccess({ permissions: [PERMISSIONS.orders] });
  /** GET /settings/quotes is read with selling (internal_sales) or settings. */
  const canSell = hasAccess({ permissions: [PERMISSIONS.internalSales] });
  /** 'Configurações de crédito': read and changed by 'Crédito e cobrança' (full access passes). */
  const canManageCredit = hasAccess({ permissions: [PERMISSIONS.credit] });
  /** 'Avaliação de usados': read by whoever takes used phones in, changed by who manages them (issue 42 §1). */
  const canReadTradeIns = hasAccess({ permissions: [...TRADE_IN_PERMISSIONS, PERMISSIONS.tradeIns] });
  const canManageTradeIns = hasAccess({ permissions: [PERMISSIONS.tradeIns] });
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const bankSettings = useBankSettings();
  const company = useCompanySettings();
  const [bankDialog, setBankDialog] = useState<BankDialogTarget | null>(null);
  const [companyOpen, setCompanyOpen] = useState(false);
  /** 'Configuração inicial' left for later (issue 21 §1): finished from here. */
  const setup = useQuery({ ...setupQuery, enabled: canChange });
  const [setupOpen, setSetupOpen] = useState(false);
  const [changesOf, setChangesOf] = useState<AuditTarget | null>(null);
  /** A refusal the user can fix, shown in the open modal. */
  const [modalError, setModalError] = useState<string | null>(null);
  const openBank = (target: BankDialogTarget) => {
    setModalError(null);
    setBankDialog(target);
  };
  const openCompany = () => {
    setModalError(null);
    setCompanyOpen(true);
  };
  const [selectedIds, setSelectedIds] = useState<readonly (string | number)[]>([]);

  const reload = () => void queryClient.invalidateQueries({ queryKey: settingsKeys.all });

  // The writes (issue 16 §2): the spec's texts, the settings read again; a refusal the user can fix is said
  // inside the open modal, which stays; a server failure in the snackbar, and the modal closes.
  const removeBank = useApiMutation({
    mutationFn: (setting: BankSetting) => deleteBankSetting(setting.id),
    success: T.bankRemoved,
    failure: T.bankRemoveFailed,
    invalidate: [settingsKeys.all],
    onSuccess: () => setSelectedIds([]),
  });
  const remove = async (setting: BankSetting) => {
    if (await confirm(T.confirmDelete)) removeBank.mutate(setting);
  };
  const saveBank = useApiMutation({
    mutationFn: (settings: Parameters<typeof saveBankSetting>[0]) => saveBankSetting(settings),
    success: T.bankSaved,
    failure: T.bankSaveFailed,
    invalidate: [settingsKeys.all],
    closeDialog: () => setBankDialog(null),
    errorInDialog: isRuleRefusal,
    // Any failure (no answer, a 5xx) leaves the dialog with what was typed, to try again (decision 0004).
    onError: (error, message) => {
      if (isRuleRefusal(error)) setModalError(message);
    },
  });
  const saveCompany = useApiMutation({
    mutationFn: (values: Parameters<typeof updateCompanySettings>[0]) => updateCompanySettings(values),
    success: T.companySaved,
    failure: T.companySaveFailed,
    invalidate: [settingsKeys.all],
    closeDialog: () => setCompanyOpen(false),
    errorInDialog: isRuleRefusal,
    onError: (error, message) => {
      if (isRuleRefusal(error)) setModalError(message);
    },
  });

  const rows = bankSettings.data ?? [];

  return (
    <>
      <PageHeader
        title={T.title}
        actions={
          <>
            <RefreshButton label={T.refresh} onClick={reload} />
            <Button variant="outlined" startIcon={<BusinessOutlinedIcon />} onClick={openCompany}>
              {T.companyButton}
            </Button>
            {canChange ? (
              <>
                <Button
                  variant="contained"
                  startIcon={<PixOutlinedIcon />}
                  onClick={() => openBank({ kind: 'new', type: 'Pix' })}
                >
                  {T.newPix}
                </Button>
                <Button
                  variant="contained"
                  startIcon={<AccountBalanceOutlinedIcon />}
                  onClick={() => openBank({ kind: 'new', type: 'Transfer' })}
                >
                  {T.newTransfer}
                </Button>
              </>
            ) : null}
          </>
        }
      />
      {bankSettings.isPending ? (
        <PageLoader />
      ) : bankSettings.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={reload}>
              {T.refresh}
            </Button>
          }
        >
          {T.notFound}
        </Alert>
      ) : (
        <Stack spacing={2}>
          {canChange ? null : <Alert severity="info">{T.readOnly}</Alert>}
          {canChange && setup.data?.required ? (
            <Alert
              severity="warning"
              action={
                <Button color="inherit" size="small" onClick={() => setSetupOpen(true)}>
                  {FIRST_RUN_TEXTS.pendingAction}
                </Button>
              }
            >
              {FIRST_RUN_TEXTS.pendingAlert}
            </Alert>
          ) : null}
          {rows.length === 0 ? <Alert severity="info">{T.notFound}</Alert> : null}
          <Card>
            <BankSettingsTable
              rows={rows}
              loading={bankSettings.isFetching}
              selectedIds={selectedIds}
              setSelectedIds={setSelectedIds}
              canChange={canChange}
              openBank={openBank}
              remove={remove}
              setChangesOf={setChangesOf}
            />
          </Card>
          {canChange ? <PixWebhookCard /> : null}
          {canReadPix ? <PixReceivedCard /> : null}
          <DeparturesCard canChange={canChange} />
          {canReadPix || canChange ? <CardFeesCard canChange={canChange} /> : null}
          {canReadPix || canChange ? <LateLimitsCard canChange={canChange} /> : null}
          {canChange || canReadPix ? <WhatsAppTemplatesCard /> : null}
          {canChange || canSell ? <QuoteValidityCard canChange={canChange} /> : null}
          {/* 'Garantia de reparo' (issue 42 §2): GET /repairs/settings is read and changed with 'Assistência técnica'. */}
          {hasAccess({ permissions: [PERMISSIONS.repairs] }) ? <RepairWarrantyCard canChange /> : null}
          {/* 'Entrada por XML' (decision 0090): GET/PUT /purchases/settings, read and changed with 'Compras'. */}
          {hasAccess({ permissions: [PERMISSIONS.purchases] }) ? <PurchaseSettingsCard /> : null}
          {canManageCredit ? <CreditSettingsCard /> : null}
          {canManageCredit ? <PspSettingsCard /> : null}
          {canChange || canManageCredit ? <BoletoSettingsCard canChange={canChange} /> : null}
          {canReadTradeIns ? <TradeInsCard canChange={canManageTradeIns} /> : null}
          {canChange ? <FiscalSection /> : null}
          {canChange ? <BackupsCard /> : null}
          {canChange ? <SystemTasksCard /> : null}
        </Stack>
      )}
      <BankSettingDialog
        target={bankDialog}
        error={modalError}
        onClose={() => setBankDialog(null)}
        onSubmit={(values) => {
          const id = bankDialog?.kind === 'edit' ? bankDialog.setting.id : undefined;
          setModalError(null);
          // The dialog shows its spinner until the answer; the failure is already said (onError).
          return saveBank.mutateAsync(id === undefined ? values : { ...values, id }).catch(() => undefined);
        }}
      />
      <AuditHistoryDialog target={changesOf} onClose={() => setChangesOf(null)} />
      <FirstRunDialog open={setupOpen} status={setup.data} onClose={() => setSetupOpen(false)} />
      <CompanySettingsDialog
        open={companyOpen}
        readOnly={!canChange}
        error={modalError}
        company={company.data}
        onClose={() => setCompanyOpen(false)}
        onSubmit={(values) => {
          setModalError(null);
          return saveCompany.mutateAsync(values).catch(() => undefined);
        }}
      />
    </>
  );
}
