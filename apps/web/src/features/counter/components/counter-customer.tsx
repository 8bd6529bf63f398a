import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { type CounterCustomer, useCounterCustomers } from '../api/counter-customers';
import { COUNTER_SCREEN_TEXTS as T } from '../texts';

/**
 * 'Cliente': the sale's buyer. None picked, the seller's 'Consumidor final' and his optional 'CPF na nota';
 * a registered customer found as one types his name, CPF/CNPJ or e-mail, the sale is his at his level's prices;
 * 'Consumidor final' goes back to the walk-in.
 */
export function CounterCustomerPicker({
  customer,
  onChange,
  noteDocument,
  onNoteDocument,
}: {
  customer: CounterCustomer | null;
  onChange: (customer: CounterCustomer | null) => void;
  /** 'CPF na nota': only the walk-in's (a registered customer's note carries his own document). */
  noteDocument: string;
  onNoteDocument: (document: string) => void;
}) {
  const [term, setTerm] = useState('');
  const found = useCounterCustomers(term);
  if (customer) {
    return (
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
        <Typography variant="subtitle2">{T.customer}</Typography>
        <Stack sx={{ flex: 1, minWidth: 0 }} aria-label={T.customerChosen}>
          <Typography sx={{ fontWeight: 600 }}>{customer.name}</Typography>
          <Typography variant="body2" color="text.secondary">
            {[customer.document, customer.email, T.customerLevel(customer.levelName)].filter(Boolean).join(' · ')}
          </Typography>
        </Stack>
        <Button size="small" onClick={() => onChange(null)}>
          {T.walkIn}
        </Button>
      </Stack>
    );
  }
  const options = term.trim().length >= 2 ? (found.data ?? []) : [];
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2">{T.customer}</Typography>
      <Typography variant="body2" color="text.secondary">
        {T.sellingToWalkIn}
      </Typography>
      <Autocomplete<CounterCustomer>
        size="small"
        options={options}
        filterOptions={(all) => all}
        getOptionLabel={(option) => option.name}
        isOptionEqualToValue={(option, value) => option.id === value.id}
        inputValue={term}
        onInputChange={(_event, text, reason) => {
          if (reason !== 'reset') setTerm(text);
        }}
        value={null}
        onChange={(_event, chosen) => {
          if (!chosen) return;
          setTerm('');
          onNoteDocument('');
          onChange(chosen);
        }}
        loading={found.isFetching}
        noOptionsText={term.trim().length >= 2 ? T.noCustomers : T.customerTypeMore}
        renderOption={({ key, ...props }, option) => (
          <li key={key} {...props}>
            <Stack>
              <Typography>{option.name}</Typography>
              <Typography variant="body2" color="text.secondary">
                {[option.document, option.email, T.customerLevel(option.levelName)].filter(Boolean).join(' · ')}
              </Typography>
            </Stack>
          </li>
        )}
        renderInput={(params) => <TextField {...params} label={T.customerSearch} />}
      />
      <TextField
        size="small"
        label={T.noteDocument}
        value={noteDocument}
        onChange={(event) => onNoteDocument(event.target.value)}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 18 } }}
      />
    </Stack>
  );
}
