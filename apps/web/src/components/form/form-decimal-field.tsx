import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { type ReactNode, useReducer, useRef } from 'react';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';
import { NumericFormat } from 'react-number-format';

/**
 * `text` with all its `scale` decimals (`'49.9'` → `'49.90'`), digit for digit: `Number(text).toFixed()`
 * would round a long amount (999999999999999.99 showed as 1.000.000.000.000.000,00). Anything that is not
 * a plain decimal is left as it is.
 */
function padDecimals(text: string, scale: number): string {
  const match = /^(-?\d+)(?:\.(\d*))?$/.exec(text);
  if (!match) return text;
  const [, whole, fraction = ''] = match;
  if (fraction.length > scale) return Number(text).toFixed(scale);
  return scale === 0 ? (whole as string) : `${whole}.${fraction.padEnd(scale, '0')}`;
}

/** What a bound field takes from the form instead of from its caller. */
type Bound =
  | 'name'
  | 'value'
  | 'defaultValue'
  | 'error'
  | 'inputRef'
  | 'onBlur'
  | 'onChange'
  | 'helperText'
  | 'type'
  | 'select'
  | 'multiline';

export type FormDecimalFieldProps<T extends FieldValues, TOut = T> = Omit<TextFieldProps, Bound> & {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  /**
   * What the form holds: `'text'` (default) the amount as a plain decimal string with a dot, '' when
   * empty (`'1234.56'`, read by the forms' zod schemas as typed numbers are), or `'number'` (a number,
   * null when empty).
   */
  valueAs?: 'text' | 'number';
  /** Decimals allowed (default 2). */
  decimalScale?: number;
  /** Shows all the decimals (`49,90`) while the field is not being edited. */
  fixedDecimalScale?: boolean;
  /** A thousands dot (`1.234,56`); default true. */
  thousands?: boolean;
  /**
   * A leading '-' is taken (e.g. a balance that may be negative); default false: '-' is ignored as it is typed.
   * Phones then show the full keyboard, as their decimal pads have no minus.
   */
  allowNegative?: boolean;
  /** Text before or after the number, outside the input (e.g. 'R$', '%'). */
  startText?: string;
  endText?: string;
  /** As in FormTextField: ' ' keeps the helper line (default), null keeps none. */
  helperText?: ReactNode;
  /** Called once the form holds the new value (typed or pasted, not set by the program). */
  onChange?: (value: string | number | null) => void;
};

/**
 * A number typed the Brazilian way (`1.234,56`: comma decimals, dot thousands), bound to a react-hook-form
 * field by `name`. Letters and other characters are ignored as they are typed or pasted (`R$ 1.234,56`
 * pastes as 1234.56); a typed '.' is a thousands dot, never a decimal point. Use FormMoneyField for money
 * and FormPercentField for percentages.
 */
export function FormDecimalField<T extends FieldValues, TOut = T>({
  control,
  name,
  valueAs = 'text',
  decimalScale = 2,
  fixedDecimalScale = false,
  thousands = true,
  allowNegative = false,
  startText,
  endText,
  helperText = ' ',
  onChange,
  slotProps,
  ...props
}: FormDecimalFieldProps<T, TOut>) {
  const { field, fieldState } = useController({ control, name });
  // What the person last typed here, as the form holds it; null once the field is left. A value that is not
  // it (a default, a reset, a price the form computed) is shown with all its decimals (`10,00`); what is being
  // typed is shown as typed. The display never changes on focus, so selecting it all and typing replaces it.
  const typed = useRef<string | null>(null);
  const [, refresh] = useReducer((n: number) => n + 1, 0);
  const raw: unknown = field.value;
  const text = raw === null || raw === undefined ? '' : String(raw);
  const fromOutside = typed.current !== text;
  const value = fixedDecimalScale && fromOutside ? padDecimals(text, decimalScale) : text;
  const slots = (slotProps ?? {}) as Record<string, Record<string, unknown> | undefined>;
  return (
    <NumericFormat
      {...props}
      customInput={TextField}
      name={field.name}
      inputRef={field.ref}
      value={value}
      valueIsNumericString
      thousandSeparator={thousands ? '.' : false}
      decimalSeparator=","
      allowedDecimalSeparators={[',']}
      decimalScale={decimalScale}
      fixedDecimalScale={false}
      allowNegative={allowNegative}
      onValueChange={(values, source) => {
        if (source.source !== 'event') return;
        const next = valueAs === 'number' ? (values.floatValue ?? null) : values.value;
        typed.current = next === null ? '' : String(next);
        field.onChange(next);
        onChange?.(next);
      }}
      onBlur={() => {
        typed.current = null;
        refresh();
        field.onBlur();
      }}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? helperText}
      slotProps={{
        ...slots,
        input: {
          ...(startText ? { startAdornment: <InputAdornment position="start">{startText}</InputAdornment> } : {}),
          ...(endText ? { endAdornment: <InputAdornment position="end">{endText}</InputAdornment> } : {}),
          ...slots.input,
        },
        htmlInput: { inputMode: allowNegative ? 'text' : 'decimal', ...slots.htmlInput },
      }}
    />
  );
}
