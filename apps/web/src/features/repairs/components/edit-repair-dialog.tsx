import type { Repair } from '@backoffice/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormDateField } from '../../../components/form/form-date-field';
import { FormTextField } from '../../../components/form/form-text-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { WriteFormDialog } from '../../../components/form/write-form-dialog';
import { useUpdateRepair } from '../api/repairs-api';
import {
  type RepairEditOutput,
  type RepairEditValues,
  repairEditBodyOf,
  repairEditSchema,
  repairEditValuesOf,
} from '../lib/repair-form';
import { REPAIRS_TEXTS as T } from '../texts';

const span2 = { gridColumn: { sm: 'span 2' } } as const;

/**
 * 'Corrigir dados' (PATCH /repairs/{id}, `bo:manage:repairs`, while the device is with us): the model, the reported
 * problem, the arrival's notes, the accessories and the estimated day (a new one not before today). Sends only what
 * changed, with the version seen (another change meanwhile: the server's 409 is said here). Full screen on a phone.
 */
export function EditRepairDialog({ repair, onClose }: { repair: Repair; onClose: () => void }) {
  const [problem, setProblem] = useState<string | null>(null);
  const schema = useMemo(() => repairEditSchema(repair), [repair]);
  const { control, handleSubmit } = useForm<RepairEditValues, unknown, RepairEditOutput>({
    resolver: zodResolver(schema) as never,
    mode: 'onTouched',
    defaultValues: repairEditValuesOf(repair),
  });
  const update = useUpdateRepair(repair.id, setProblem, onClose);
  const busy = update.isPending;
  const submit = handleSubmit((values) => {
    const body = repairEditBodyOf(repair, values);
    if (!body) {
      setProblem(T.editUnchanged);
      return;
    }
    update.mutate(body);
  });
  return (
    <WriteFormDialog
      titleId="edit-repair-title"
      title={T.editTitle(repair.number)}
      maxWidth="sm"
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
      closeText={T.close}
      actions={<SubmitButton busy={busy}>{T.editSave}</SubmitButton>}
      problem={problem}
    >
      <Box
        sx={{ display: 'grid', columnGap: 2, rowGap: 0.5, pt: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
      >
        <FormTextField control={control} name="model" label={T.model} required disabled={busy} />
        <FormDateField
          control={control}
          name="estimatedDate"
          label={T.estimated}
          disabled={busy}
          textField={{ required: true }}
        />
        <Box sx={span2}>
          <FormTextField
            control={control}
            name="problem"
            label={T.problem}
            required
            fullWidth
            multiline
            minRows={2}
            disabled={busy}
          />
        </Box>
        <Box sx={span2}>
          <FormTextField
            control={control}
            name="conditionNotes"
            label={T.conditionNotes}
            fullWidth
            multiline
            disabled={busy}
          />
        </Box>
        <Box sx={span2}>
          <FormTextField control={control} name="accessories" label={T.accessories} fullWidth disabled={busy} />
        </Box>
      </Box>
    </WriteFormDialog>
  );
}
