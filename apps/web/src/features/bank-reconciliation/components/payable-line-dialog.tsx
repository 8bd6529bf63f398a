import { type BankStatementLine, PAYABLE_CATEGORIES, type PayableCategory } from '@backoffice/contract';
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
import { ProblemAlert } from '../../../components/form/dialog-problem';
import { formatDate, formatMoney } from '../../../lib/format';
import { useCreatePayable } from '../api/bank-reconciliation-api';
import { BANK_RECONCILIATION_TEXTS as T } from '../texts';

/** 'Criar conta a pagar': a money-out line with no bill becomes one, paid on its day from the account. */
export function PayableLineDialog({ line, onClose }: { line: BankStatementLine; onClose: () => void }) {
  const [category, setCategory] = useState<PayableCategory>('TARIFAS');
  const [description, setDescription] = useState(line.memo.slice(0, 200));
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreatePayable(onClose, setProblem);
  return (
    <Dialog open onClose={create.isPending ? undefined : onClose} aria-labelledby="payable-line-title" fullWidth>
      <DialogTitle id="payable-line-title">{T.payableTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {T.payableText(formatMoney(-line.amount), formatDate(line.postedOn))}
        </DialogContentText>
        <Stack spacing={2}>
          <TextField
            select
            label={T.category}
            value={category}
            onChange={(event) => setCategory(event.target.value as PayableCategory)}
          >
            {PAYABLE_CATEGORIES.map((key) => (
              <MenuItem key={key} value={key}>
                {T.categories[key]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={T.description}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          <ProblemAlert problem={problem} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={create.isPending}>
          {T.keep}
        </Button>
        <Button
          variant="contained"
          disabled={create.isPending || description.trim() === ''}
          onClick={() => create.mutate({ id: line.id, category, description })}
        >
          {T.save}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
