import { CUSTOMER_LEVEL_LABELS } from '@backoffice/contract';
import type { Control } from 'react-hook-form';
import { FormSelectField } from '../../../components/form/form-select-field';
import type { ReportFilterSet } from '../lib/report-definitions';
import type { ReportFormValues } from '../lib/report-form';
import { REPORTS_TEXTS } from '../texts';
import { PeriodFields } from './period-fields';

const T = REPORTS_TEXTS;
const fieldWidth = { width: { xs: '100%', sm: 220 } };

export const LEVEL_OPTIONS = [
  { value: 0, label: T.allLevels },
  ...Object.entries(CUSTOMER_LEVEL_LABELS).map(([value, label]) => ({ value: Number(value), label })),
];

/** A courier or an attendant, as the selects offer them. */
interface Named {
  id: number;
  name: string;
}

/**
 * The filters the chosen report shows (spec section 2): the period, the customer level, the courier, the
 * attendant, the brand and its reference, the report's own choice ('Agrupar por').
 */
export function ReportFilterFields({
  control,
  shows,
  deliverers,
  attendants,
  brands,
  brand,
  references,
  onBrandChange,
}: {
  control: Control<ReportFormValues>;
  shows: Partial<ReportFilterSet>;
  deliverers: readonly Named[] | undefined;
  attendants: readonly Named[] | undefined;
  brands: readonly { name: string }[] | undefined;
  /** The brand chosen. */
  brand: string;
  /** The chosen brand's references. */
  references: readonly string[];
  /** Another brand chosen: its reference is chosen again. */
  onBrandChange: () => void;
}) {
  return (
    <>
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
          options={(deliverers ?? []).map((d) => ({ value: d.id, label: d.name }))}
          sx={fieldWidth}
        />
      ) : null}
      {shows.attendant ? (
        <FormSelectField
          control={control}
          name="attendant"
          label={T.attendant}
          required
          options={(attendants ?? []).map((a) => ({ value: a.id, label: a.name }))}
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
            options={(brands ?? []).map((b) => ({ value: b.name, label: b.name }))}
            onChange={onBrandChange}
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
    </>
  );
}
