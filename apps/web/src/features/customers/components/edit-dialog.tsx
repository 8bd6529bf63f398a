import type { Customer, CustomerLevelOption } from '@backoffice/contract';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { Controller } from 'react-hook-form';
import { FormMoneyField } from '../../../components/form/form-money-field';
import { FormTextField } from '../../../components/form/form-text-field';
import { type EditFormInput, type EditFormOutput, editFormSchema } from '../schemas';
import { CUSTOMERS_TEXTS } from '../texts';
import { CustomerFormDialog, useCustomerForm } from './customer-form-dialog';
import { levelOptions, TermsFields } from './terms-fields';

const T = CUSTOMERS_TEXTS.edit;

export interface EditDialogProps {
  customer: Customer | null;
  levels: CustomerLevelOption[];
  onSubmit: (customer: Customer, values: EditFormOutput) => Promise<void>;
  onClose: () => void;
}

function defaults(customer: Customer | null): EditFormInput {
  return {
    approved: customer?.approved ?? false,
    level: customer ? String(customer.level) : '0',
    shippingCost: customer ? String(customer.shippingCost) : '',
    warrantyPercentage: customer ? String(customer.warrantyPercentage) : '0',
    fastDeliveryTax: customer ? String(customer.fastDeliveryTax) : '0',
    stateRegistration: customer?.stateRegistration ?? '',
  };
}

/**
 * Edit: 'Aprovado', 'Nível', 'Frete', 'Garantia' (min 0), 'Taxa de entrega rápida', 'Inscrição estadual' (optional);
 * 'Editar' and 'Fechar'.
 */
export function EditDialog({ customer, levels, onSubmit, onClose }: EditDialogProps) {
  const {
    control,
    handleSubmit,
    formState: { isSubmitting },
  } = useCustomerForm(editFormSchema, defaults, customer);

  if (!customer) return null;

  return (
    <CustomerFormDialog
      id="edit"
      title={T.title(customer.name)}
      onSubmit={handleSubmit((values) => onSubmit(customer, values))}
      onClose={onClose}
      submitText={T.submit}
      busy={isSubmitting}
    >
      <Controller
        name="approved"
        control={control}
        render={({ field }) => (
          <FormControlLabel
            label={T.approved}
            control={
              <Checkbox
                checked={field.value}
                onChange={(_, checked) => field.onChange(checked)}
                onBlur={field.onBlur}
              />
            }
          />
        )}
      />
      <TermsFields
        control={control}
        labels={{ level: T.level, shippingCost: T.shippingCost, warranty: T.warranty }}
        levels={[{ value: '0', label: T.noLevel }, ...levelOptions(levels)]}
      />
      <FormMoneyField control={control} name="fastDeliveryTax" label={T.fastDeliveryTax} helperText={null} />
      <FormTextField
        control={control}
        name="stateRegistration"
        label={T.stateRegistration}
        helperText={T.stateRegistrationHelp}
        autoComplete="off"
      />
    </CustomerFormDialog>
  );
}
