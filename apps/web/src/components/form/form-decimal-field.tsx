import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { type ReactNode, useState } from 'react';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';
import { NumericFormat } from 'react-number-format';

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
  startText,
  endText,
  helperText = ' ',
  onChange,
  slotProps,
  ...props
}: FormDecimalFieldProps<T, TOut>) {
  const { field, fieldState } = useController({ control, name });
  const [editing, setEditing] = useState(false);
  const raw: unknown = field.value;
  const value = raw === null || raw === undefined ? '' : typeof raw === 'number' ? raw : String(raw);
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
      fixedDecimalScale={fixedDecimalScale && !editing}
      allowNegative={false}
      onValueChange={(values, source) => {
        if (source.source !== 'event') return;
        const next = valueAs === 'number' ? (values.floatValue ?? null) : values.value;
        field.onChange(next);
        onChange?.(next);
      }}
      onFocus={(event: React.FocusEvent<HTMLInputElement>) => {
        setEditing(true);
        props.onFocus?.(event);
      }}
      onBlur={() => {
        setEditing(false);
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
        htmlInput: { inputMode: 'decimal', ...slots.htmlInput },
      }}
    />
  );
}
