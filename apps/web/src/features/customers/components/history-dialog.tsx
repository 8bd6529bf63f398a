import { businessDay, type Customer, type CustomerHistory, type CustomerHistoryOrder } from '@backoffice/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Collapse from '@mui/material/Collapse';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormDateField } from '../../../components/form/form-date-field';
import { FormSelectField } from '../../../components/form/form-select-field';
import { defaultPeriodDates, QuickPeriods } from '../../../components/form/quick-periods';
import { SubmitButton } from '../../../components/form/submit-button';
import { saveCsvText } from '../../../lib/download';
import { dayPeriodOf, formatDateTime, formatMoney } from '../../../lib/format';
import { failureText, fetchCustomerHistory } from '../api/customers-api';
import { historyToCsv } from '../lib/history-csv';
import { type HistoryFormInput, type HistoryFormOutput, historyFormSchema } from '../schemas';
import { CUSTOMERS_TEXTS } from '../texts';

const T = CUSTOMERS_TEXTS.history;
const ORDERS = 'orders';

export type HistoryLoader = (id: number, start: string, end: string) => Promise<CustomerHistory>;

/** 'Pedidos' over the period every report and history starts with (the shared quick-period default). */
function defaults(): HistoryFormInput {
  return { type: ORDERS, ...defaultPeriodDates() };
}

function OrderRow({ order }: { order: CustomerHistoryOrder }) {
  const [open, setOpen] = useState(true);
  const itemsTotal = order.items.reduce((sum, item) => sum + item.total, 0);
  return (
    <>
      <TableRow sx={{ '& > td': { borderBottom: open ? 'unset' : undefined } }}>
        <TableCell sx={{ fontWeight: 600 }}>{order.code}</TableCell>
        <TableCell>{order.status}</TableCell>
        <TableCell>{formatDateTime(order.purchasedAt)}</TableCell>
        <TableCell align="right">{formatMoney(order.totalOrder)}</TableCell>
        <TableCell align="center">
          <IconButton
            size="small"
            aria-label={`${open ? T.collapse : T.expand} ${order.code}`}
            aria-expanded={open}
            onClick={() => setOpen(!open)}
          >
            {open ? <KeyboardArrowUpIcon /> : <KeyboardArrowDownIcon />}
          </IconButton>
        </TableCell>
      </TableRow>
      <TableRow>
        <TableCell colSpan={5} sx={{ py: 0, bgcolor: 'grey.50' }}>
          <Collapse in={open} timeout="auto" unmountOnExit>
            <Box sx={{ my: 1.5, mx: { xs: 0, sm: 2 } }}>
              <Table size="small" aria-label={`${T.details} ${order.code}`} sx={{ tableLayout: 'fixed' }}>
                <TableHead>
                  <TableRow>
                    <TableCell sx={{ fontWeight: 600 }}>{T.product}</TableCell>
                    <TableCell sx={{ fontWeight: 600, width: 120 }} align="right">
                      {T.quantity}
                    </TableCell>
                    <TableCell sx={{ fontWeight: 600, width: 160 }} align="right">
                      {T.unitPrice}
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {order.items.map((item) => (
                    <TableRow key={item.id}>
                      <TableCell>
                        {item.name}
                        {item.imeis && (
                          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                            {T.imeis(item.imeis)}
                          </Typography>
                        )}
                      </TableCell>
                      <TableCell align="right">{item.quantity}</TableCell>
                      <TableCell align="right">{formatMoney(item.unitPrice)}</TableCell>
                    </TableRow>
                  ))}
                  <TableRow>
                    <TableCell colSpan={2} align="right" sx={{ fontWeight: 600, borderBottom: 0 }}>
                      {T.itemsTotal}
                    </TableCell>
                    <TableCell align="right" sx={{ fontWeight: 600, borderBottom: 0 }}>
                      {formatMoney(itemsTotal)}
                    </TableCell>
                  </TableRow>
                </TableBody>
              </Table>
            </Box>
          </Collapse>
        </TableCell>
      </TableRow>
    </>
  );
}

function HistoryTable({ history }: { history: CustomerHistory }) {
  if (history.orders.length === 0) return <Alert severity="info">{T.empty}</Alert>;
  return (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" aria-label={T.title('')}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ fontWeight: 600 }}>{T.code}</TableCell>
            <TableCell sx={{ fontWeight: 600 }}>{T.status}</TableCell>
            <TableCell sx={{ fontWeight: 600 }}>{T.purchasedAt}</TableCell>
            <TableCell sx={{ fontWeight: 600 }} align="right">
              {T.total}
            </TableCell>
            <TableCell sx={{ fontWeight: 600 }} align="center">
              {T.details}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {history.orders.map((order) => (
            <OrderRow key={order.orderId} order={order} />
          ))}
        </TableBody>
        <TableFooter>
          <TableRow>
            <TableCell colSpan={3} align="right" sx={{ fontWeight: 700, fontSize: '0.95rem', color: 'text.primary' }}>
              {T.grandTotal}
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 700, fontSize: '0.95rem', color: 'text.primary' }}>
              {formatMoney(history.total)}
            </TableCell>
            <TableCell />
          </TableRow>
        </TableFooter>
      </Table>
    </TableContainer>
  );
}

export interface HistoryDialogProps {
  customer: Customer | null;
  onClose: () => void;
  /** Defaults to GET /reports/customer/histories/{id}/start/{s}/end/{e}. */
  loadHistory?: HistoryLoader;
}

/**
 * 'Histórico do Cliente {name}': type ('Pedidos'), start and end dates, 'Gerar' and 'Fechar'; the orders with
 * expandable item rows (open by default), 'Total de todos os pedidos:' and the historico.csv download.
 */
export function HistoryDialog({ customer, onClose, loadHistory = fetchCustomerHistory }: HistoryDialogProps) {
  const [history, setHistory] = useState<CustomerHistory | null>(null);
  const [error, setError] = useState<string | null>(null);
  const {
    control,
    handleSubmit,
    reset,
    setValue,
    formState: { isSubmitting },
  } = useForm<HistoryFormInput, unknown, HistoryFormOutput>({
    resolver: zodResolver(historyFormSchema),
    mode: 'onTouched',
    defaultValues: defaults(),
  });

  useEffect(() => {
    if (!customer) return;
    reset(defaults());
    setHistory(null);
    setError(null);
  }, [customer, reset]);

  if (!customer) return null;

  const generate = handleSubmit(async (values) => {
    setError(null);
    try {
      // An empty field is the business's today (not the browser's).
      const today = dayjs(businessDay(new Date()));
      const { start, end } = dayPeriodOf(values.start ?? today, values.end ?? today);
      setHistory(await loadHistory(customer.id, start, end));
    } catch (failure) {
      setHistory(null);
      setError(failureText(failure, CUSTOMERS_TEXTS.errors.load));
    }
  });

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="history-title">
      <DialogTitle id="history-title">{T.title(customer.name)}</DialogTitle>
      <DialogContent>
        <QuickPeriods
          onPick={({ start, end }) => {
            setValue('start', start, { shouldValidate: true });
            setValue('end', end, { shouldValidate: true });
          }}
        />
        <Stack
          component="form"
          noValidate
          onSubmit={generate}
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ pt: 1, mb: 2, alignItems: { sm: 'flex-start' } }}
        >
          <FormSelectField
            control={control}
            name="type"
            label={T.type}
            required
            options={[{ value: ORDERS, label: T.orders }]}
            helperText={null}
            sx={{ width: { sm: 200 }, flexShrink: 0 }}
          />
          {(['start', 'end'] as const).map((name) => (
            <FormDateField
              key={name}
              control={control}
              name={name}
              label={name === 'start' ? T.start : T.end}
              clearable
              textField={{ required: true, sx: { width: { sm: 190 }, flexShrink: 0 } }}
              helperText={null}
            />
          ))}
          <SubmitButton busy={isSubmitting} sx={{ minWidth: 110, height: 40, flexShrink: 0 }}>
            {T.generate}
          </SubmitButton>
        </Stack>
        {error ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        ) : null}
        {isSubmitting && !history ? (
          <Box role="progressbar" aria-label="Carregando" sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-hidden />
          </Box>
        ) : null}
        {history ? <HistoryTable history={history} /> : null}
        {history && history.orders.length > 0 ? (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
            {history.orders.length} pedido(s)
          </Typography>
        ) : null}
      </DialogContent>
      <DialogActions>
        {history && history.orders.length > 0 ? (
          <Button
            startIcon={<FileDownloadOutlinedIcon />}
            onClick={() => saveCsvText(T.csvFile, historyToCsv(history))}
            sx={{ mr: 'auto' }}
          >
            {T.csv}
          </Button>
        ) : null}
        <Button onClick={onClose} variant="outlined">
          {CUSTOMERS_TEXTS.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
