import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { type Control, type FieldPath, type FieldPathValue, type FieldValues, useController } from 'react-hook-form';

export interface SelectOption {
  value: string | number;
  label: ReactNode;
}

type Bound = 'name' | 'value' | 'defaultValue' | 'error' | 'inputRef' | 'onBlur' | 'onChange' | 'helperText' | 'select';

export type FormSelectFieldProps<T extends FieldValues, N extends FieldPath<T>, TOut = T> = Omit<
  TextFieldProps,
  Bound | 'children'
> & {
  control: Control<T, unknown, TOut>;
  name: N;
  options: readonly SelectOption[];
  /** A first item with the value '' (e.g. <em>Nenhuma</em>). */
  emptyOption?: ReactNode;
  /** Turns the chosen option's value into the form's (e.g. '' → null); by default the value as chosen. */
  parse?: (value: string | number) => FieldPathValue<T, N>;
  /** Shows a value that is not among the options as empty (e.g. a reference of another brand). */
  clearUnknown?: boolean;
  /** As in FormTextField: ' ' keeps the helper line (default), null keeps none. */
  helperText?: ReactNode;
  /** Called once the form holds the new value. */
  onChange?: (value: FieldPathValue<T, N>) => void;
};

/** A MUI select (TextField select) bound to a react-hook-form field by `name`, with its options. */
export function FormSelectField<T extends FieldValues, N extends FieldPath<T>, TOut = T>({
  control,
  name,
  options,
  emptyOption,
  parse,
  clearUnknown = false,
  helperText = ' ',
  onChange,
  ...props
}: FormSelectFieldProps<T, N, TOut>) {
  const { field, fieldState } = useController({ control, name });
  const value = field.value ?? '';
  const shown = clearUnknown && !options.some((option) => option.value === value) ? '' : value;
  return (
    <TextField
      select
      {...props}
      name={field.name}
      inputRef={field.ref}
      value={shown}
      onChange={(event) => {
        const chosen = event.target.value as string | number;
        const next = parse ? parse(chosen) : (chosen as FieldPathValue<T, N>);
        field.onChange(next);
        onChange?.(next);
      }}
      onBlur={field.onBlur}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? helperText}
    >
      {emptyOption === undefined ? null : (
        <MenuItem value="">
          <em>{emptyOption}</em>
        </MenuItem>
      )}
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
