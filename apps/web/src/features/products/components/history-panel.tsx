import {
  type InventoryHistoryRow,
  PRODUCT_HISTORY_LABELS,
  type ProductHistoryType,
  type ProductListItem,
  type PurchaseHistoryRow,
  type SalesHistoryRow,
  type StockChangeRow,
} from '@backoffice/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { DataTable } from '../../../components/data-table';
import { moneyColumn } from '../../../components/data-table-csv';
import { FormDateField } from '../../../components/form/form-date-field';
import { FormSelectField } from '../../../components/form/form-select-field';
import { defaultPeriodDates, QuickPeriods } from '../../../components/form/quick-periods';
import { SubmitButton } from '../../../components/form/submit-button';
import { useNotify } from '../../../components/notifier';
import { firstError } from '../../../lib/api-client';
import { dayPeriodOf, formatDateTime } from '../../../lib/format';
import { fetchHistory, type HistoryRows } from '../api/products-api';
import { type HistoryFormValues, historyFormSchema } from '../schemas';
import { PRODUCTS_TEXTS } from '../texts';

const T = PRODUCTS_TEXTS.history;
const C = T.columns;

const dateTime = (value: string) => formatDateTime(value);
const int = { type: 'number' as const, align: 'right' as const, headerAlign: 'right' as const };
const money = { ...int, ...moneyColumn };

type Row<R> = R & { id: number };

const salesColumns: GridColDef<Row<SalesHistoryRow>>[] = [
  { field: 'orderCode', headerName: C.orderCode, minWidth: 110, flex: 0.6 },
  { field: 'customerName', headerName: C.customerName, minWidth: 160, flex: 1 },
  { field: 'customerEmail', headerName: C.customerEmail, minWidth: 180, flex: 1 },
  { field: 'salesDate', headerName: C.salesDate, minWidth: 165, flex: 0.8, valueFormatter: dateTime },
  { field: 'quantity', headerName: C.quantity, minWidth: 100, flex: 0.5, ...int },
  { field: 'unitPrice', headerName: C.unitPrice, minWidth: 120, flex: 0.6, ...money },
  { field: 'totalSold', headerName: C.totalSold, minWidth: 125, flex: 0.6, ...money },
];
/** A phone's sales name the units that went to each order (issue 17 §3): one more column, the IMEIs. */
const imeiColumn: GridColDef<Row<SalesHistoryRow>> = {
  field: 'imeis',
  headerName: C.imeis,
  minWidth: 170,
  flex: 1,
  sortable: false,
  valueGetter: (_value, row) => row.imeis?.join(', ') ?? '',
};
const salesColumnsOf = (rows: readonly SalesHistoryRow[]) =>
  rows.some((row) => row.imeis) ? [...salesColumns.slice(0, 4), imeiColumn, ...salesColumns.slice(4)] : salesColumns;

const purchaseColumns: GridColDef<Row<PurchaseHistoryRow>>[] = [
  { field: 'costBefore', headerName: C.costBefore, minWidth: 120, flex: 0.6, ...money },
  { field: 'entryUnitCost', headerName: C.entryUnitCost, minWidth: 130, flex: 0.6, ...money },
  { field: 'costAfter', headerName: C.costAfter, minWidth: 110, flex: 0.6, ...money },
  { field: 'quantity', headerName: C.quantity, minWidth: 100, flex: 0.5, ...int },
  { field: 'quantityBefore', headerName: C.quantityBefore, minWidth: 125, flex: 0.6, ...int },
  { field: 'actualQuantity', headerName: C.actualQuantity, minWidth: 115, flex: 0.6, ...int },
  { field: 'source', headerName: C.source, minWidth: 150, flex: 1 },
  { field: 'who', headerName: C.who, minWidth: 140, flex: 0.9 },
  { field: 'when', headerName: C.when, minWidth: 165, flex: 0.8, valueFormatter: dateTime },
];

const inventoryColumns: GridColDef<Row<InventoryHistoryRow>>[] = [
  { field: 'stockBefore', headerName: C.stockBefore, minWidth: 140, flex: 0.6, ...int },
  { field: 'stockAfter', headerName: C.stockAfter, minWidth: 140, flex: 0.6, ...int },
  { field: 'who', headerName: C.who, minWidth: 160, flex: 1 },
  { field: 'when', headerName: C.when, minWidth: 170, flex: 0.8, valueFormatter: dateTime },
];

const stockColumns: GridColDef<Row<StockChangeRow>>[] = [
  { field: 'stockBefore', headerName: C.stockBefore, minWidth: 130, flex: 0.6, ...int },
  { field: 'input', headerName: C.input, minWidth: 80, flex: 0.4, ...int },
  { field: 'output', headerName: C.output, minWidth: 80, flex: 0.4, ...int },
  { field: 'stockAfter', headerName: C.stockAfter, minWidth: 135, flex: 0.6, ...int },
  { field: 'eventType', headerName: C.eventType, minWidth: 150, flex: 0.9 },
  { field: 'note', headerName: C.note, minWidth: 130, flex: 0.9 },
  { field: 'who', headerName: C.who, minWidth: 140, flex: 0.9 },
  { field: 'when', headerName: C.when, minWidth: 165, flex: 0.8, valueFormatter: dateTime },
];

type Result = { [K in ProductHistoryType]: { type: K; rows: Row<HistoryRows[K][number]>[] } }[ProductHistoryType];

const TYPES = Object.entries(PRODUCT_HISTORY_LABELS).map(([value, label]) => ({ value, label }));

function ResultTable({ result }: { result: Result }) {
  const common = {
    emptyText: T.empty,
    selection: 'none' as const,
    csvFileName: 'historico',
    label: PRODUCT_HISTORY_LABELS[result.type],
    title: PRODUCT_HISTORY_LABELS[result.type],
  };
  switch (result.type) {
    case 1:
      return <DataTable rows={result.rows} columns={salesColumnsOf(result.rows)} {...common} />;
    case 2:
      return <DataTable rows={result.rows} columns={purchaseColumns} {...common} />;
    case 3:
      return <DataTable rows={result.rows} columns={inventoryColumns} {...common} />;
    default:
      return <DataTable rows={result.rows} columns={stockColumns} {...common} />;
  }
}

/** 'Histórico do Produto': type (Vendas, Compras, Inventário, Alterações de estoque), period, Gerar. */
export function HistoryPanel({ product, onClose }: { product: ProductListItem; onClose: () => void }) {
  const notify = useNotify();
  const [result, setResult] = useState<Result | null>(null);
  const {
    control,
    handleSubmit,
    setValue,
    formState: { isValid, isSubmitting },
  } = useForm<HistoryFormValues>({
    resolver: zodResolver(historyFormSchema),
    mode: 'onChange',
    defaultValues: { type: '', ...defaultPeriodDates() },
  });

  const generate = handleSubmit(async (values) => {
    if (!values.start || !values.end) return;
    const type = Number(values.type) as ProductHistoryType;
    const { start, end } = dayPeriodOf(values.start, values.end);
    try {
      const rows = await fetchHistory(type, product.id, start, end);
      setResult({ type, rows: rows.map((row, id) => ({ ...row, id })) } as Result);
    } catch (error) {
      notify.error(firstError(error, PRODUCTS_TEXTS.errors.history));
    }
  });

  return (
    <Card component="section" aria-label={T.title(product.name)}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {T.title(product.name)}
        </Typography>
        <form noValidate onSubmit={generate}>
          <Grid container spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Grid size={12}>
              <QuickPeriods
                onPick={({ start, end }) => {
                  setValue('start', start, { shouldValidate: true });
                  setValue('end', end, { shouldValidate: true });
                }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <FormSelectField
                control={control}
                name="type"
                label={T.type}
                required
                options={TYPES}
                helperText={null}
              />
            </Grid>
            {(['start', 'end'] as const).map((name) => (
              <Grid key={name} size={{ xs: 12, sm: 3 }}>
                <FormDateField
                  control={control}
                  name={name}
                  label={name === 'start' ? T.start : T.end}
                  format="DD/MM/YYYY"
                  textField={{ required: true, size: 'small' }}
                  helperText={null}
                />
              </Grid>
            ))}
            <Grid size={{ xs: 12, sm: 2 }}>
              <Box sx={{ display: 'flex', gap: 1, pt: 1 }}>
                <SubmitButton spinner="replace" disabled={!isValid} busy={isSubmitting} sx={{ minWidth: 88 }}>
                  {T.generate}
                </SubmitButton>
                <Button onClick={onClose}>{T.close}</Button>
              </Box>
            </Grid>
          </Grid>
        </form>
        {result ? (
          <Box sx={{ mt: 3 }}>
            <ResultTable result={result} />
          </Box>
        ) : null}
      </CardContent>
    </Card>
  );
}
