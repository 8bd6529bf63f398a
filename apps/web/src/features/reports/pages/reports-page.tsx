import { CUSTOMER_LEVEL_LABELS } from '@backoffice/contract';
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
import { useNotify } from '../../../components/notifier';
import { PageHeader } from '../../../components/page-header';
import { firstError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useDeliverers } from '../../../lib/shared-queries';
import { reportsKeys, useAttendants, useBrands } from '../api/reports-api';
import { AdjustmentOrderDialog } from '../components/adjustment-order-dialog';
import { PeriodFields } from '../components/period-fields';
import { ReportPrint } from '../components/report-print';
import { ReportTable } from '../components/report-table';
import {
  type FooterItem,
  type Keyed,
  REPORTS,
  type ReportDefinition,
  type ReportFilters,
  reportById,
} from '../lib/report-definitions';
import { choiceOf, EMPTY_REPORT_FORM, filtersOf, type ReportFormValues, reportFormSchema } from '../lib/report-form';
import { REPORTS_TEXTS } from '../texts';

const T = REPORTS_TEXTS;
const PAGE_SIZE = 10;
/** A row of whichever report is shown. */
type AnyRow = Record<string, unknown>;
const fieldWidth = { width: { xs: '100%', sm: 220 } };

const LEVEL_OPTIONS = [
  { value: 0, label: T.allLevels },
  ...Object.entries(CUSTOMER_LEVEL_LABELS).map(([value, label]) => ({ value: Number(value), label })),
];

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
  const notify = useNotify();
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
  const [printRows, setPrintRows] = useState<readonly AnyRow[] | null>(null);

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

  const nameOf = (list: { id: number; name: string }[] | undefined, id: number | undefined) =>
    list?.find((item) => item.id === id)?.name ?? String(id ?? '');

  const generate = handleSubmit((values) => {
    const definition = reportById(values.report === '' ? null : values.report);
    if (!definition) return;
    const filters = filtersOf(values);
    const described: FooterItem[] = [];
    if (definition.filters.dates && values.start && values.end)
      described.push({ label: 'Período', value: `${formatDate(values.start)} a ${formatDate(values.end)}` });
    if (definition.filters.level)
      described.push({ label: T.level, value: LEVEL_OPTIONS.find((o) => o.value === values.level)?.label ?? '' });
    if (definition.filters.courier)
      described.push({ label: T.courier, value: nameOf(deliverers.data, filters.courier) });
    if (definition.filters.attendant)
      described.push({ label: T.attendant, value: nameOf(attendants.data, filters.attendant) });
    if (definition.filters.brand) {
      described.push({ label: T.brand, value: values.brand });
      described.push({ label: T.reference, value: values.reference });
    }
    if (definition.filters.choice) {
      described.push({
        label: definition.filters.choice.label,
        value: choiceOf(definition.filters.choice, values.choice).label,
      });
    }
    setPaging({ page: 0, pageSize: paging.pageSize });
    runs.current += 1;
    setGenerated({ report: definition, filters, described, run: runs.current });
  });

  const print = async () => {
    try {
      setPrintRows(await allRows());
    } catch (error) {
      notify.error(firstError(error, T.failed));
    }
  };
  useEffect(() => {
    if (printRows === null) return;
    const done = () => setPrintRows(null);
    window.addEventListener('afterprint', done, { once: true });
    window.print();
    // browsers that print synchronously have already fired afterprint
    const timer = setTimeout(done, 1000);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('afterprint', done);
    };
  }, [printRows]);

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
          {shows.dates ? <PeriodFields control={control} /> : null}
          {shows.level ? (
            <FormSelectField control={control} name="level" label={T.level} options={LEVEL_OPTIONS} sx={fieldWidth} />
          ) : null}
          {shows.courier ? (
            <FormSelectField
              control={control}
              name="courier"
              label={T.courier}
              required
              options={(deliverers.data ?? []).map((d) => ({ value: d.id, label: d.name }))}
              sx={fieldWidth}
            />
          ) : null}
          {shows.attendant ? (
            <FormSelectField
              control={control}
              name="attendant"
              label={T.attendant}
              required
              options={(attendants.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
              sx={fieldWidth}
            />
          ) : null}
          {shows.brand ? (
            <>
              <FormSelectField
                control={control}
                name="brand"
                label={T.brand}
                required
                options={(brands.data ?? []).map((b) => ({ value: b.name, label: b.name }))}
                onChange={() => setValue('reference', '', { shouldValidate: formState.touchedFields.reference })}
                sx={fieldWidth}
              />
              <FormSelectField
                control={control}
                name="reference"
                label={T.reference}
                required
                disabled={!brand}
                clearUnknown
                options={references.map((name) => ({ value: name, label: name }))}
                sx={fieldWidth}
              />
            </>
          ) : null}
          {shows.choice ? (
            <FormSelectField
              control={control}
              name="choice"
              label={shows.choice.label}
              options={[...shows.choice.options]}
              clearUnknown
              sx={fieldWidth}
            />
          ) : null}
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
