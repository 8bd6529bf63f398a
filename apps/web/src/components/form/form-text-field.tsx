import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { ChangeEvent, ReactNode } from 'react';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';

/** What a bound field takes from the form instead of from its caller. */
type Bound = 'name' | 'value' | 'defaultValue' | 'error' | 'inputRef' | 'onBlur' | 'onChange' | 'helperText';

export type FormTextFieldProps<T extends FieldValues, TOut = T> = Omit<TextFieldProps, Bound> & {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  /**
   * Shown while the field has no error. The default ' ' keeps the line, so an error does not push the
   * fields below; null keeps no line.
   */
  helperText?: ReactNode;
  /** Called once the form holds the new value (e.g. to recompute other fields). */
  onChange?: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
};

/** A MUI TextField bound to a react-hook-form field by `name`: its value, its touched state and its error. */
export function FormTextField<T extends FieldValues, TOut = T>({
  control,
  name,
  helperText = ' ',
  onChange,
  ...props
}: FormTextFieldProps<T, TOut>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <TextField
      {...props}
      name={field.name}
      inputRef={field.ref}
      value={field.value ?? ''}
      onChange={(event) => {
        field.onChange(event);
        onChange?.(event);
      }}
      onBlur={field.onBlur}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? helperText}
    />
  );
}
