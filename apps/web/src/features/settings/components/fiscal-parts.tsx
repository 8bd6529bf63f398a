import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { darken, lighten } from '@mui/material/styles';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';

/** A grid cell `span` columns wide (of six, from a tablet up). */
export const cell = (span: number) => ({ gridColumn: { sm: `span ${span}` } });

type Bound = 'name' | 'value' | 'defaultValue' | 'error' | 'inputRef' | 'onBlur' | 'onChange' | 'helperText';

/**
 * A text field bound to a react-hook-form field whose text is punctuated as it is typed (`mask`: a CNPJ's dots, a
 * CEP's dash, a phone's DDD); the form holds the punctuated text, which the contract's schema reads.
 */
export function MaskedField<T extends FieldValues, TOut = T>({
  control,
  name,
  mask,
  helperText = ' ',
  ...props
}: Omit<TextFieldProps, Bound> & {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  mask: (typed: string) => string;
  helperText?: ReactNode;
}) {
  const { field, fieldState } = useController({ control, name });
  return (
    <TextField
      {...props}
      name={field.name}
      inputRef={field.ref}
      value={field.value ?? ''}
      onChange={(event) => field.onChange(mask(event.target.value))}
      onBlur={field.onBlur}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? helperText}
    />
  );
}

/** One line of a card's details: its label and what it holds. */
export interface Detail {
  label: string;
  value: ReactNode;
  /** Takes the whole row (a long value: an address, a fingerprint). */
  wide?: boolean;
}

/**
 * A card's details as a definition list, in as many columns of at least `minColumn` pixels as its own width holds
 * (one on a phone); long values wrap instead of widening the page.
 */
export function DetailList({
  label,
  details,
  minColumn = 200,
}: {
  label: string;
  details: readonly Detail[];
  minColumn?: number;
}) {
  return (
    <Box
      component="dl"
      aria-label={label}
      sx={{
        m: 0,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: `repeat(auto-fill, minmax(min(100%, ${minColumn}px), 1fr))`,
      }}
    >
      {details.map((detail) => (
        <Box key={detail.label} sx={detail.wide ? { gridColumn: '1 / -1' } : undefined}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {detail.label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {detail.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** A group's heading inside a dialog's form (the whole row of its grid). */
export function FormSection({ children }: { children: string }) {
  return (
    <Typography variant="subtitle2" component="h3" sx={{ gridColumn: '1 / -1', mt: 1 }}>
      {children}
    </Typography>
  );
}

/**
 * A chip in the warning's colours as a standard Alert draws them (dark text on a light ground): MUI's filled
 * warning chip (white on orange, 3.1:1) fails WCAG's contrast.
 */
export function WarningChip({ label }: { label: string }) {
  return (
    <Chip
      size="small"
      label={label}
      className="fiscal-warning-chip"
      sx={(theme) => ({
        color: darken(theme.palette.warning.light, 0.6),
        bgcolor: lighten(theme.palette.warning.light, 0.9),
        border: 1,
        borderColor: theme.palette.warning.light,
        maxWidth: '100%',
      })}
    />
  );
}
