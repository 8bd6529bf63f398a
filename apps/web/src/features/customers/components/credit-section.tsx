import { type Customer, formatCreditTerms, PERMISSIONS } from '@backoffice/contract';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { formatDate, formatMoney } from '../../../lib/format';
import { hasPermission, useSession } from '../../../lib/session';
import { customerCreditQuery } from '../api/credit-api';
import { failureText } from '../api/customers-api';
import { CUSTOMERS_TEXTS } from '../texts';
import { CreditDialog } from './credit-dialog';

const T = CUSTOMERS_TEXTS.credit;

/** Who may read a customer's credit (GET /customers/{id}/credit): the server's rule; full access passes. */
const READERS = [PERMISSIONS.customers, PERMISSIONS.internalSales, PERMISSIONS.orders, PERMISSIONS.credit];

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0, mb: { xs: 1, sm: 0 } }}>
        {children}
      </Box>
    </>
  );
}

/** What he owes against his limit: the sum, and a bar of how much of the limit it takes (red above it). */
function Exposure({ total, limit }: { total: number; limit: number | null }) {
  if (limit === null || limit <= 0) return <Typography variant="body2">{formatMoney(total)}</Typography>;
  const share = Math.round((total / limit) * 100);
  return (
    <Box sx={{ maxWidth: 360 }}>
      <Typography variant="body2">{T.exposureOfLimit(formatMoney(total), formatMoney(limit))}</Typography>
      <LinearProgress
        variant="determinate"
        value={Math.min(100, Math.max(0, share))}
        color={share > 100 ? 'error' : share >= 80 ? 'warning' : 'primary'}
        aria-label={T.exposure}
        sx={{ mt: 0.5, height: 6, borderRadius: 3 }}
      />
    </Box>
  );
}

/**
 * 'Crédito' in the customer's details (issue 40 §1): the limit ('Sem crédito: só vendas à vista.' without one),
 * what he owes when the server says it (open instalments, sales on credit not handed over, their sum against the
 * limit and what is left of it; his overdue instalments, issue 40 §2), the plans allowed as chips and who changed
 * them last. 'Alterar crédito' for 'Crédito e cobrança'. Not drawn,
 * nor read, for whoever may not read it (the server would answer 403).
 */
export function CreditSection({ customer }: { customer: Customer }) {
  useSession(); // re-render when the session changes
  const canRead = hasPermission(...READERS);
  const canChange = hasPermission(PERMISSIONS.credit);
  const credit = useQuery({ ...customerCreditQuery(customer.id), enabled: canRead });
  const [editing, setEditing] = useState(false);
  if (!canRead) return null;
  const data = credit.data;
  const changed = data?.updatedAt
    ? data.updatedBy
      ? T.changedBy(data.updatedBy.name, formatDate(data.updatedAt))
      : T.changedOn(formatDate(data.updatedAt))
    : null;
  return (
    <Box component="section" aria-labelledby="credit-section-title" sx={{ mb: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <Typography id="credit-section-title" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {T.title}
        </Typography>
        {canChange && data ? (
          <Button
            size="small"
            variant="outlined"
            startIcon={<EditOutlinedIcon />}
            onClick={() => setEditing(true)}
            sx={{ ml: 'auto' }}
          >
            {T.change}
          </Button>
        ) : null}
      </Box>
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}>
        {credit.isPending ? <LinearProgress aria-label={T.title} /> : null}
        {credit.isError ? <Alert severity="error">{failureText(credit.error, T.loadFailed)}</Alert> : null}
        {data ? (
          <>
            <Box
              component="dl"
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
                alignItems: 'center',
                columnGap: 3,
                rowGap: 1,
                m: 0,
              }}
            >
              <Line label={T.limit}>
                <Typography variant="body2">{data.limit === null ? T.noCredit : formatMoney(data.limit)}</Typography>
              </Line>
              {data.exposure ? (
                <>
                  <Line label={T.openInstalments}>
                    <Typography variant="body2">{formatMoney(data.exposure.openInstalments)}</Typography>
                  </Line>
                  <Line label={T.undelivered}>
                    <Typography variant="body2">{formatMoney(data.exposure.undelivered)}</Typography>
                  </Line>
                  <Line label={T.exposure}>
                    <Exposure total={data.exposure.total} limit={data.limit} />
                  </Line>
                  {data.exposure.available !== null ? (
                    <Line label={T.available}>
                      <Typography
                        variant="body2"
                        color={data.exposure.available < 0 ? 'error' : 'text.primary'}
                        sx={{ fontWeight: 600 }}
                      >
                        {formatMoney(data.exposure.available)}
                      </Typography>
                    </Line>
                  ) : null}
                </>
              ) : null}
              {data.overdue && data.overdue.count > 0 ? (
                <Line label={T.overdue}>
                  <Typography variant="body2" color="error">
                    {T.overdueLine(data.overdue.count, formatMoney(data.overdue.amount), data.overdue.maxDaysLate)}
                  </Typography>
                </Line>
              ) : null}
              <Line label={T.terms}>
                {data.terms.length > 0 ? (
                  <Box
                    component="ul"
                    aria-label={T.terms}
                    sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, m: 0 }}
                  >
                    {data.terms.map((days) => (
                      <Box component="li" key={days.join('/')} sx={{ listStyle: 'none' }}>
                        <Chip size="small" label={formatCreditTerms(days)} />
                      </Box>
                    ))}
                  </Box>
                ) : (
                  <Typography variant="body2" color="text.secondary">
                    {T.noTerms}
                  </Typography>
                )}
              </Line>
            </Box>
            {changed ? (
              <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1.5 }}>
                {changed}
              </Typography>
            ) : null}
          </>
        ) : null}
      </Box>
      {editing && data ? <CreditDialog customer={customer} credit={data} onClose={() => setEditing(false)} /> : null}
    </Box>
  );
}
