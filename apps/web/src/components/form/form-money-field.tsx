import type { FieldValues } from 'react-hook-form';
import { FormDecimalField, type FormDecimalFieldProps } from './form-decimal-field';

export type FormMoneyFieldProps<T extends FieldValues, TOut = T> = Omit<
  FormDecimalFieldProps<T, TOut>,
  'decimalScale' | 'fixedDecimalScale' | 'thousands' | 'startText'
>;

/**
 * The one money input: reais typed and shown as `R$ 1.234,56` (at most two decimals, both shown once the
 * field is left), held by the form as the exact amount in reais: `'1234.56'` (valueAs 'text', default) or
 * 1234.56 (valueAs 'number'), which is what the contract's money fields take (`moneySchema`: reais, ≤ 2
 * decimals). `49,90` is 49.9, never 4990.
 */
export function FormMoneyField<T extends FieldValues, TOut = T>(props: FormMoneyFieldProps<T, TOut>) {
  return <FormDecimalField {...props} decimalScale={2} fixedDecimalScale thousands startText="R$" />;
}

export type FormPercentFieldProps<T extends FieldValues, TOut = T> = Omit<
  FormDecimalFieldProps<T, TOut>,
  'fixedDecimalScale' | 'thousands' | 'endText'
>;

/** A percentage typed with a comma decimal (`12,5 %`), at most two decimals by default. */
export function FormPercentField<T extends FieldValues, TOut = T>(props: FormPercentFieldProps<T, TOut>) {
  return <FormDecimalField {...props} thousands={false} endText="%" />;
}
