import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useEffect, useState } from 'react';
import { useApiMutation } from '../../../components/use-api-mutation';
import { departureWeekQuery, useDepartureWeek } from '../../../lib/shared-queries';
import { saveDepartures } from '../api/settings-api';
import { DEPARTURES_TEXTS as T } from '../texts';
import { checkWeek, DeparturesEditor, type WeekTexts, weekToTexts } from './departures-editor';
import { SettingsCard } from './settings-card';

/**
 * 'Horários de saída dos motoboys' (issue 21): the couriers' week, read by the dispatch board and the
 * selling. Read by anyone who opens Configurações; changed with the settings permission.
 */
export function DeparturesCard({ canChange }: { canChange: boolean }) {
  const week = useDepartureWeek();
  const [texts, setTexts] = useState<WeekTexts>([]);
  useEffect(() => {
    if (week.data) setTexts(weekToTexts(week.data));
  }, [week.data]);
  const save = useApiMutation({
    mutationFn: async (departures: string[][]) => (await saveDepartures(departures)).data.departures,
    success: T.saved,
    failure: T.saveFailed,
    update: (client, data) => client.setQueryData(departureWeekQuery.queryKey, data),
  });
  const checked = checkWeek(texts);
  return (
    <SettingsCard
      id="departures-title"
      title={T.title}
      text={T.text}
      loadFailed={week.isError ? T.loadFailed : null}
      readOnly={canChange ? null : T.readOnly}
    >
      {texts.length === 7 ? (
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (checked.week && canChange) save.mutate(checked.week);
          }}
        >
          <DeparturesEditor value={texts} onChange={setTexts} disabled={!canChange} idPrefix="departures" />
          {canChange ? (
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
              <Button type="submit" variant="contained" disabled={!checked.week || save.isPending}>
                {T.save}
              </Button>
            </Box>
          ) : null}
        </Box>
      ) : null}
    </SettingsCard>
  );
}
