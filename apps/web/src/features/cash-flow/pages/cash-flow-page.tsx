import type { CashFlowGrain, CashFlowRow } from '@backoffice/contract';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { GridColDef } from '@mui/x-data-grid';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { DataTable } from '../../../components/data-table';
import { moneyColumn } from '../../../components/data-table-csv';
import { ExportCsvButton } from '../../../components/export-csv-button';
import { FormMoneyField } from '../../../components/form/form-money-field';
import { PageHeader } from '../../../components/page-header';
import { formatDate, formatMoney } from '../../../lib/format';
import { type CashFlowParams, downloadCashFlowCsv, useCashFlow } from '../api/cash-flow-api';
import { CASH_FLOW_PAGE_TEXTS as T } from '../texts';

const CashFlowChart = lazy(() => import('../components/cash-flow-chart'));

/** How long the typed balance rests before it is asked for (each key would be a request). */
const TYPING_MS = 400;
/** The rows scroll inside the table (180 days would make a page of metres). */
const TABLE_HEIGHT = 560;
/** On a phone the period, its net and the balance fit; the rest under 'Colunas'. */
const PHONE_HIDDEN = ['received', 'paid', 'toReceive', 'toPay'];

const periodOf = (row: CashFlowRow) =>
  row.start === row.end ? formatDate(row.start) : `${formatDate(row.start)}–${formatDate(row.end)}`;

const COLUMNS: GridColDef<CashFlowRow>[] = [
  {
    field: 'start',
    headerName: T.period,
    minWidth: 120,
    flex: 1.4,
    sortable: false,
    valueGetter: (_value, row) => periodOf(row),
  },
  { field: 'received', headerName: T.received, minWidth: 110, flex: 1, sortable: false, ...moneyColumn },
  { field: 'paid', headerName: T.paid, minWidth: 110, flex: 1, sortable: false, ...moneyColumn },
  { field: 'toReceive', headerName: T.toReceive, minWidth: 110, flex: 1, sortable: false, ...moneyColumn },
  { field: 'toPay', headerName: T.toPay, minWidth: 110, flex: 1, sortable: false, ...moneyColumn },
  { field: 'net', headerName: T.net, minWidth: 135, flex: 1, sortable: false, ...moneyColumn },
  { field: 'balance', headerName: T.balance, minWidth: 120, flex: 1, sortable: false, ...moneyColumn },
];

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
        {value}
      </Typography>
    </div>
  );
}

/** The typed balance once it has rested `TYPING_MS`. */
function useSettled(value: number): number {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), TYPING_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

/**
 * 'Fluxo de caixa' (issue 40 §4, issue 54 §3): what was received and paid in the last 90 days and today and what is
 * to be received and paid in the next 90, by day or week; the balance carried from 'Saldo de hoje' (typed, sent to
 * the server); what is overdue apart ('Vencido', outside the balance); a chart of the money in and out with the
 * balance's line, the rows, their totals and the server's CSV.
 */
export default function CashFlowPage() {
  const phone = useMediaQuery('(max-width:599.95px)', { noSsr: true });
  const [grain, setGrain] = useState<CashFlowGrain>('day');
  const { control } = useForm<{ opening: number | null }>({ defaultValues: { opening: 0 } });
  const opening = useSettled(useWatch({ control, name: 'opening' }) ?? 0);
  const params: CashFlowParams = { grain, openingBalance: opening };
  const flow = useCashFlow(params);
  const data = flow.data;
  const closing = data?.rows.at(-1)?.balance ?? null;

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <PageHeader
        title={T.title}
        actions={
          <ExportCsvButton text={T.exportCsv} failedText={T.csvFailed} download={() => downloadCashFlowCsv(params)} />
        }
      />
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        <FormMoneyField
          control={control}
          name="opening"
          valueAs="number"
          allowNegative
          label={T.opening}
          size="small"
          helperText={T.openingHelp}
          sx={{ width: { xs: '100%', sm: 280 } }}
        />
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          value={grain}
          onChange={(_event, value: CashFlowGrain | null) => {
            if (value) setGrain(value);
          }}
          aria-label={T.grain}
        >
          <ToggleButton value="day">{T.day}</ToggleButton>
          <ToggleButton value="week">{T.week}</ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      {flow.isError && !data ? <Typography color="error">{T.loadFailed}</Typography> : null}
      {data ? (
        <>
          <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={T.totals}>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {T.range(formatDate(data.from), formatDate(data.today), formatDate(data.to))}
            </Typography>
            <Box
              sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(5, 1fr)' }, gap: 1 }}
              data-testid="cash-flow-totals"
            >
              <Figure label={T.received} value={formatMoney(data.totals.received)} />
              <Figure label={T.paid} value={formatMoney(data.totals.paid)} />
              <Figure label={T.toReceive} value={formatMoney(data.totals.toReceive)} />
              <Figure label={T.toPay} value={formatMoney(data.totals.toPay)} />
              <Figure label={T.closing} value={formatMoney(closing)} />
            </Box>
          </Paper>
          <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={T.overdue}>
            <Typography variant="subtitle2" component="h2">
              {T.overdue}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {T.overdueHelp}
            </Typography>
            <Box
              sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(5, 1fr)' }, gap: 1 }}
              data-testid="cash-flow-overdue"
            >
              <Figure label={T.overdueToReceive} value={formatMoney(data.overdue.toReceive)} />
              <Figure label={T.overdueToPay} value={formatMoney(data.overdue.toPay)} />
            </Box>
          </Paper>
          <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 } }}>
            <Suspense fallback={<CircularProgress size={24} />}>
              <CashFlowChart rows={data.rows} />
            </Suspense>
          </Paper>
        </>
      ) : null}
      <Paper variant="outlined">
        <DataTable<CashFlowRow>
          rows={data?.rows ?? []}
          columns={COLUMNS}
          getRowId={(row) => row.start}
          loading={flow.isFetching}
          label={T.table}
          emptyText={flow.isError ? T.loadFailed : T.empty}
          selection="none"
          pageSize={100}
          pageSizeOptions={[25, 50, 100]}
          height={TABLE_HEIGHT}
          hideExport
          initialHiddenColumns={phone ? PHONE_HIDDEN : []}
        />
      </Paper>
    </Box>
  );
}
