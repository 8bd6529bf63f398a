import type { CustomerLevelOption } from '@backoffice/contract';
import type { Control } from 'react-hook-form';
import { FormMoneyField, FormPercentField } from '../../../components/form/form-money-field';
import { FormSelectField, type SelectOption } from '../../../components/form/form-select-field';

/** The fields both the approval and the edit forms have, under these names, as typed text. */
export interface TermsValues {
  level: string;
  shippingCost: string;
  warrantyPercentage: string;
}

export const levelOptions = (levels: readonly CustomerLevelOption[]): SelectOption[] =>
  levels.map((level) => ({ value: String(level.value), label: level.text }));

interface Props<T extends TermsValues, TOut> {
  control: Control<T, unknown, TOut>;
  labels: { level: string; shippingCost: string; warranty: string };
  levels: readonly SelectOption[];
  levelRequired?: boolean;
}

/** 'Nível', 'Frete' (R$) and 'Garantia' (%) of a customer, in the approval and the edit dialogs. */
export function TermsFields<T extends TermsValues, TOut>({ control, labels, levels, levelRequired }: Props<T, TOut>) {
  // Both forms name these fields alike (T extends TermsValues), which the generic field paths cannot see.
  const terms = control as unknown as Control<TermsValues>;
  return (
    <>
      <FormSelectField
        control={terms}
        name="level"
        label={labels.level}
        required={levelRequired}
        options={levels}
        helperText={null}
      />
      <FormMoneyField control={terms} name="shippingCost" label={labels.shippingCost} required helperText={null} />
      <FormPercentField control={terms} name="warrantyPercentage" label={labels.warranty} helperText={null} />
    </>
  );
}
