import type { UnitInAnalysis } from '@backoffice/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { visuallyHidden } from '@mui/utils';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { PRODUCTS_TEXTS } from '../texts';
import { UnitLookupDialog } from './unit-lookup-dialog';

const T = PRODUCTS_TEXTS.unitsInAnalysis;
const PAGE_SIZE = 10;

/**
 * 'Aparelhos em análise' (decision 0012): the phones that came back in an exchange or a return and wait
 * for a stocker's verdict, longest waiting first, a page at a time; 'Analisar' opens the phone in
 * 'Consultar IMEI', where it is released to stock or written off (the list reads again after either).
 */
export function UnitsInAnalysisDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const phone = useMediaQuery('(max-width:599.95px)');
  const [page, setPage] = useState(0);
  const [imei, setImei] = useState<string | null>(null);
  // Under 'products': a release or a write-off (which invalidate it) reads the list again.
  const list = useQuery({
    queryKey: ['products', 'units-in-analysis', page] as const,
    queryFn: () =>
      api<{ data: UnitInAnalysis[]; total: number }>('/units/in-analysis', { query: { page, items: PAGE_SIZE } }),
    enabled: open,
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.data ?? [];
  return (
    <>
      <Dialog
        open={open && imei === null}
        onClose={onClose}
        fullWidth
        maxWidth="md"
        fullScreen={phone}
        aria-labelledby="units-in-analysis-title"
      >
        <DialogTitle id="units-in-analysis-title">{T.title}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {T.hint}
          </Typography>
          {list.isPending ? (
            <CircularProgress size={24} aria-label={T.loading} />
          ) : list.isError ? (
            <Alert severity="error">{T.failed}</Alert>
          ) : rows.length === 0 ? (
            <Alert severity="success">{T.empty}</Alert>
          ) : (
            <>
              {phone ? (
                // On a phone, one card a phone: every column and its button fit the screen.
                <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={T.title}>
                  {rows.map((unit) => (
                    <Box
                      component="li"
                      key={unit.imei}
                      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
                    >
                      <Typography sx={{ fontFamily: 'monospace', fontWeight: 600 }}>{unit.imei}</Typography>
                      <Typography variant="body2">{unit.product.name}</Typography>
                      <Typography variant="body2" color="text.secondary">
                        {T.columns.order} {unit.order?.code ?? '—'} · {unit.customer?.name ?? '—'}
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        {T.columns.returnedAt} {formatDateTime(unit.returnedAt)}
                      </Typography>
                      <Button size="small" onClick={() => setImei(unit.imei)} aria-label={T.analyse(unit.imei)}>
                        {T.analyseButton}
                      </Button>
                    </Box>
                  ))}
                </Stack>
              ) : (
                <TableContainer>
                  <Table size="small" aria-labelledby="units-in-analysis-title">
                    <TableHead>
                      <TableRow>
                        <TableCell>{T.columns.imei}</TableCell>
                        <TableCell>{T.columns.product}</TableCell>
                        <TableCell>{T.columns.order}</TableCell>
                        <TableCell>{T.columns.customer}</TableCell>
                        <TableCell>{T.columns.returnedAt}</TableCell>
                        <TableCell>
                          <Box component="span" sx={visuallyHidden}>
                            {T.columns.action}
                          </Box>
                        </TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {rows.map((unit) => (
                        <TableRow key={unit.imei}>
                          <TableCell sx={{ fontFamily: 'monospace' }}>{unit.imei}</TableCell>
                          <TableCell>{unit.product.name}</TableCell>
                          <TableCell>{unit.order?.code ?? '—'}</TableCell>
                          <TableCell>{unit.customer?.name ?? '—'}</TableCell>
                          <TableCell>{formatDateTime(unit.returnedAt)}</TableCell>
                          <TableCell align="right">
                            <Button size="small" onClick={() => setImei(unit.imei)} aria-label={T.analyse(unit.imei)}>
                              {T.analyseButton}
                            </Button>
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </TableContainer>
              )}
              <TablePagination
                component="div"
                count={list.data?.total ?? 0}
                page={page}
                onPageChange={(_event, next) => setPage(next)}
                rowsPerPage={PAGE_SIZE}
                rowsPerPageOptions={[]}
              />
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{T.close}</Button>
        </DialogActions>
      </Dialog>
      <UnitLookupDialog open={imei !== null} imei={imei} onClose={() => setImei(null)} />
    </>
  );
}
