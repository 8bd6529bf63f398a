import { PERIOD_TEXTS, type ReportChoice } from '@backoffice/contract';
import type { Dayjs } from 'dayjs';
import { z } from 'zod';
import { dayPeriodOf } from '../../../lib/format';
import { REPORTS_TEXTS } from '../texts';
import { type ReportFilters, reportById } from './report-definitions';

const R = REPORTS_TEXTS.required;

export interface ReportFormValues {
  /** The report's number (1–17), '' until one is chosen. */
  report: number | '';
  start: Dayjs | null;
  end: Dayjs | null;
  /** 0 (Todos), 1 Ouro, 2 Prata, 3 Bronze. */
  level: number;
  courier: number | '';
  attendant: number | '';
  brand: string;
  reference: string;
  /** The option of the report's choice ('Agrupar por'); '' is its first option. */
  choice: string;
}

export const EMPTY_REPORT_FORM: ReportFormValues = {
  report: '',
  start: null,
  end: null,
  level: 0,
  courier: '',
  attendant: '',
  brand: '',
  reference: '',
  choice: '',
};

/**
 * The general report form (spec section 5): the report is required, and each filter the chosen report
 * shows (section 2) is required too; the dates must be real days, the end not before the start.
 */
export const reportFormSchema = z
  .object({
    report: z.union([z.number(), z.literal('')]),
    start: z.custom<Dayjs | null>(),
    end: z.custom<Dayjs | null>(),
    level: z.number(),
    courier: z.union([z.number(), z.literal('')]),
    attendant: z.union([z.number(), z.literal('')]),
    brand: z.string(),
    reference: z.string(),
    choice: z.string(),
  })
  .superRefine((values, ctx) => {
    const issue = (path: keyof ReportFormValues, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    const report = reportById(values.report === '' ? null : values.report);
    if (!report) return issue('report', R.report);
    const { filters } = report;
    if (filters.dates) {
      if (!values.start?.isValid()) issue('start', R.start);
      if (!values.end?.isValid()) issue('end', R.end);
      if (values.start?.isValid() && values.end?.isValid() && values.end.isBefore(values.start, 'day'))
        issue('end', PERIOD_TEXTS.reversed);
    }
    if (filters.courier && values.courier === '') issue('courier', R.courier);
    if (filters.attendant && values.attendant === '') issue('attendant', R.attendant);
    if (filters.brand) {
      if (!values.brand) issue('brand', R.brand);
      if (!values.reference) issue('reference', R.reference);
    }
  });

/** The API filters of valid form values: the period of whole days, and only the filters the report uses. */
export function filtersOf(values: ReportFormValues): ReportFilters {
  const report = reportById(values.report === '' ? null : values.report);
  const filters: ReportFilters = {};
  if (!report) return filters;
  if (report.filters.dates && values.start && values.end) Object.assign(filters, dayPeriodOf(values.start, values.end));
  if (report.filters.level) filters.level = values.level;
  if (report.filters.courier && values.courier !== '') filters.courier = values.courier;
  if (report.filters.attendant && values.attendant !== '') filters.attendant = values.attendant;
  if (report.filters.brand) {
    filters.brand = values.brand;
    filters.reference = values.reference;
  }
  const { choice } = report.filters;
  if (choice) filters.choice = choiceOf(choice, values.choice).value;
  return filters;
}

/** The option chosen of a report's choice: the one named, else the first (the report's default). */
export function choiceOf(choice: ReportChoice, value: string): { value: string; label: string } {
  return (
    choice.options.find((option) => option.value === value) ?? (choice.options[0] as { value: string; label: string })
  );
}
