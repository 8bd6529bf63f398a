import { REPAIR_LIMITS, type Repair } from '@backoffice/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FormDateField } from '../../../components/form/form-date-field';
import { FormTextField } from '../../../components/form/form-text-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { WriteFormDialog } from '../../../components/form/write-form-dialog';
import { useCreateRepair } from '../api/repairs-api';
import {
  emptyRepairForm,
  imeiDigits,
  imeiProblem,
  type RepairFormOutput,
  type RepairFormValues,
  repairBodyOf,
  repairFormSchema,
} from '../lib/repair-form';
import { REPAIRS_TEXTS as T } from '../texts';
import { CustomerPicker } from './customer-picker';
import { PhotoInput } from './photo-input';

const span2 = { gridColumn: { sm: 'span 2' } } as const;

/**
 * 'Nova ordem de serviço' (issue 42 §2): the customer, the device (IMEI checked as typed, model), its password or
 * pattern (a password field: kept by the server, never shown back), the reported problem, the condition on arrival
 * (checklist, notes and photos), the accessories left and the estimated day (DD/MM/AAAA). Full screen on a phone.
 * Once opened, `onCreated` shows the service order (its receipt PDF first).
 */
export function NewRepairDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (repair: Repair) => void }) {
  const [problem, setProblem] = useState<string | null>(null);
  const schema = useMemo(() => repairFormSchema(), []);
  const { control, handleSubmit } = useForm<RepairFormValues, unknown, RepairFormOutput>({
    resolver: zodResolver(schema) as never,
    mode: 'onTouched',
    defaultValues: emptyRepairForm(),
  });
  const create = useCreateRepair(setProblem, (repair) => {
    onClose();
    onCreated(repair);
  });
  const busy = create.isPending;
  const submit = handleSubmit((values) => {
    setProblem(null);
    create.mutate(repairBodyOf(values));
  });
  return (
    <WriteFormDialog
      titleId="new-repair-title"
      title={T.newTitle}
      maxWidth="md"
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
      closeText={T.close}
      actions={<SubmitButton busy={busy}>{T.save}</SubmitButton>}
      problem={problem}
    >
      <Box
        sx={{ display: 'grid', columnGap: 2, rowGap: 0.5, pt: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
      >
        <Box sx={span2}>
          <Controller
            control={control}
            name="customer"
            render={({ field, fieldState }) => (
              <CustomerPicker
                value={field.value}
                onChange={(choice) => {
                  field.onChange(choice);
                  field.onBlur();
                }}
                size="medium"
                disabled={busy}
                helperText={fieldState.error?.message ?? ' '}
              />
            )}
          />
        </Box>
        <Controller
          control={control}
          name="imei"
          render={({ field, fieldState }) => {
            const typing = imeiProblem(field.value);
            const shown = fieldState.error?.message ?? typing;
            return (
              <TextField
                label={T.imei}
                name={field.name}
                inputRef={field.ref}
                value={field.value}
                onChange={(event) => field.onChange(imeiDigits(event.target.value))}
                onBlur={field.onBlur}
                required
                disabled={busy}
                error={Boolean(fieldState.error) || (field.value.length === 15 && typing !== null)}
                helperText={shown ?? (field.value.length === 15 ? 'IMEI válido.' : ' ')}
                slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off', maxLength: 20 } }}
              />
            );
          }}
        />
        <FormTextField control={control} name="model" label={T.model} required disabled={busy} />
        <Box sx={span2}>
          <FormTextField
            control={control}
            name="devicePassword"
            label={T.devicePassword}
            type="password"
            fullWidth
            disabled={busy}
            helperText={T.devicePasswordHelp}
            slotProps={{ htmlInput: { autoComplete: 'new-password', maxLength: REPAIR_LIMITS.shortText } }}
          />
        </Box>
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
        <Box sx={{ ...span2, mb: 1 }}>
          <Controller
            control={control}
            name="checklist"
            render={({ field }) => (
              <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
                <Typography component="legend" variant="subtitle2">
                  {T.checklist}
                </Typography>
                <FormHelperText sx={{ mt: 0 }}>{T.checklistHelp}</FormHelperText>
                <FormGroup
                  sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' }, columnGap: 1 }}
                >
                  {field.value.map((entry, index) => (
                    <FormControlLabel
                      key={entry.item}
                      label={entry.item}
                      control={
                        <Checkbox
                          checked={entry.ok}
                          disabled={busy}
                          onChange={(event) =>
                            field.onChange(
                              field.value.map((row, i) => (i === index ? { ...row, ok: event.target.checked } : row)),
                            )
                          }
                        />
                      }
                    />
                  ))}
                </FormGroup>
              </Box>
            )}
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
        <Box sx={{ ...span2, mb: 2 }}>
          <Controller
            control={control}
            name="photos"
            render={({ field }) => (
              <PhotoInput value={field.value} onChange={field.onChange} max={REPAIR_LIMITS.photos} disabled={busy} />
            )}
          />
        </Box>
        <FormTextField control={control} name="accessories" label={T.accessories} disabled={busy} />
        <FormDateField
          control={control}
          name="estimatedDate"
          label={T.estimated}
          disablePast
          disabled={busy}
          textField={{ required: true }}
        />
      </Box>
    </WriteFormDialog>
  );
}
