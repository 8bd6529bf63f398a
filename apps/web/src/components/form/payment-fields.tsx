import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { FormDateField } from './form-date-field';

/**
 * The top of a payment's form (paying a bill, receiving an instalment): what is paid (a line), what is open now
 * (large), then anything more (`children`, e.g. what the chosen day asks).
 */
export function PaymentHeading({ about, open, children }: { about: string; open: string; children?: ReactNode }) {
  return (
    <Box sx={{ mb: 2 }}>
      <Typography sx={{ mb: 0.5 }}>{about}</Typography>
      <Typography variant="h6" component="p">
        {open}
      </Typography>
      {children}
    </Box>
  );
}

/** A payment's fields: two a row from 600 px up, one a row on a phone. */
export function PaymentFields({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', columnGap: 2, rowGap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      {children}
    </Box>
  );
}

/** The day a payment was made: DD/MM/YYYY, required, never after today (a dayjs date in the form). */
export function PaidOnField<T extends FieldValues, TOut = T>({
  control,
  name,
  label,
  disabled,
}: {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  label: string;
  disabled: boolean;
}) {
  return (
    <FormDateField
      control={control}
      name={name}
      label={label}
      disableFuture
      disabled={disabled}
      textField={{ required: true, size: 'small' }}
    />
  );
}

/**
 * The cell beside a payment's amount: a small button that types a known amount into it (e.g. 'Pagar tudo');
 * `onClick` null: the cell stays, empty.
 */
export function FillAmountButton({
  text,
  onClick,
  disabled,
}: {
  text: string;
  onClick: (() => void) | null;
  disabled: boolean;
}) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', pt: 1 }}>
      {onClick ? (
        <Button size="small" onClick={onClick} disabled={disabled}>
          {text}
        </Button>
      ) : null}
    </Box>
  );
}
