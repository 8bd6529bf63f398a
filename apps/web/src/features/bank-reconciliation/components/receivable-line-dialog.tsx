import type { BankStatementLine, Receivable } from '@backoffice/contract';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { type Choice, customerSearch, SearchPicker } from '../../../components/choice-picker';
import { ProblemAlert } from '../../../components/form/dialog-problem';
import { formatDate, formatMoney } from '../../../lib/format';
import { useCreateReceipt, useCustomerOptions, useOpenInstalments } from '../api/bank-reconciliation-api';
import { BANK_RECONCILIATION_TEXTS as T } from '../texts';

const CUSTOMERS = customerSearch(useCustomerOptions, T);

const optionOf = (instalment: Receivable) =>
  T.instalmentOption(
    instalment.order.code,
    instalment.seq,
    instalment.count,
    formatDate(instalment.dueDate),
    formatMoney(instalment.open),
  );

/**
 * 'Criar recebimento': a money-in line with no receipt pays an open instalment — the customer searched by name,
 * e-mail or document, then one of his open instalments — with its amount, on its day, by deposit.
 */
export function ReceivableLineDialog({ line, onClose }: { line: BankStatementLine; onClose: () => void }) {
  const [customer, setCustomer] = useState<Choice | null>(null);
  const [instalmentId, setInstalmentId] = useState<number | ''>('');
  const [problem, setProblem] = useState<string | null>(null);
  const instalments = useOpenInstalments(customer?.id ?? null);
  const create = useCreateReceipt(onClose, setProblem);
  const open = instalments.data ?? [];
  return (
    <Dialog open onClose={create.isPending ? undefined : onClose} aria-labelledby="receivable-line-title" fullWidth>
      <DialogTitle id="receivable-line-title">{T.receiptTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {T.receiptText(formatMoney(line.amount), formatDate(line.postedOn))}
        </DialogContentText>
        <Stack spacing={2}>
          <SearchPicker
            search={CUSTOMERS}
            value={customer}
            size="medium"
            onChange={(choice) => {
              setCustomer(choice);
              setInstalmentId('');
            }}
          />
          <TextField
            select
            label={T.instalment}
            value={instalmentId}
            disabled={customer === null || open.length === 0}
            helperText={customer !== null && instalments.isSuccess && open.length === 0 ? T.noInstalments : undefined}
            onChange={(event) => setInstalmentId(Number(event.target.value))}
          >
            {open.map((instalment) => (
              <MenuItem key={instalment.id} value={instalment.id}>
                {optionOf(instalment)}
              </MenuItem>
            ))}
          </TextField>
          <ProblemAlert problem={problem} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={create.isPending}>
          {T.keep}
        </Button>
        <Button
          variant="contained"
          disabled={create.isPending || instalmentId === ''}
          onClick={() => {
            if (instalmentId === '') return;
            create.mutate({ id: line.id, receivableId: instalmentId });
          }}
        >
          {T.save}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
