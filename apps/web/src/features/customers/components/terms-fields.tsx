import type { CustomerLevelOption } from '@backoffice/contract';
import InputAdornment from '@mui/material/InputAdornment';
import type { Control } from 'react-hook-form';
import { FormSelectField, type SelectOption } from '../../../components/form/form-select-field';
import { FormTextField } from '../../../components/form/form-text-field';

/** The fields both the approval and the edit forms have, under these names, as typed text. */
export interface TermsValues {
  level: string;
  shippingCost: string;
  warrantyPercentage: string;
}

/** A money amount in reais (Frete, Taxa de entrega rápida). */
export const MONEY_SLOTS = {
  input: { startAdornment: <InputAdornment position="start">R$</InputAdornment> },
  htmlInput: { min: 0, step: 0.01 },
};

const PERCENT_SLOTS = {
  input: { startAdornment: <InputAdornment position="start">%</InputAdornment> },
  htmlInput: { min: 0, max: 100, step: 0.5 },
};

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
      <FormTextField
        control={terms}
        name="shippingCost"
        label={labels.shippingCost}
        type="number"
        required
        slotProps={MONEY_SLOTS}
        helperText={null}
      />
      <FormTextField
        control={terms}
        name="warrantyPercentage"
        label={labels.warranty}
        type="number"
        slotProps={PERCENT_SLOTS}
        helperText={null}
      />
    </>
  );
}
