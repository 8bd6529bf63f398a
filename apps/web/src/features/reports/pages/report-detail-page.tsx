import { REPORT_TYPE_STORAGE_KEY, REPORT_TYPES, type ReportType } from '@backoffice/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import { useQuery } from '@tanstack/react-query';
import type dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { DataTable } from '../../../components/data-table';
import { defaultPeriodDates } from '../../../components/form/quick-periods';
import { PageHeader } from '../../../components/page-header';
import { firstError } from '../../../lib/api-client';
import { dayPeriodOf } from '../../../lib/format';
import { DETAIL_CALLS, fetchDetail } from '../api/detail-api';
import { reportsKeys } from '../api/reports-api';
import { PeriodFields } from '../components/period-fields';
import { toGridColumns } from '../lib/columns';
import { type DetailFormValues, detailFormSchema } from '../lib/detail-form';
import { DETAIL_TITLES, REPORTS_TEXTS } from '../texts';

const T = REPORTS_TEXTS;

function storedType(): ReportType | null {
  const stored = localStorage.getItem(REPORT_TYPE_STORAGE_KEY);
  return (REPORT_TYPES as readonly string[]).includes(stored ?? '') ? (stored as ReportType) : null;
}

/**
 * /admin/reportDetail (spec section 2, Report detail): the chart chosen on the dashboard ('Ver detalhes'
 * stores its type in localStorage.reportType), 'Data inicial' / 'Data final', 'Gerar Relatório', and the
 * top ten of that period, or 'Nenhum resultado foi encontrado com os parâmetros informados'.
 */
export default function ReportDetailPage() {
  const [type] = useState(storedType);
  const [period, setPeriod] = useState<{ start: string; end: string; run: number } | null>(null);
  const { control, handleSubmit, formState } = useForm<DetailFormValues>({
    resolver: zodResolver(detailFormSchema) as never,
    mode: 'all',
    defaultValues: defaultPeriodDates(),
  });
  const result = useQuery({
    queryKey: reportsKeys.other('detail', { type, period }),
    queryFn: () => (type && period ? fetchDetail(type, period.start, period.end) : Promise.resolve([])),
    enabled: type !== null && period !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const columns = useMemo(() => (type ? toGridColumns(DETAIL_CALLS[type].columns) : []), [type]);
  const rows = useMemo(() => (result.data ?? []).map((row, rowKey) => ({ ...row, rowKey })), [result.data]);

  if (!type)
    return (
      <>
        <PageHeader title={T.detail.title} />
        <Alert severity="info">
          {T.detail.noType}{' '}
          <Link component={RouterLink} to="/admin/dashboard">
            {T.detail.toDashboard}
          </Link>
        </Alert>
      </>
    );

  const title = DETAIL_TITLES[type];
  const generate = handleSubmit((values) => {
    if (!values.start || !values.end) return;
    setPeriod((current) => ({
      ...dayPeriodOf(values.start as dayjs.Dayjs, values.end as dayjs.Dayjs),
      run: (current?.run ?? 0) + 1,
    }));
  });

  return (
    <>
      <PageHeader title={title} />
      <Paper component="section" aria-label={T.filters} variant="outlined" sx={{ p: 2, pb: 0.5, mb: 2 }}>
        <Box component="form" noValidate onSubmit={generate} sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
          <PeriodFields control={control} />
          <Box sx={{ height: 40, display: 'flex', alignItems: 'center' }}>
            <Button type="submit" variant="contained" disabled={!formState.isValid || result.isFetching}>
              {T.detail.generate}
            </Button>
          </Box>
        </Box>
      </Paper>
      {result.isError ? <Alert severity="error">{firstError(result.error, T.failed)}</Alert> : null}
      {period && !result.isError ? (
        <Paper variant="outlined" component="section" aria-label={title}>
          <DataTable
            rows={rows}
            columns={columns}
            getRowId={(row) => row.rowKey}
            loading={result.isFetching}
            title={title}
            label={title}
            selection="none"
            emptyText={T.empty}
            quickFilter={false}
          />
        </Paper>
      ) : null}
    </>
  );
}
