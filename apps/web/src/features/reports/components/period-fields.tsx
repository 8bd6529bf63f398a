import type { Control, FieldValues, Path } from 'react-hook-form';
import { FormDateField } from '../../../components/form/form-date-field';
import { REPORTS_TEXTS as T } from '../texts';

const fieldWidth = { width: { xs: '100%', sm: 220 } };

/** 'Data inicial' and 'Data final' of a report form: two required dates named `start` and `end`. */
export function PeriodFields<V extends FieldValues & { start: unknown; end: unknown }>({
  control,
}: {
  control: Control<V>;
}) {
  return (
    <>
      <FormDateField
        control={control}
        name={'start' as Path<V>}
        label={T.start}
        clearable
        textField={{ required: true, size: 'small', sx: fieldWidth }}
      />
      <FormDateField
        control={control}
        name={'end' as Path<V>}
        label={T.end}
        clearable
        textField={{ required: true, size: 'small', sx: fieldWidth }}
      />
    </>
  );
}
