import { type Customer, PERMISSIONS, shownEmail } from '@backoffice/contract';
import PersonAddAlt1Icon from '@mui/icons-material/PersonAddAlt1';
import StorefrontIcon from '@mui/icons-material/Storefront';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type KeyboardEvent, useRef, useState } from 'react';
import { RegisterCustomerDialog } from '../../../components/customers/register-customer-dialog';
import { REGISTER_CUSTOMER_TEXTS } from '../../../components/customers/register-customer-texts';
import { hasPermission } from '../../../lib/session';
import { useCustomerSearch } from '../api/customers-search';
import { useWalkIn } from '../api/selling-api';
import type { SelectedCustomer } from '../lib/selling-state';
import { SELLING_SCREEN_TEXTS as T } from '../texts';
import { SearchField } from './search-field';

const picked = (customer: Customer): SelectedCustomer => ({
  id: customer.id,
  name: customer.name,
  email: customer.email,
  levelName: customer.levelName,
});

/**
 * Step 1: search an approved customer by name or e-mail; a click, or arrows and Enter, picks one. Or, at the
 * counter (issue 38 §1): 'Cadastrar cliente' registers one (who holds the customers permission) and sells to him
 * at once; 'Consumidor final' sells without registering anyone (decision 0040).
 */
export function CustomerSearchStep({ onSelect }: { onSelect(customer: SelectedCustomer): void }) {
  const [registering, setRegistering] = useState(false);
  const canRegister = hasPermission(PERMISSIONS.customers);
  const walkIn = useWalkIn((customer) =>
    onSelect({ id: customer.id, name: customer.name, email: customer.email, walkIn: true }),
  );
  const [search, setSearch] = useState<string | null>(null);
  const results = useCustomerSearch(search);
  const inputRef = useRef<HTMLInputElement>(null);
  const rowsRef = useRef<(HTMLTableRowElement | null)[]>([]);
  const customers = results.data?.customers ?? [];

  const focusRow = (index: number) => rowsRef.current[index]?.focus();
  const onRowKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, index: number) => {
    const customer = customers[index];
    if (!customer) return;
    if (event.key === 'ArrowDown') focusRow(Math.min(index + 1, customers.length - 1));
    else if (event.key === 'ArrowUp') {
      if (index === 0) inputRef.current?.focus();
      else focusRow(index - 1);
    } else if (event.key === 'Home') focusRow(0);
    else if (event.key === 'End') focusRow(customers.length - 1);
    else if (event.key === 'Enter' || event.key === ' ') onSelect(picked(customer));
    else return;
    event.preventDefault();
  };

  // A failed search shows no customers and the not-found text (section 4: clients empty, notFound).
  const notFound = results.isError || (results.isSuccess && customers.length === 0);

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box role="group" aria-label={T.counterActions} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {canRegister ? (
          <Button variant="outlined" startIcon={<PersonAddAlt1Icon />} onClick={() => setRegistering(true)}>
            {REGISTER_CUSTOMER_TEXTS.button}
          </Button>
        ) : null}
        <Button
          variant="outlined"
          startIcon={walkIn.isPending ? <CircularProgress size={16} color="inherit" /> : <StorefrontIcon />}
          disabled={walkIn.isPending}
          onClick={() => walkIn.mutate()}
        >
          {T.walkIn}
        </Button>
      </Box>
      {registering ? (
        <RegisterCustomerDialog
          onClose={() => setRegistering(false)}
          invalidate={[['customers']]}
          onRegistered={(customer) => onSelect(picked(customer))}
          existingAction={{
            label: T.sellToExisting,
            onClick: (customer) => onSelect({ id: customer.id, name: customer.name, email: customer.email }),
          }}
        />
      ) : null}
      <SearchField label={T.customerSearch} onSearch={setSearch} onArrowDown={() => focusRow(0)} inputRef={inputRef} />
      {results.isFetching ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
          <CircularProgress aria-label={T.loading} />
        </Box>
      ) : null}
      {!results.isFetching && notFound ? (
        <Alert severity="info" role="status">
          {T.noResults}
        </Alert>
      ) : null}
      {!notFound && customers.length > 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: -1 }}>
          {T.pickHint}
        </Typography>
      ) : null}
      {!notFound && customers.length > 0 ? (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={T.customersTable}>
            <TableHead>
              <TableRow>
                <TableCell>{T.name}</TableCell>
                <TableCell>{T.email}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {customers.map((customer, index) => (
                <TableRow
                  key={customer.id}
                  hover
                  tabIndex={index === 0 ? 0 : -1}
                  ref={(row) => {
                    rowsRef.current[index] = row;
                  }}
                  onClick={() => onSelect(picked(customer))}
                  onKeyDown={(event) => onRowKeyDown(event, index)}
                  sx={{
                    cursor: 'pointer',
                    '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
                    '&:focus': { bgcolor: 'action.selected' },
                  }}
                >
                  <TableCell sx={{ wordBreak: 'break-word' }}>{customer.name}</TableCell>
                  <TableCell sx={{ wordBreak: 'break-all' }}>{shownEmail(customer.email)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}
      {results.data && results.data.total > customers.length ? (
        <Typography variant="body2" color="text.secondary">
          {T.moreResults(customers.length, results.data.total)}
        </Typography>
      ) : null}
    </Box>
  );
}
