import type { SxProps, Theme } from '@mui/material/styles';
import { DatePicker, type DatePickerProps } from '@mui/x-date-pickers/DatePicker';
import type { ReactNode } from 'react';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';

export type FormDateFieldProps<T extends FieldValues, TOut = T> = Omit<
  DatePickerProps,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'slotProps'
> & {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  /** Offers an × that empties the date. */
  clearable?: boolean;
  /** The text field's own settings. */
  textField?: { required?: boolean; size?: 'small' | 'medium'; sx?: SxProps<Theme> };
  /** As in FormTextField: ' ' keeps the helper line (default), null keeps none. */
  helperText?: ReactNode;
};

/** A MUI X DatePicker bound to a react-hook-form field (a dayjs date or null) by `name`. */
export function FormDateField<T extends FieldValues, TOut = T>({
  control,
  name,
  clearable = false,
  textField,
  helperText = ' ',
  ...props
}: FormDateFieldProps<T, TOut>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <DatePicker
      {...props}
      value={field.value ?? null}
      onChange={(value) => field.onChange(value)}
      slotProps={{
        field: clearable ? { clearable } : undefined,
        textField: {
          ...textField,
          name: field.name,
          onBlur: field.onBlur,
          error: Boolean(fieldState.error),
          helperText: fieldState.error?.message ?? helperText,
        },
      }}
    />
  );
}
