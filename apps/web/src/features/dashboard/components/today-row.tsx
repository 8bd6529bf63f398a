import {
  ORDER_STATUS_LABELS,
  type OrderStatusKey,
  PERMISSIONS,
  salesChangePercent,
  weekdayOf,
} from '@backoffice/contract';
import AccountBalanceWalletOutlinedIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import EventNoteOutlinedIcon from '@mui/icons-material/EventNoteOutlined';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatMoney } from '../../../lib/format';
import { hasPermission, useSession } from '../../../lib/session';
import { useDashboardToday, useReceivablesSummary } from '../api/dashboard-api';
import { DASHBOARD_TEXTS as T } from '../texts';

const CARD = { flex: '1 1 180px', minWidth: 0 } as const;

/** A figure of today leading to the screen that handles it. */
function TodayCard({
  icon,
  label,
  value,
  note,
  to,
  loading,
}: {
  icon: ReactNode;
  label: string;
  value: string;
  note?: string;
  to: string;
  loading: boolean;
}) {
  return (
    <Card sx={CARD}>
      <CardActionArea component={RouterLink} to={to} sx={{ p: 2, height: '100%' }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          {icon}
          <div>
            <Typography variant="h5" component="p" sx={{ fontWeight: 600, minHeight: 36 }}>
              {loading ? <CircularProgress size={24} aria-label={label} /> : value}
            </Typography>
            <Typography color="text.secondary">{label}</Typography>
            {note ? (
              <Typography variant="body2" color="text.secondary">
                {note}
              </Typography>
            ) : null}
          </div>
        </Stack>
      </CardActionArea>
    </Card>
  );
}

/** An amount kept on one line (R$ and its figure together). */
function Amount({ value }: { value: number }) {
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
      {formatMoney(value)}
    </Box>
  );
}

/**
 * 'A receber hoje / vencido' (issue 40 §2) for who may read the receivables (the desk, 'Crédito e cobrança'):
 * what the open instalments due today ask, and the overdue ones, each a link to its situation on Contas a receber.
 */
function ReceivablesCard() {
  useSession(); // re-render when the session changes
  const allowed = hasPermission(PERMISSIONS.orders, PERMISSIONS.credit);
  const summary = useReceivablesSummary(allowed);
  if (!allowed || summary.isError) return null;
  const data = summary.data;
  return (
    <Card component="section" aria-labelledby="today-receivables" sx={{ ...CARD, flex: '1.2 1 220px', p: 2 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
        <AccountBalanceWalletOutlinedIcon color="primary" sx={{ fontSize: 40 }} />
        <div>
          <Typography id="today-receivables" color="text.secondary">
            {T.receivablesDue}
          </Typography>
          {!data ? (
            <CircularProgress size={24} aria-label={T.receivablesDue} />
          ) : (
            <Stack component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
              <li>
                <Link component={RouterLink} to="/admin/receivables?status=dueToday" underline="hover">
                  <Amount value={data.today.amount} />
                  {T.receivablesToday(data.today.count)}
                </Link>
              </li>
              <li>
                <Link
                  component={RouterLink}
                  to="/admin/receivables?status=overdue"
                  underline="hover"
                  color={data.overdue.count > 0 ? 'error' : 'primary'}
                >
                  <Amount value={data.overdue.amount} />
                  {T.receivablesOverdue(data.overdue.count)}
                </Link>
              </li>
            </Stack>
          )}
        </div>
      </Stack>
    </Card>
  );
}

/**
 * The dashboard's first row (issue 20 §4): sales today against the same weekday last week, the orders
 * waiting at each stage (each a link to its status on /admin/orders), the cash the couriers collect today, and
 * for who holds bo:manage:purchases 'A pagar nos próximos 7 dias' (issue 39), the overdue bills apart, and for
 * the desk and 'Crédito e cobrança' 'A receber hoje / vencido' (issue 40 §2).
 */
export function TodayRow() {
  const today = useDashboardToday();
  const data = today.data;
  const loading = today.isPending;
  const weekday = data ? weekdayOf(data.day) : 0;
  const waiting = (data?.waiting ?? []).filter((w) => w.orders > 0);
  if (today.isError)
    return (
      <Typography role="alert" color="error" sx={{ mb: 2 }}>
        {T.todayError}
      </Typography>
    );
  return (
    <>
      <TodayCard
        icon={<ReceiptLongOutlinedIcon color="primary" sx={{ fontSize: 40 }} />}
        label={T.salesToday}
        value={data ? formatMoney(data.salesToday) : '–'}
        note={
          data ? T.salesChange(salesChangePercent(data.salesToday, data.salesSameWeekdayLastWeek), weekday) : undefined
        }
        to="/admin/orders"
        loading={loading}
      />
      <Card component="section" aria-labelledby="today-waiting" sx={{ ...CARD, flex: '1.5 1 240px', p: 2 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
          <LocalShippingOutlinedIcon color="primary" sx={{ fontSize: 40 }} />
          <div>
            <Typography id="today-waiting" color="text.secondary">
              {T.ordersWaiting}
            </Typography>
            {loading ? (
              <CircularProgress size={24} aria-label={T.ordersWaiting} />
            ) : waiting.length === 0 ? (
              <Typography variant="body2">{T.noOrdersWaiting}</Typography>
            ) : (
              <Stack component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {waiting.map((w) => (
                  <li key={w.status}>
                    <Link component={RouterLink} to={`/admin/orders?status=${w.status}`} underline="hover">
                      <strong>{w.orders}</strong> {ORDER_STATUS_LABELS[w.status as OrderStatusKey] ?? w.status}
                    </Link>
                  </li>
                ))}
              </Stack>
            )}
          </div>
        </Stack>
      </Card>
      <TodayCard
        icon={<PaymentsOutlinedIcon color="primary" sx={{ fontSize: 40 }} />}
        label={T.cashToCollect}
        value={data ? formatMoney(data.cashToCollect) : '–'}
        note={data ? T.cashOrders(data.cashOrders) : undefined}
        to="/admin/dispatch"
        loading={loading}
      />
      {data?.payablesDue ? (
        <TodayCard
          icon={<EventNoteOutlinedIcon color="primary" sx={{ fontSize: 40 }} />}
          label={T.payablesDue}
          value={formatMoney(data.payablesDue.next7Days.amount)}
          note={T.payablesDueNote(
            data.payablesDue.next7Days.count,
            data.payablesDue.overdue.count,
            formatMoney(data.payablesDue.overdue.amount),
          )}
          to="/admin/payables"
          loading={false}
        />
      ) : null}
      <ReceivablesCard />
    </>
  );
}
