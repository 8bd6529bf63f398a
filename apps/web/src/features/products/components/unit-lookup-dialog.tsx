import { isValidImei, PERMISSIONS, UNIT_STATUS_LABELS, type Unit } from '@backoffice/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useApiMutation } from '../../../components/use-api-mutation';
import { api, firstError } from '../../../lib/api-client';
import { formatDate, formatDateTime } from '../../../lib/format';
import { hasPermission } from '../../../lib/session';
import { PRODUCTS_TEXTS } from '../texts';
import { SupplierReturnPanel } from './supplier-return-panel';

const T = PRODUCTS_TEXTS.unitLookup;

/** GET /units/{imei}: the phone by either IMEI (404 when none has it). */
function unitQuery(imei: string) {
  return {
    queryKey: ['units', 'byImei', imei] as const,
    queryFn: async () => (await api<{ data: Unit }>(`/units/${imei}`)).data,
    retry: false,
    staleTime: 0,
  };
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box sx={{ display: 'flex', gap: 2, py: 0.75, borderBottom: 1, borderColor: 'divider' }}>
      <Typography component="dt" sx={{ width: '40%', flexShrink: 0, fontWeight: 600, color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** The warranty in words: days left, over, not started (not yet with its customer), or none (it came back). */
function warrantyText(unit: Unit): string {
  if (unit.status === 'RETURNED' || unit.status === 'WRITTEN_OFF') return T.warrantyNone;
  if (unit.warrantyEndsAt === null || unit.warrantyDaysLeft === null) return T.warrantyNotStarted;
  if (unit.warrantyDaysLeft === 0) return T.warrantyOver(formatDate(unit.warrantyEndsAt));
  return T.warrantyLeft(unit.warrantyDaysLeft, formatDate(unit.warrantyEndsAt));
}

/**
 * 'Consultar IMEI' (issue 17 §4): typed or read by a barcode reader, an IMEI opens the phone: its product,
 * status, customer and order, its warranty (from delivery) and its history.
 */
export function UnitLookupDialog({
  open,
  onClose,
  imei,
}: {
  open: boolean;
  onClose: () => void;
  /** An IMEI to look up as it opens (a link such as /admin/products?imei=…, the command palette's). */
  imei?: string | null;
}) {
  const phone = useMediaQuery('(max-width:599.95px)');
  const [typed, setTyped] = useState('');
  const [asked, setAsked] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (open && imei && isValidImei(imei)) {
      setTyped(imei);
      setAsked(imei);
      setProblem(null);
    }
  }, [open, imei]);
  const unit = useQuery({ ...unitQuery(asked ?? ''), enabled: open && asked !== null });
  const [analysisProblem, setAnalysisProblem] = useState<string | null>(null);
  // A returned phone's analysis ends: released to stock (+1) or written off; the answer is the unit again.
  const analysis = useApiMutation<Unit, { imei: string; action: 'release' | 'write-off' }>({
    mutationFn: async ({ imei, action }) =>
      (await api<{ data: Unit }>(`/units/${imei}/${action}`, { method: 'POST' })).data,
    success: (_unit, { action }) => (action === 'release' ? T.released : T.writtenOff),
    failure: T.analysisFailed,
    update: (client, data) => client.setQueryData(unitQuery(asked ?? data.imei).queryKey, data),
    // The product's stock and the lists changed.
    invalidate: [['products']],
    errorInDialog: true,
    onError: (_error, message) => setAnalysisProblem(message),
    onSuccess: () => setAnalysisProblem(null),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isValidImei(typed)) {
      setProblem(typed.length < 15 ? T.incomplete : T.invalid);
      return;
    }
    setProblem(null);
    setAsked(typed);
  };
  const close = () => {
    setAnalysisProblem(null);
    setTyped('');
    setAsked(null);
    setProblem(null);
    onClose();
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" fullScreen={phone} aria-labelledby="unit-lookup-title">
      <DialogTitle id="unit-lookup-title">{T.title}</DialogTitle>
      <DialogContent dividers>
        <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <TextField
            label={T.field}
            value={typed}
            onChange={(event) => {
              setTyped(event.target.value.replace(/\D/g, '').slice(0, 15));
              setProblem(null);
            }}
            error={problem !== null}
            helperText={problem ?? T.hint}
            autoFocus
            fullWidth
            autoComplete="off"
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 15 } }}
          />
          <Button type="submit" variant="contained" sx={{ mt: 1, minHeight: 40 }}>
            {T.submit}
          </Button>
        </Box>
        {unit.isFetching ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
            <CircularProgress aria-label={T.loading} />
          </Box>
        ) : null}
        {unit.isError && !unit.isFetching ? (
          <Alert severity="warning" sx={{ mt: 2 }} role="alert">
            {firstError(unit.error, T.failed)}
          </Alert>
        ) : null}
        {unit.data && !unit.isFetching ? (
          <Box component="section" aria-label={T.result(unit.data.imei)} sx={{ mt: 2 }}>
            <Box component="dl" sx={{ m: 0 }}>
              <Row label={T.rows.product}>
                {unit.data.product.name} ({unit.data.product.code})
              </Row>
              <Row label={T.rows.imeis}>
                {unit.data.imei}
                {unit.data.imei2 ? ` · ${unit.data.imei2}` : ''}
              </Row>
              <Row label={T.rows.status}>
                <Chip size="small" label={UNIT_STATUS_LABELS[unit.data.status]} />
              </Row>
              <Row label={T.rows.customer}>{unit.data.customer?.name ?? T.none}</Row>
              <Row label={T.rows.order}>{unit.data.order?.code ?? T.none}</Row>
              <Row label={T.rows.delivered}>
                {unit.data.deliveredAt ? formatDateTime(unit.data.deliveredAt) : T.none}
              </Row>
              <Row label={T.rows.warranty}>{warrantyText(unit.data)}</Row>
            </Box>
            {unit.data.status === 'RETURNED' && hasPermission(PERMISSIONS.products) ? (
              <Box sx={{ mt: 2 }}>
                <Alert severity="info">{T.analysis}</Alert>
                <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }}>
                  <Button
                    variant="contained"
                    size="small"
                    disabled={analysis.isPending}
                    onClick={() => analysis.mutate({ imei: unit.data.imei, action: 'release' })}
                  >
                    {T.release}
                  </Button>
                  <Button
                    variant="outlined"
                    color="error"
                    size="small"
                    disabled={analysis.isPending}
                    onClick={() => analysis.mutate({ imei: unit.data.imei, action: 'write-off' })}
                  >
                    {T.writeOff}
                  </Button>
                </Box>
              </Box>
            ) : null}
            {(unit.data.status === 'RETURNED' || unit.data.status === 'IN_STOCK') &&
            hasPermission(PERMISSIONS.purchases) ? (
              <SupplierReturnPanel key={unit.data.imei} imei={unit.data.imei} />
            ) : null}
            {analysisProblem ? (
              <Alert severity="error" role="alert" sx={{ mt: 2 }}>
                {analysisProblem}
              </Alert>
            ) : null}
            <Typography variant="subtitle1" component="h3" sx={{ mt: 2, mb: 1, fontWeight: 600 }}>
              {T.history}
            </Typography>
            <Box component="ol" sx={{ m: 0, pl: 2.5 }}>
              {unit.data.history.map((event) => (
                <li key={`${event.at}:${event.event}`}>
                  <Typography variant="body2">
                    {formatDateTime(event.at)}: {event.event}
                    {event.orderCode ? ` · ${T.orderOf(event.orderCode)}` : ''}
                    {event.from ? ` · ${event.from}` : ''}
                    {event.employee ? ` · ${event.employee}` : ''}
                  </Typography>
                </li>
              ))}
            </Box>
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{T.close}</Button>
      </DialogActions>
    </Dialog>
  );
}
