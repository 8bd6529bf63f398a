import { CASH_TEXTS } from '@backoffice/contract';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useDepositAccounts } from '../api/deposit-accounts-api';

/**
 * A sangria's 'Depositado na conta (opcional)' (decision 0099): one of the shop's active accounts, or none. Not
 * shown when the shop has no account (or they could not be read): the sangria is then a plain one.
 */
export function DepositAccountField({
  value,
  onChange,
  disabled,
}: {
  value: number | null;
  onChange: (accountId: number | null) => void;
  disabled: boolean;
}) {
  const accounts = useDepositAccounts(true);
  if (!accounts.data?.length) return null;
  return (
    <TextField
      select
      fullWidth
      label={CASH_TEXTS.depositAccount}
      helperText={CASH_TEXTS.depositHelp}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
      disabled={disabled}
      sx={{ mt: 2 }}
    >
      <MenuItem value="">{CASH_TEXTS.depositNone}</MenuItem>
      {accounts.data.map((account) => (
        <MenuItem key={account.id} value={account.id}>
          {account.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
