import type { Customer } from '@backoffice/contract';
import PersonAddAlt1Icon from '@mui/icons-material/PersonAddAlt1';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { AuditHistoryDialog } from '../../../components/audit-history-dialog';
import { useConfirm } from '../../../components/confirm-dialog';
import { RegisterCustomerDialog } from '../../../components/customers/register-customer-dialog';
import { REGISTER_CUSTOMER_TEXTS } from '../../../components/customers/register-customer-texts';
import { DialogProblemProvider } from '../../../components/form/dialog-problem';
import { ImportDialog } from '../../../components/import-dialog';
import { IMPORT_DIALOG_TEXTS } from '../../../components/import-dialog-texts';
import { useNotify } from '../../../components/notifier';
import { PageHeader } from '../../../components/page-header';
import { RefreshButton } from '../../../components/refresh-button';
import { useLinkedRecord } from '../../../lib/linked-record';
import {
  type CustomerListKind,
  customerKeys,
  customersApi,
  useCustomerDetails,
  useCustomerLevels,
  useDeliverers,
} from '../api/customers-api';
import { useCustomerChanges } from '../api/use-customer-changes';
import { ApproveDialog } from '../components/approve-dialog';
import { AssociateDialog } from '../components/associate-dialog';
import { BlockDialog } from '../components/block-dialog';
import { ACTION_ICONS, ACTIONS, type Action, actionLabel, CountButton } from '../components/customer-actions';
import { CustomersCard } from '../components/customers-card';
import { DetailsDialog } from '../components/details-dialog';
import { EditDialog } from '../components/edit-dialog';
import { HistoryDialog } from '../components/history-dialog';
import { useCustomerView } from '../components/use-customer-view';
import { CUSTOMERS_TEXTS as T } from '../texts';

type DialogKind = 'approve' | 'associate' | 'details' | 'edit' | 'block' | 'history' | 'changes';
interface OpenDialog {
  kind: DialogKind;
  customer: Customer;
}

/** /admin/customers: the lists by status, one at a time, with their actions and modals. */
export default function CustomersPage() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const confirm = useConfirm();
  const { view, setView, openAwaiting, counts } = useCustomerView();
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  /** The reproved list's 'Aprovar' opens the approve modal without 'Reprovar'. */
  const [approveFromReproved, setApproveFromReproved] = useState(false);

  const levels = useCustomerLevels();
  const deliverers = useDeliverers(dialog?.kind === 'associate');
  /** A customer a link names by e-mail (the command palette's results): its details open over the list. */
  const [linkedEmail, clearLinked] = useLinkedRecord('customer');
  const [, setParams] = useSearchParams();
  const openLinked = (email: string) => setParams({ customer: email });
  const [registering, setRegistering] = useState(false);
  const details = useCustomerDetails(dialog?.kind === 'details' ? dialog.customer.email : linkedEmail);

  /** Every page and count (a change can move a customer between lists), and the details shown. */
  const reloadLists = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: customerKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: customerKeys.details() }),
    ]);
  /** Why the open dialog's last write failed: said inside it (decision 0004). */
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    setDialog(null);
    setProblem(null);
  };
  /** The dialogs that write: a failure is said inside them, which stay open with what was typed. */
  const writing = dialog !== null && ['approve', 'associate', 'edit', 'block'].includes(dialog.kind);

  const { run, onApprove, onReprove, onAssociate, onEdit, onBlock, privacyOf } = useCustomerChanges({
    writing,
    close,
    setProblem,
    reloadLists,
  });
  const [importing, setImporting] = useState(false);

  const act = async (action: Action, kind: CustomerListKind, selected: Customer[]) => {
    if ((action === 'history' || action === 'changes') && selected.length !== 1) {
      notify.error(T.multipleHistory);
      return;
    }
    const customer = selected[0];
    if (!customer) return;
    switch (action) {
      case 'unblock':
        await run(
          () => customersApi.changeStatus(customer.id, { status: 'Approved' }),
          T.success.changed,
          T.errors.change,
        );
        return;
      case 'remove':
        if (await confirm(T.confirmRemove))
          await run(() => customersApi.remove(customer.id), T.success.deleted, T.errors.delete);
        return;
      default:
        setDialog({ kind: action, customer });
        setApproveFromReproved(kind === 'reproved');
    }
  };

  const toolbar = (kind: CustomerListKind) => (selected: Customer[]) =>
    ACTIONS[kind].map((action) => (
      <Button
        key={action}
        size="small"
        color={action === 'remove' || action === 'block' ? 'error' : 'primary'}
        startIcon={ACTION_ICONS[action]}
        onClick={() => void act(action, kind, selected)}
      >
        {actionLabel(action, kind)}
      </Button>
    ));

  const levelOptions = levels.data ?? [];
  const detailed = dialog?.kind === 'details' ? { ...dialog.customer, ...(details.data ?? {}) } : null;

  return (
    <Box>
      <PageHeader
        title={T.title}
        actions={
          <>
            {counts.awaiting > 0 && view !== 'awaiting' ? (
              <CountButton label={T.buttons.awaiting} count={counts.awaiting} onClick={() => void openAwaiting()} />
            ) : null}
            {counts.reproved > 0 && view !== 'reproved' ? (
              <CountButton label={T.buttons.reproved} count={counts.reproved} onClick={() => setView('reproved')} />
            ) : null}
            {counts.blocked > 0 && view !== 'blocked' ? (
              <CountButton label={T.buttons.blocked} count={counts.blocked} onClick={() => setView('blocked')} />
            ) : null}
            <Button variant="contained" startIcon={<PersonAddAlt1Icon />} onClick={() => setRegistering(true)}>
              {REGISTER_CUSTOMER_TEXTS.button}
            </Button>
            <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setImporting(true)}>
              {IMPORT_DIALOG_TEXTS.open}
            </Button>
            <RefreshButton label={T.refresh} onClick={() => void reloadLists()} />
          </>
        }
      />
      {registering ? (
        <RegisterCustomerDialog
          onClose={() => setRegistering(false)}
          invalidate={[customerKeys.lists()]}
          // The new customer, or the one who already has the document or e-mail, opens in his details.
          onRegistered={(customer) => openLinked(customer.email)}
          existingAction={{ label: T.openExisting, onClick: (customer) => openLinked(customer.email) }}
        />
      ) : null}
      <ImportDialog
        kind="customers"
        open={importing}
        onClose={() => setImporting(false)}
        onImported={() => void reloadLists()}
      />

      <CustomersCard
        key={view}
        kind={view}
        actions={toolbar(view)}
        onClose={view === 'active' ? undefined : () => setView('active')}
      />

      <DialogProblemProvider value={problem}>
        <ApproveDialog
          customer={dialog?.kind === 'approve' ? dialog.customer : null}
          levels={levelOptions}
          allowReprove={!approveFromReproved}
          onApprove={onApprove}
          onReprove={onReprove}
          onClose={close}
        />
        <AssociateDialog
          customer={dialog?.kind === 'associate' ? dialog.customer : null}
          deliverers={deliverers.data ?? []}
          loading={deliverers.isFetching}
          onSubmit={onAssociate}
          onClose={close}
        />
        <DetailsDialog
          customer={detailed}
          loading={details.isFetching}
          onClose={close}
          privacy={privacyOf(detailed, close)}
        />
        {dialog === null && linkedEmail !== null ? (
          <DetailsDialog
            customer={details.data ?? null}
            loading={details.isFetching}
            onClose={clearLinked}
            privacy={privacyOf(details.data ?? null, clearLinked)}
          />
        ) : null}
        <EditDialog
          customer={dialog?.kind === 'edit' ? dialog.customer : null}
          levels={levelOptions}
          onSubmit={onEdit}
          onClose={close}
        />
        <BlockDialog customer={dialog?.kind === 'block' ? dialog.customer : null} onConfirm={onBlock} onClose={close} />
      </DialogProblemProvider>
      <HistoryDialog customer={dialog?.kind === 'history' ? dialog.customer : null} onClose={close} />
      <AuditHistoryDialog
        target={
          dialog?.kind === 'changes' ? { entity: 'customer', id: dialog.customer.id, name: dialog.customer.name } : null
        }
        onClose={close}
      />
    </Box>
  );
}
