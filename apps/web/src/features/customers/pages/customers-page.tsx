import { type Customer, FULL_ACCESS, isAnonymisedEmail } from '@backoffice/contract';
import AssignmentIndOutlinedIcon from '@mui/icons-material/AssignmentIndOutlined';
import BlockIcon from '@mui/icons-material/Block';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import HistoryIcon from '@mui/icons-material/History';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import LockOpenOutlinedIcon from '@mui/icons-material/LockOpenOutlined';
import ManageHistoryIcon from '@mui/icons-material/ManageHistory';
import PersonAddAlt1Icon from '@mui/icons-material/PersonAddAlt1';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import TwoWheelerIcon from '@mui/icons-material/TwoWheeler';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
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
import { useApiMutation } from '../../../components/use-api-mutation';
import { isNoAnswer } from '../../../lib/api-client';
import { useLinkedRecord } from '../../../lib/linked-record';
import { hasPermission } from '../../../lib/session';
import {
  type CustomerListKind,
  customerCountQuery,
  customerKeys,
  customersApi,
  downloadCustomerData,
  failureText,
  useCustomerCount,
  useCustomerDetails,
  useCustomerLevels,
  useDeliverers,
} from '../api/customers-api';
import { ApproveDialog } from '../components/approve-dialog';
import { AssociateDialog } from '../components/associate-dialog';
import { BlockDialog } from '../components/block-dialog';
import { CustomersCard } from '../components/customers-card';
import { DetailsDialog } from '../components/details-dialog';
import { EditDialog } from '../components/edit-dialog';
import { HistoryDialog } from '../components/history-dialog';
import type { ApproveFormOutput, EditFormOutput } from '../schemas';
import { CUSTOMERS_TEXTS as T } from '../texts';

type DialogKind = 'approve' | 'associate' | 'details' | 'edit' | 'block' | 'history' | 'changes';
interface OpenDialog {
  kind: DialogKind;
  customer: Customer;
}
type Action = 'approve' | 'history' | 'changes' | 'details' | 'associate' | 'block' | 'unblock' | 'edit' | 'remove';

/** The toolbar actions of each list (spec section 2). */
const ACTIONS: Record<CustomerListKind, Action[]> = {
  awaiting: ['approve', 'details', 'associate', 'block', 'remove', 'changes'],
  active: ['history', 'associate', 'details', 'block', 'edit', 'remove', 'changes'],
  blocked: ['history', 'unblock', 'details', 'edit', 'changes'],
  reproved: ['history', 'approve', 'details', 'block', 'edit', 'changes'],
};

const ACTION_ICONS: Record<Action, ReactNode> = {
  approve: <TaskAltIcon fontSize="small" />,
  history: <HistoryIcon fontSize="small" />,
  changes: <ManageHistoryIcon fontSize="small" />,
  details: <InfoOutlinedIcon fontSize="small" />,
  associate: <TwoWheelerIcon fontSize="small" />,
  block: <BlockIcon fontSize="small" />,
  unblock: <LockOpenOutlinedIcon fontSize="small" />,
  edit: <EditOutlinedIcon fontSize="small" />,
  remove: <DeleteOutlineIcon fontSize="small" />,
};

function actionLabel(action: Action, kind: CustomerListKind): string {
  if (action === 'approve') return kind === 'awaiting' ? T.actions.approveOrReprove : T.actions.approve;
  return T.actions[action];
}

function CountButton({ label, count, onClick }: { label: string; count: number; onClick: () => void }) {
  return (
    <Badge badgeContent={count} color="error" max={999} overlap="rectangular">
      <Button variant="outlined" onClick={onClick} startIcon={<AssignmentIndOutlinedIcon />}>
        {label}
      </Button>
    </Badge>
  );
}

/** /admin/customers: the lists by status, one at a time, with their actions and modals. */
export default function CustomersPage() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const confirm = useConfirm();
  const [view, setView] = useState<CustomerListKind>('active');
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  /** The reproved list's 'Aprovar' opens the approve modal without 'Reprovar'. */
  const [approveFromReproved, setApproveFromReproved] = useState(false);

  // the badges count on the server: a one-row page's total, not the whole list
  const awaiting = useCustomerCount('awaiting');
  const reproved = useCustomerCount('reproved');
  const blocked = useCustomerCount('blocked');
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

  // The waiting view closes when its last customer has been approved or reproved (the success message stays).
  const awaitingCount = awaiting.data;
  const closedEmpty = useRef(false);
  useEffect(() => {
    if (view !== 'awaiting') {
      closedEmpty.current = false;
      return;
    }
    if (awaitingCount === 0 && !awaiting.isFetching && !closedEmpty.current) {
      closedEmpty.current = true;
      setView('active');
    }
  }, [view, awaitingCount, awaiting.isFetching]);

  const openAwaiting = async () => {
    const count = await queryClient.fetchQuery({ ...customerCountQuery('awaiting'), staleTime: 0 }).catch(() => 0);
    if (count === 0) notify.info(T.noneAwaiting);
    else setView('awaiting');
  };

  /**
   * Runs one change (issue 16 §2: one mutation, useApiMutation): on success the message, the modal closed and
   * every page, count and details read again. A refusal says the server's message and keeps the modal open
   * with what was typed, to change it or close it; no answer keeps it too, to try again (decision 0004). The
   * lists are read again after a refusal: a 409 says someone else changed the customer meanwhile.
   */
  const change = useApiMutation<unknown, { call: () => Promise<unknown>; success: string; failure: string }>({
    mutationFn: ({ call }) => call(),
    success: (_answer, { success }) => success,
    failure: ({ failure }) => failure,
    invalidate: [customerKeys.lists(), customerKeys.details()],
    closeDialog: close,
    errorInDialog: () => writing,
    onError: (error, message) => {
      if (writing) setProblem(message);
      if (!isNoAnswer(error)) void reloadLists();
    },
  });
  const run = async (call: () => Promise<unknown>, success: string, failure: string): Promise<void> => {
    setProblem(null);
    await change.mutateAsync({ call, success, failure }).catch(() => undefined);
  };

  const onApprove = (customer: Customer, values: ApproveFormOutput) =>
    run(
      () => customersApi.approve({ email: customer.email, approve: true, ...values }),
      T.success.approved,
      T.errors.approve,
    );
  const onReprove = (customer: Customer) =>
    run(() => customersApi.approve({ email: customer.email, approve: false }), T.success.approved, T.errors.approve);
  const onAssociate = (customer: Customer, delivererId: number) =>
    run(
      () => customersApi.associate({ customerId: customer.id, delivererId }),
      T.success.associated,
      T.errors.associate,
    );
  const onEdit = (customer: Customer, values: EditFormOutput) =>
    run(
      () =>
        customersApi.edit({
          customerId: customer.id,
          email: customer.email,
          level: values.level,
          warrantyPercentage: values.warrantyPercentage,
          shippingCost: values.shippingCost,
          approve: values.approved,
          fastDeliveryTax: values.fastDeliveryTax,
          stateRegistration: values.stateRegistration,
        }),
      T.success.edited,
      T.errors.edit,
    );
  const onBlock = (customer: Customer, note: string) =>
    run(() => customersApi.changeStatus(customer.id, { status: 'Blocked', note }), T.success.changed, T.errors.change);

  /** LGPD (administrators only): the person's data as a file, and anonymisation after a confirmation saying what is erased and kept. */
  const [exporting, setExporting] = useState(false);
  const [importing, setImporting] = useState(false);
  const privacyOf = (customer: Customer | null, onDone: () => void) => {
    if (!customer || !hasPermission(FULL_ACCESS)) return undefined;
    return {
      busy: exporting || change.isPending,
      onExport: () => {
        setExporting(true);
        downloadCustomerData(customer.id)
          .catch((error: unknown) => notify.error(failureText(error, T.errors.exportData)))
          .finally(() => setExporting(false));
      },
      onAnonymise: isAnonymisedEmail(customer.id, customer.email)
        ? undefined
        : async () => {
            if (!(await confirm(T.privacy.confirmAnonymise, { title: T.privacy.anonymise }))) return;
            await change
              .mutateAsync({
                call: () => customersApi.anonymise(customer.id),
                success: T.success.anonymised,
                failure: T.errors.anonymise,
              })
              .then(onDone, () => undefined);
          },
    };
  };

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

  const counts = {
    awaiting: awaiting.data ?? 0,
    reproved: reproved.data ?? 0,
    blocked: blocked.data ?? 0,
  };
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
