import { type Customer, FULL_ACCESS, isAnonymisedEmail } from '@backoffice/contract';
import { useState } from 'react';
import { useConfirm } from '../../../components/confirm-dialog';
import { useNotify } from '../../../components/notifier';
import { useApiMutation } from '../../../components/use-api-mutation';
import { isNoAnswer } from '../../../lib/api-client';
import { hasPermission } from '../../../lib/session';
import type { ApproveFormOutput, EditFormOutput } from '../schemas';
import { CUSTOMERS_TEXTS as T } from '../texts';
import { customerKeys, customersApi, downloadCustomerData, failureText } from './customers-api';

/**
 * The customers screen's writes: approve, reprove, associate, edit, block (its dialogs), unblock and remove (the
 * toolbar), and the LGPD export and anonymisation of the details.
 */
export function useCustomerChanges({
  writing,
  close,
  setProblem,
  reloadLists,
}: {
  /** A dialog that writes is open: a failure is said inside it. */
  writing: boolean;
  close: () => void;
  setProblem: (problem: string | null) => void;
  reloadLists: () => Promise<unknown>;
}) {
  const notify = useNotify();
  const confirm = useConfirm();
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

  return { run, onApprove, onReprove, onAssociate, onEdit, onBlock, privacyOf };
}
