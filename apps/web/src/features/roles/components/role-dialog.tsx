import {
  formatPercentHundredths,
  normalizeSearch,
  parseBrazilianNumber,
  percentToHundredths,
  type Role,
  type RoleInput,
} from '@backoffice/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormDialog } from '../../../components/form/form-dialog';
import { FormPercentField } from '../../../components/form/form-money-field';
import { FormTextField } from '../../../components/form/form-text-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { ROLES_TEXTS as T } from '../texts';

export interface RoleFormValues {
  name: string;
  permissions: string[];
  /** The maximum discount (%) as typed ('7,5'); '' is 0. */
  maxDiscount: string;
}

function roleFormSchema(existingNames: readonly string[]) {
  const taken = new Set(existingNames.map(normalizeSearch));
  return z.object({
    name: z
      .string()
      .trim()
      .min(1, T.nameRequired)
      .refine((name) => !taken.has(normalizeSearch(name)), T.duplicate),
    permissions: z.array(z.string()).min(1, T.permissionsRequired),
    maxDiscount: z.string().refine((text) => {
      if (text.trim() === '') return true;
      const value = parseBrazilianNumber(text);
      return Number.isFinite(value) && value >= 0 && value <= 100;
    }, T.maxDiscountInvalid),
  });
}

/** What the API takes from the form (the maximum discount as a number). */
function toRoleInput(values: RoleFormValues): RoleInput {
  const max = values.maxDiscount.trim() === '' ? 0 : parseBrazilianNumber(values.maxDiscount);
  return { name: values.name, permissions: values.permissions, maxDiscountPercentage: max };
}

interface Props {
  open: boolean;
  /** The role being edited; null to create. */
  role: Role | null;
  /** Every role (to refuse a duplicate name). */
  roles: readonly Role[];
  catalogue: Record<string, string>;
  onClose: () => void;
  onSubmit: (values: RoleInput) => Promise<unknown>;
}

/**
 * 'Cadastrar Regra' and the edit modal: a name, the maximum discount (%) its employees may give at sale time
 * (issue 38; never above the editor's own, which the server checks), and permissions added one at a time from
 * the catalogue (each once), removable one by one or cleared.
 */
export function RoleDialog({ open, role, roles, catalogue, onClose, onSubmit }: Props) {
  const otherNames = useMemo(() => roles.filter((r) => r.id !== role?.id).map((r) => r.name), [roles, role]);
  const schema = useMemo(() => roleFormSchema(otherNames), [otherNames]);
  const [pick, setPick] = useState('');
  const {
    control,
    handleSubmit,
    reset,
    formState: { isValid, isSubmitting },
  } = useForm<RoleFormValues>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: { name: '', permissions: [], maxDiscount: '' },
  });

  useEffect(() => {
    if (!open) return;
    reset({
      name: role?.name ?? '',
      permissions: role?.permissions ?? [],
      // Written as a Brazilian types it ('7,5', not '7.5'); a new role's starts blank (0), not a '0' to erase.
      maxDiscount: role ? formatPercentHundredths(percentToHundredths(role.maxDiscountPercentage ?? 0)) : '',
    });
    setPick('');
  }, [open, role, reset]);

  const labelOf = (key: string) => catalogue[key] ?? key;

  return (
    <FormDialog
      open={open}
      titleId="role-dialog-title"
      title={role ? T.edit : T.create}
      maxWidth="sm"
      onClose={onClose}
      onSubmit={handleSubmit(async (values) => void (await onSubmit(toRoleInput(values))))}
      closeText={T.close}
      actions={
        <SubmitButton disabled={!isValid} busy={isSubmitting}>
          {role ? T.submitEdit : T.submitCreate}
        </SubmitButton>
      }
    >
      <Stack spacing={1} sx={{ pt: 1 }}>
        <FormTextField control={control} name="name" label={T.fields.name} required autoFocus />
        <FormPercentField
          control={control}
          name="maxDiscount"
          label={T.fields.maxDiscount}
          helperText={T.maxDiscountHelp}
        />
        <Controller
          control={control}
          name="permissions"
          render={({ field }) => {
            const chosen = field.value;
            const available = Object.keys(catalogue).filter((key) => !chosen.includes(key));
            return (
              <Stack spacing={1.5}>
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                  <TextField
                    select
                    label={T.fields.permission}
                    value={pick}
                    onChange={(event) => setPick(event.target.value)}
                    disabled={available.length === 0}
                  >
                    {available.map((key) => (
                      <MenuItem key={key} value={key}>
                        {labelOf(key)}
                      </MenuItem>
                    ))}
                  </TextField>
                  <Button
                    variant="outlined"
                    startIcon={<AddIcon />}
                    disabled={!pick}
                    onClick={() => {
                      if (pick && !chosen.includes(pick)) field.onChange([...chosen, pick]);
                      setPick('');
                    }}
                    sx={{ flexShrink: 0, height: 40 }}
                  >
                    {T.add}
                  </Button>
                </Box>
                <Box>
                  <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
                    <Typography variant="subtitle2">{T.fields.permissions}</Typography>
                    <Button size="small" onClick={() => field.onChange([])} disabled={chosen.length === 0}>
                      {T.clear}
                    </Button>
                  </Box>
                  {chosen.length === 0 ? (
                    <Alert severity="info">{T.permissionsRequired}</Alert>
                  ) : (
                    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                      {chosen.map((key) => (
                        <Chip
                          key={key}
                          label={labelOf(key)}
                          onDelete={() => field.onChange(chosen.filter((k) => k !== key))}
                        />
                      ))}
                    </Box>
                  )}
                </Box>
              </Stack>
            );
          }}
        />
      </Stack>
    </FormDialog>
  );
}
