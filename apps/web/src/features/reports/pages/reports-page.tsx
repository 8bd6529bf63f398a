import { zodResolver } from '@hookform/resolvers/zod';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import type { GridPaginationModel } from '@mui/x-data-grid';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { FormSelectField } from '../../../components/form/form-select-field';
import { defaultPeriodDates } from '../../../components/form/quick-periods';
import { PageHeader } from '../../../components/page-header';
import { firstError } from '../../../lib/api-client';
import { useDeliverers } from '../../../lib/shared-queries';
import { reportsKeys, useAttendants, useBrands } from '../api/reports-api';
import { AdjustmentOrderDialog } from '../components/adjustment-order-dialog';
import { LEVEL_OPTIONS, ReportFilterFields } from '../components/report-filter-fields';
import { ReportPrint } from '../components/report-print';
import { ReportTable } from '../components/report-table';
import { usePrintRows } from '../components/use-print-rows';
import { describedFilters } from '../lib/described-filters';
import {
  type FooterItem,
  type Keyed,
  REPORTS,
  type ReportDefinition,
  type ReportFilters,
  reportById,
} from '../lib/report-definitions';
import { EMPTY_REPORT_FORM, filtersOf, type ReportFormValues, reportFormSchema } from '../lib/report-form';
import { REPORTS_TEXTS } from '../texts';

const T = REPORTS_TEXTS;
const PAGE_SIZE = 10;
/** A row of whichever report is shown. */
type AnyRow = Record<string, unknown>;

interface Generated {
  // biome-ignore lint/suspicious/noExplicitAny: any report's rows
  report: ReportDefinition<any>;
  filters: ReportFilters;
  /** The filters as the printed page names them. */
  described: FooterItem[];
  /** A new 'Gerar' asks again even with the same filters. */
  run: number;
}

/** Whether a query's params are of the same report, filters and run as `generated` (only the page differs). */
function sameReport(params: unknown, generated: Generated | null): boolean {
  const p = params as { id?: number; filters?: ReportFilters; run?: number } | undefined;
  return (
    generated !== null &&
    p?.id === generated.report.id &&
    p.run === generated.run &&
    JSON.stringify(p.filters) === JSON.stringify(generated.filters)
  );
}

/** /admin/reports: the 17 general reports (spec section 2, General reports; section 5, the form). */
export default function ReportsPage() {
  const form = useForm<ReportFormValues>({
    resolver: zodResolver(reportFormSchema) as never,
    mode: 'all',
    // The dates start on the same quick period as every report and history (the last 7 days).
    defaultValues: { ...EMPTY_REPORT_FORM, ...defaultPeriodDates() },
  });
  const { control, handleSubmit, setValue, formState } = form;
  const reportId = useWatch({ control, name: 'report' });
  const brand = useWatch({ control, name: 'brand' });
  const chosen = reportById(reportId === '' ? null : reportId);
  const shows = chosen?.filters ?? {};

  const deliverers = useDeliverers(Boolean(shows.courier));
  const attendants = useAttendants(Boolean(shows.attendant));
  const brands = useBrands(Boolean(shows.brand));
  const references = brands.data?.find((b) => b.name === brand)?.references ?? [];

  const [generated, setGenerated] = useState<Generated | null>(null);
  /** Counts every 'Gerar' of the page's life: each one asks the server again, even with the same filters. */
  const runs = useRef(0);
  const [paging, setPaging] = useState<GridPaginationModel>({ page: 0, pageSize: PAGE_SIZE });
  const [openRow, setOpenRow] = useState<number | null>(null);

  // Another report chosen: the previous result goes away, and its choice starts at its first option.
  const firstChoice = chosen?.filters.choice?.options[0]?.value ?? '';
  useEffect(() => {
    setGenerated((current) => (current && current.report.id !== reportId ? null : current));
    setValue('choice', firstChoice);
  }, [reportId, firstChoice, setValue]);

  const report = generated?.report;
  const serverPaging = report?.paged ? { page: paging.page, items: paging.pageSize } : undefined;
  const result = useQuery({
    queryKey: reportsKeys.list({
      id: report?.id,
      filters: generated?.filters,
      paging: serverPaging,
      run: generated?.run,
    }),
    queryFn: () => (report ? report.fetch(generated.filters, serverPaging) : Promise.reject(new Error('no report'))),
    enabled: generated !== null,
    // while another page loads the current one stays; another report or other filters start empty
    placeholderData: (previous, previousQuery) =>
      previousQuery && sameReport(previousQuery.queryKey[2], generated) ? previous : undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });

  const data = generated && result.data ? result.data : undefined;
  const pageRows = useMemo<Keyed<AnyRow>[]>(() => {
    if (!data || !report) return [];
    return report.paged
      ? data.rows
      : data.rows.slice(paging.page * paging.pageSize, (paging.page + 1) * paging.pageSize);
  }, [data, report, paging]);
  const columns = useMemo(() => (report && generated ? report.columns(generated.filters) : []), [report, generated]);
  const footer = data && report ? report.footer(pageRows, data) : undefined;

  const allRows = async (): Promise<readonly AnyRow[]> => {
    if (!report || !generated || !data) return [];
    return report.paged ? (await report.fetch(generated.filters)).rows : data.rows;
  };

  const generate = handleSubmit((values) => {
    const definition = reportById(values.report === '' ? null : values.report);
    if (!definition) return;
    const filters = filtersOf(values);
    const described = describedFilters(definition, values, filters, {
      deliverers: deliverers.data,
      attendants: attendants.data,
      levels: LEVEL_OPTIONS,
    });
    setPaging({ page: 0, pageSize: paging.pageSize });
    runs.current += 1;
    setGenerated({ report: definition, filters, described, run: runs.current });
  });
  const { printRows, print } = usePrintRows(allRows);

  return (
    <>
      <PageHeader title={T.title} />
      <Paper component="section" aria-label={T.filters} variant="outlined" sx={{ p: 2, pb: 0.5, mb: 2 }}>
        <Box
          component="form"
          noValidate
          onSubmit={generate}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}
        >
          <FormSelectField
            control={control}
            name="report"
            label={T.report}
            required
            options={REPORTS.map((r) => ({ value: r.id, label: r.label }))}
            sx={{ width: { xs: '100%', sm: 340 } }}
          />
          <ReportFilterFields
            control={control}
            shows={shows}
            deliverers={deliverers.data}
            attendants={attendants.data}
            brands={brands.data}
            brand={brand}
            references={references}
            onBrandChange={() => setValue('reference', '', { shouldValidate: formState.touchedFields.reference })}
          />
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', height: 40 }}>
            <Button type="submit" variant="contained" disabled={!formState.isValid || result.isFetching}>
              {T.generate}
            </Button>
            {data ? (
              <Button variant="outlined" startIcon={<PrintOutlinedIcon />} onClick={() => void print()}>
                {T.print}
              </Button>
            ) : null}
          </Box>
        </Box>
      </Paper>
      {generated && result.isError ? <Alert severity="error">{firstError(result.error, T.failed)}</Alert> : null}
      {generated && report && !result.isError ? (
        <Paper variant="outlined" component="section" aria-label={report.label}>
          <ReportTable<AnyRow>
            title={report.label}
            columns={columns}
            rows={pageRows}
            rowCount={data?.total ?? 0}
            paginationModel={paging}
            onPaginationModelChange={setPaging}
            loading={result.isFetching}
            footer={footer}
            allRows={allRows}
            onOpenRow={report.opens ? (row) => setOpenRow(Number(row.orderId)) : undefined}
            rowName={(row) => String(row.orderCode ?? '')}
          />
        </Paper>
      ) : null}
      {report?.opens ? (
        <AdjustmentOrderDialog kind={report.opens} orderId={openRow} onClose={() => setOpenRow(null)} />
      ) : null}
      {printRows && report && generated ? (
        <ReportPrint
          title={report.label}
          filters={generated.described}
          columns={columns}
          rows={printRows}
          totals={footer?.totals ?? []}
          table={footer?.table}
        />
      ) : null}
    </>
  );
}
