import type { Dayjs } from 'dayjs';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';
import { FormDateField } from '../../../components/form/form-date-field';
import { QuickPeriods } from '../../../components/form/quick-periods';
import { REPORTS_TEXTS as T } from '../texts';

const fieldWidth = { width: { xs: '100%', sm: 220 } };

/**
 * The quick periods ('Hoje', 'Últimos 7 dias', 'Este mês', 'Mês passado') and 'Data inicial' and 'Data final'
 * of a report form: two required dates named `start` and `end`.
 */
export function PeriodFields<V extends FieldValues & { start: unknown; end: unknown }>({
  control,
}: {
  control: Control<V>;
}) {
  const start = useController({ control, name: 'start' as Path<V> });
  const end = useController({ control, name: 'end' as Path<V> });
  const pick = (dates: { start: Dayjs; end: Dayjs }) => {
    start.field.onChange(dates.start);
    end.field.onChange(dates.end);
  };
  return (
    <>
      <QuickPeriods onPick={pick} />
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
