import type { Customer, Deliverer } from '@backoffice/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { FormSelectField } from '../../../components/form/form-select-field';
import { type AssociateFormInput, type AssociateFormOutput, associateFormSchema } from '../schemas';
import { CUSTOMERS_TEXTS } from '../texts';
import { CustomerFormDialog } from './customer-form-dialog';

const T = CUSTOMERS_TEXTS.associate;

export interface AssociateDialogProps {
  customer: Customer | null;
  deliverers: Deliverer[];
  loading?: boolean;
  onSubmit: (customer: Customer, delivererId: number) => Promise<void>;
  onClose: () => void;
}

/** 'Cliente: {name}': select 'Motoboy' (the deliverers, by name), 'Associar' and 'Fechar'. */
export function AssociateDialog({ customer, deliverers, loading, onSubmit, onClose }: AssociateDialogProps) {
  const {
    control,
    handleSubmit,
    reset,
    formState: { isSubmitting },
  } = useForm<AssociateFormInput, unknown, AssociateFormOutput>({
    resolver: zodResolver(associateFormSchema),
    mode: 'onTouched',
    defaultValues: { delivererId: '' },
  });

  const current = customer?.deliverer?.id;
  const known = deliverers.some((d) => d.id === current);
  useEffect(() => {
    if (customer) reset({ delivererId: current && known ? String(current) : '' });
  }, [customer, current, known, reset]);

  if (!customer) return null;
  const sorted = [...deliverers].sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));

  return (
    <CustomerFormDialog
      id="associate"
      title={T.title(customer.name)}
      onSubmit={handleSubmit((values) => onSubmit(customer, values.delivererId))}
      onClose={onClose}
      submitText={T.submit}
      busy={isSubmitting}
    >
      <FormSelectField
        control={control}
        name="delivererId"
        label={T.deliverer}
        required
        options={sorted.map((deliverer) => ({ value: String(deliverer.id), label: deliverer.name }))}
        helperText={!loading && sorted.length === 0 ? T.noDeliverers : null}
      />
    </CustomerFormDialog>
  );
}
