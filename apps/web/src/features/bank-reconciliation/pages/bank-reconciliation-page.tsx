import { type BankReconciliation, type BankStatementLine, businessDay, PERMISSIONS } from '@backoffice/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { formatDate, formatMoney } from '../../../lib/format';
import { hasPermission } from '../../../lib/session';
import {
  useBankAccounts,
  useConfirmAll,
  useConfirmLine,
  useImportStatement,
  useReconciliation,
} from '../api/bank-reconciliation-api';
import { useImportPsp } from '../api/psp-import-api';
import { IgnoreLineDialog } from '../components/ignore-line-dialog';
import { PayableLineDialog } from '../components/payable-line-dialog';
import { ReceivableLineDialog } from '../components/receivable-line-dialog';
import { StatementLines } from '../components/statement-lines';
import { BANK_RECONCILIATION_TEXTS as T } from '../texts';

function Figure({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="subtitle1" component="p" sx={{ fontWeight: strong ? 700 : 600 }}>
        {value}
      </Typography>
    </div>
  );
}

/** The bank's balance, the books' and their difference, until it is zero. */
function Balances({ month }: { month: BankReconciliation }) {
  if (month.closingBalance === null || month.balanceOn === null) {
    return <Alert severity="info">{T.noStatement}</Alert>;
  }
  return (
    <Stack direction="row" spacing={4} useFlexGap sx={{ flexWrap: 'wrap', rowGap: 1.5 }} aria-label={T.difference}>
      <Figure label={T.balanceOn(formatDate(month.balanceOn))} value={formatMoney(month.closingBalance)} />
      <Figure label={T.booksBalance} value={formatMoney(month.booksBalance)} />
      {month.difference === 0 ? (
        <Alert severity="success">{T.closed}</Alert>
      ) : (
        <Figure label={T.difference} value={formatMoney(month.difference)} strong />
      )}
    </Stack>
  );
}

/** 'Conciliação bancária' (issue 58 §3): an account's month of statement lines against the books. */
export default function BankReconciliationPage() {
  const accounts = useBankAccounts();
  const [chosen, setChosen] = useState<number | null>(null);
  const [month, setMonth] = useState(businessDay(new Date()).slice(0, 7));
  const accountId = chosen ?? accounts.data?.[0]?.id ?? null;
  const reconciliation = useReconciliation(accountId, month);
  const importStatement = useImportStatement();
  const importPsp = useImportPsp();
  const confirm = useConfirmLine();
  const confirmAll = useConfirmAll();
  const proposals = (reconciliation.data?.lines ?? []).filter((line) => line.status === 'OPEN' && line.match).length;
  const [ignoring, setIgnoring] = useState<BankStatementLine | null>(null);
  const [billing, setBilling] = useState<BankStatementLine | null>(null);
  const [receiving, setReceiving] = useState<BankStatementLine | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const canBill = hasPermission(PERMISSIONS.purchases);
  const canReceive = hasPermission(PERMISSIONS.credit);

  return (
    <>
      <PageHeader
        title={T.title}
        actions={
          <Stack direction="row" spacing={1}>
            <Button
              variant="outlined"
              title={T.importPspHelp}
              disabled={accountId === null || importPsp.isPending}
              onClick={() => accountId !== null && importPsp.mutate({ accountId, month })}
            >
              {importPsp.isPending ? T.importing : T.importPsp}
            </Button>
            <Button
              variant="contained"
              disabled={accountId === null || importStatement.isPending}
              onClick={() => fileInput.current?.click()}
            >
              {importStatement.isPending ? T.importing : T.importOfx}
            </Button>
          </Stack>
        }
      />
      <input
        ref={fileInput}
        type="file"
        accept=".ofx,.OFX,application/x-ofx"
        hidden
        data-testid="ofx-file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file && accountId !== null) importStatement.mutate({ accountId, file });
        }}
      />
      <Paper sx={{ p: 2, mb: 2 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
          <TextField
            select
            label={T.account}
            value={accountId ?? ''}
            onChange={(event) => setChosen(Number(event.target.value))}
            sx={{ minWidth: 260 }}
          >
            {(accounts.data ?? []).map((account) => (
              <MenuItem key={account.id} value={account.id}>
                {account.name}
              </MenuItem>
            ))}
          </TextField>
          <DatePicker
            label={T.month}
            views={['year', 'month']}
            openTo="month"
            format="MM/YYYY"
            value={dayjs(`${month}-01`)}
            onChange={(value) => value?.isValid() && setMonth(value.format('YYYY-MM'))}
            slotProps={{ textField: { sx: { width: 180 } } }}
          />
        </Stack>
        {accounts.data?.length === 0 && <Alert severity="info">{T.noAccounts}</Alert>}
        {reconciliation.isError && <Alert severity="error">{T.loadFailed}</Alert>}
        {reconciliation.data && <Balances month={reconciliation.data} />}
      </Paper>
      <Paper sx={{ p: 2 }}>
        {proposals > 0 && accountId !== null && (
          <Button
            variant="outlined"
            sx={{ mb: 2 }}
            disabled={confirmAll.isPending || confirm.isPending}
            onClick={() => confirmAll.mutate({ accountId, month })}
          >
            {T.confirmAll(proposals)}
          </Button>
        )}
        {reconciliation.isLoading ? (
          <CircularProgress aria-label={T.linesLabel} />
        ) : (
          <StatementLines
            lines={reconciliation.data?.lines ?? []}
            actions={{
              busy: confirm.isPending || confirmAll.isPending,
              onConfirm: (line) =>
                line.match && confirm.mutate({ id: line.id, kind: line.match.kind, ref: line.match.ref }),
              onIgnore: setIgnoring,
              onPayable: canBill ? setBilling : undefined,
              onReceivable: canReceive ? setReceiving : undefined,
            }}
          />
        )}
      </Paper>
      {ignoring && <IgnoreLineDialog line={ignoring} onClose={() => setIgnoring(null)} />}
      {billing && <PayableLineDialog line={billing} onClose={() => setBilling(null)} />}
      {receiving && <ReceivableLineDialog line={receiving} onClose={() => setReceiving(null)} />}
    </>
  );
}
