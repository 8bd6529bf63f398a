import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { type ReactNode, useId } from 'react';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';

export interface FormInputFieldProps<T extends FieldValues, TOut = T> {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  label: ReactNode;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  size?: 'small' | 'medium';
  /** Shown while the field has no error; ' ' (the default) keeps the line, as FormTextField's. */
  helperText?: ReactNode;
}

/**
 * A text field bound to a react-hook-form field, drawn as FormTextField's outlined TextField (label, outline,
 * the line below) from its parts: FormControl, InputLabel, OutlinedInput, FormHelperText. For the sign-in
 * page, whose first download it keeps small (decision 0021): MUI's TextField brings the select, its menu and
 * the other variants. Elsewhere FormTextField.
 */
export function FormInputField<T extends FieldValues, TOut = T>({
  control,
  name,
  label,
  type = 'text',
  autoComplete,
  autoFocus,
  size,
  helperText = ' ',
}: FormInputFieldProps<T, TOut>) {
  const { field, fieldState } = useController({ control, name });
  const id = useId();
  const helperId = `${id}-helper-text`;
  const error = Boolean(fieldState.error);
  return (
    <FormControl fullWidth size={size} error={error} variant="outlined">
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        type={type}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        name={field.name}
        inputRef={field.ref}
        value={field.value ?? ''}
        onChange={field.onChange}
        onBlur={field.onBlur}
        inputProps={{ 'aria-describedby': helperId }}
      />
      <FormHelperText id={helperId}>{fieldState.error?.message ?? helperText}</FormHelperText>
    </FormControl>
  );
}
