import { AUDIT_PAGING, type AuditEntity, type AuditEntry, type AuditPage } from '@backoffice/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../lib/api-client';
import { formatDateTime } from '../lib/format';
import { createQueryKeys } from '../lib/query-keys';
import { AUDIT_HISTORY_TEXTS as T } from './audit-history-texts';

/** The record whose history is open: its entity, its id for GET /audit (the code for products and orders), its name. */
export interface AuditTarget {
  entity: AuditEntity;
  id: string | number;
  name: string;
}

export const auditKeys = createQueryKeys('audit');

export function fetchAuditPage(target: AuditTarget, page: number): Promise<AuditPage> {
  return api<AuditPage>('/audit', {
    query: { entity: target.entity, id: String(target.id), page, items: AUDIT_PAGING.defaultItems },
  });
}

function EntryCard({ entry }: { entry: AuditEntry }) {
  return (
    <Paper component="li" variant="outlined" sx={{ p: 1.5, listStyle: 'none' }}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
        <Chip label={entry.action} size="small" color="primary" variant="outlined" />
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {entry.employee?.name ?? T.system}
        </Typography>
        <Typography variant="body2" color="text.secondary" component="span">
          {formatDateTime(entry.at)}
        </Typography>
      </Stack>
      {entry.changes.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {T.noFields}
        </Typography>
      ) : (
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', rowGap: 0.5 }}>
          {entry.changes.map((change) => (
            <Box key={change.field} sx={{ overflowWrap: 'anywhere' }}>
              <Typography component="dt" variant="body2" sx={{ fontWeight: 600, display: 'inline' }}>
                {change.field}:{' '}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ display: 'inline', m: 0 }}>
                <Box component="span" sx={{ color: 'text.secondary' }}>
                  {change.from}
                </Box>
                <span aria-hidden="true"> → </span>
                <Box component="span" sx={visuallyHidden}>
                  {` ${T.to} `}
                </Box>
                <strong>{change.to}</strong>
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Paper>
  );
}

/**
 * "Histórico de alterações" of one record (issue 20 §3): who, when, the action and each field from → to,
 * newest first, 10 a page, as cards (readable on a phone). The labels and values come formatted from the API.
 */
export function AuditHistoryDialog({ target, onClose }: { target: AuditTarget | null; onClose: () => void }) {
  const [page, setPage] = useState(0);
  const key = target ? `${target.entity}:${target.id}` : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: back to the first page for another record
  useEffect(() => setPage(0), [key]);
  const query = useQuery({
    queryKey: auditKeys.list({ entity: target?.entity, id: target?.id, page }),
    queryFn: () => fetchAuditPage(target as AuditTarget, page),
    enabled: target !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const total = query.data?.total ?? 0;
  const pages = Math.ceil(total / AUDIT_PAGING.defaultItems);

  return (
    <Dialog open={target !== null} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="audit-history-title">
      <DialogTitle id="audit-history-title">{target ? T.title(target.name) : T.action}</DialogTitle>
      {/* Focusable: a long history scrolls, and a keyboard must reach it too (WCAG 2.1.1). */}
      <DialogContent dividers tabIndex={0}>
        {query.isFetching ? <LinearProgress aria-label={T.loading} sx={{ mb: 1 }} /> : null}
        {query.isError ? <Alert severity="error">{T.failed}</Alert> : null}
        {query.data && query.data.total === 0 ? <Typography>{T.empty}</Typography> : null}
        {query.data && query.data.total > 0 ? (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {T.total(total)}
            </Typography>
            <Stack component="ol" spacing={1.5} sx={{ p: 0, m: 0 }} aria-label={T.list}>
              {query.data.data.map((entry) => (
                <EntryCard key={entry.id} entry={entry} />
              ))}
            </Stack>
          </>
        ) : null}
        {pages > 1 ? (
          <Pagination
            sx={{ mt: 2, display: 'flex', justifyContent: 'center' }}
            count={pages}
            page={page + 1}
            onChange={(_event, value) => setPage(value - 1)}
            siblingCount={0}
            aria-label={T.pages}
          />
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{T.close}</Button>
      </DialogActions>
    </Dialog>
  );
}
