import type { Customer, CustomerLevelOption } from '@backoffice/contract';
import { useState } from 'react';
import { SubmitButton } from '../../../components/form/submit-button';
import { type ApproveFormInput, type ApproveFormOutput, approveFormSchema } from '../schemas';
import { CUSTOMERS_TEXTS } from '../texts';
import { CustomerFormDialog, useCustomerForm } from './customer-form-dialog';
import { levelOptions, TermsFields } from './terms-fields';

const T = CUSTOMERS_TEXTS.approve;

export interface ApproveDialogProps {
  customer: Customer | null;
  levels: CustomerLevelOption[];
  /** False for a customer already reproved: only 'Aprovar' is offered. */
  allowReprove?: boolean;
  /**
   * The page's mutation (useApiMutation): resolves when answered, never rejects; it says the outcome and
   * closes the dialog on success only (a refusal keeps what was typed).
   */
  onApprove: (customer: Customer, values: ApproveFormOutput) => Promise<void>;
  onReprove: (customer: Customer) => Promise<void>;
  onClose: () => void;
}

function defaults(customer: Customer | null): ApproveFormInput {
  return {
    level: customer && customer.level > 0 ? String(customer.level) : '',
    shippingCost: customer && customer.shippingCost > 0 ? String(customer.shippingCost) : '',
    warrantyPercentage: customer ? String(customer.warrantyPercentage) : '0',
  };
}

/** 'Aprovar ou Reprovar: {name}': Nível, Frete (R$), Garantia (%, 0 to 100). Aprovar is disabled while invalid. */
export function ApproveDialog({
  customer,
  levels,
  allowReprove = true,
  onApprove,
  onReprove,
  onClose,
}: ApproveDialogProps) {
  const [busy, setBusy] = useState<'approve' | 'reprove' | null>(null);
  const {
    control,
    handleSubmit,
    formState: { isValid },
  } = useCustomerForm(approveFormSchema, defaults, customer);

  if (!customer) return null;

  const approve = handleSubmit(async (values) => {
    setBusy('approve');
    await onApprove(customer, values);
    setBusy(null);
  });
  const reprove = async () => {
    setBusy('reprove');
    await onReprove(customer);
    setBusy(null);
  };

  return (
    <CustomerFormDialog
      id="approve"
      title={T.title(customer.name)}
      onSubmit={approve}
      onClose={onClose}
      submitText={T.approve}
      valid={isValid}
      busy={busy !== null}
      submitting={busy === 'approve'}
      secondary={
        allowReprove ? (
          <SubmitButton
            type="button"
            variant="text"
            color="error"
            onClick={reprove}
            disabled={busy !== null}
            busy={busy === 'reprove'}
          >
            {T.reprove}
          </SubmitButton>
        ) : undefined
      }
    >
      <TermsFields
        control={control}
        labels={{ level: T.level, shippingCost: T.shippingCost, warranty: T.warranty }}
        levels={levelOptions(levels)}
        levelRequired
      />
    </CustomerFormDialog>
  );
}
