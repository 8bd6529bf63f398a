import { formatDate } from '../../../lib/format';
import { REPORTS_TEXTS } from '../texts';
import type { FooterItem, ReportDefinition, ReportFilters } from './report-definitions';
import { choiceOf, type ReportFormValues } from './report-form';

const T = REPORTS_TEXTS;

/** A courier or an attendant, named by the list the select offered. */
interface Named {
  id: number;
  name: string;
}

const nameOf = (list: Named[] | undefined, id: number | undefined) =>
  list?.find((item) => item.id === id)?.name ?? String(id ?? '');

/** The filters of a report generated, as its printed page names them. */
export function describedFilters(
  // biome-ignore lint/suspicious/noExplicitAny: any report's rows
  definition: ReportDefinition<any>,
  values: ReportFormValues,
  filters: ReportFilters,
  lists: {
    deliverers: Named[] | undefined;
    attendants: Named[] | undefined;
    levels: readonly { value: number; label: string }[];
  },
): FooterItem[] {
  const described: FooterItem[] = [];
  if (definition.filters.dates && values.start && values.end)
    described.push({ label: 'Período', value: `${formatDate(values.start)} a ${formatDate(values.end)}` });
  if (definition.filters.level)
    described.push({ label: T.level, value: lists.levels.find((o) => o.value === values.level)?.label ?? '' });
  if (definition.filters.courier)
    described.push({ label: T.courier, value: nameOf(lists.deliverers, filters.courier) });
  if (definition.filters.attendant)
    described.push({ label: T.attendant, value: nameOf(lists.attendants, filters.attendant) });
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
  return described;
}
