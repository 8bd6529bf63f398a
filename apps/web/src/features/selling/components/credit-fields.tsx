import { type CustomerCredit, formatCreditTerms } from '@backoffice/contract';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { formatMoney } from '../../../lib/format';
import { SELLING_SCREEN_TEXTS as T } from '../texts';

/**
 * 'A prazo' at the checkout (issue 40 §1): the customer's plans ('30/60/90 dias') to choose from, sent as the
 * server reads them ('30/60/90'), and what his limit means. A customer with one plan has it chosen at once.
 */
export function CreditFields({
  credit,
  terms,
  onChange,
}: {
  credit: CustomerCredit;
  /** The plan chosen ('30/60/90'), absent until one is. */
  terms: string | undefined;
  onChange: (terms: string) => void;
}) {
  const plans = credit.terms.map((days) => ({ value: days.join('/'), label: formatCreditTerms(days) }));
  const chosen = plans.some((plan) => plan.value === terms) ? (terms as string) : '';
  const only = plans.length === 1 ? plans[0]?.value : undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the plans or the choice change.
  useEffect(() => {
    if (only && chosen !== only) onChange(only);
  }, [only, chosen]);
  return (
    <Stack spacing={1} sx={{ mt: 1.5 }}>
      <TextField
        select
        size="small"
        label={T.creditTerms}
        value={chosen}
        onChange={(event) => onChange(event.target.value)}
        helperText={chosen ? undefined : T.creditChooseTerms}
        required
        sx={{ maxWidth: 320 }}
      >
        {plans.map((plan) => (
          <MenuItem key={plan.value} value={plan.value}>
            {plan.label}
          </MenuItem>
        ))}
      </TextField>
      {credit.limit === null ? null : (
        <Typography variant="body2" color="text.secondary">
          {credit.exposure
            ? T.creditLimitOwed(formatMoney(credit.limit), formatMoney(credit.exposure.total))
            : T.creditLimit(formatMoney(credit.limit))}
        </Typography>
      )}
    </Stack>
  );
}
