import {
  EMPLOYEE_FUNC_LABELS,
  type Employee,
  type EmployeeFunc,
  employeeSignupSchema,
  employeeUpdateSchema,
  formatDocument,
  formatPhone,
  type Role,
} from '@backoffice/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useEffect } from 'react';
import { Controller, type SubmitHandler, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { EMPLOYEES_TEXTS as T } from '../texts';

/** Read-only fields look it: a tinted background. */
const READ_ONLY_SX = { '& .MuiInputBase-root': { bgcolor: 'action.hover' } };

const FUNCS = Object.entries(EMPLOYEE_FUNC_LABELS).map(([value, label]) => ({ value: Number(value), label }));

type SignupInput = z.input<typeof employeeSignupSchema>;
export type SignupOutput = z.output<typeof employeeSignupSchema>;
type UpdateInput = z.input<typeof employeeUpdateSchema>;
export type UpdateOutput = z.output<typeof employeeUpdateSchema>;

function RoleOptions(roles: readonly Role[]) {
  return roles.map((role) => (
    <MenuItem key={role.id} value={role.id}>
      {role.name}
    </MenuItem>
  ));
}

function SubmitButton({ label, disabled, busy }: { label: string; disabled: boolean; busy: boolean }) {
  return (
    <Button
      type="submit"
      variant="contained"
      disabled={disabled || busy}
      startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
    >
      {label}
    </Button>
  );
}

interface CreateProps {
  open: boolean;
  roles: readonly Role[];
  onClose: () => void;
  onSubmit: (values: SignupOutput) => Promise<unknown>;
}

/** 'Cadastrar Funcionário': name, function, CPF, e-mail, phone and an optional role. */
export function CreateEmployeeDialog({ open, roles, onClose, onSubmit }: CreateProps) {
  const {
    control,
    register,
    handleSubmit,
    reset,
    formState: { errors, isValid, isSubmitting },
  } = useForm<SignupInput, unknown, SignupOutput>({
    resolver: zodResolver(employeeSignupSchema),
    mode: 'onTouched',
    defaultValues: { name: '', func: '', document: '', email: '', phone: '', roleId: null },
  });

  useEffect(() => {
    if (open) reset();
  }, [open, reset]);

  const submit: SubmitHandler<SignupOutput> = async (values) => {
    await onSubmit(values);
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="create-employee-title">
      <form noValidate onSubmit={handleSubmit(submit)}>
        <DialogTitle id="create-employee-title">{T.create}</DialogTitle>
        <DialogContent>
          <Grid container rowSpacing={1} columnSpacing={2} sx={{ pt: 1 }}>
            <Grid size={{ xs: 12 }}>
              <TextField
                label={T.fields.name}
                required
                {...register('name')}
                error={Boolean(errors.name)}
                helperText={errors.name?.message ?? ' '}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <Controller
                control={control}
                name="func"
                render={({ field }) => (
                  <TextField
                    select
                    label={T.fields.func}
                    required
                    name={field.name}
                    inputRef={field.ref}
                    value={field.value ?? ''}
                    onChange={(event) => field.onChange(event.target.value)}
                    onBlur={field.onBlur}
                    error={Boolean(errors.func)}
                    helperText={errors.func?.message ?? ' '}
                  >
                    {FUNCS.map((func) => (
                      <MenuItem key={func.value} value={func.value}>
                        {func.label}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                label={T.fields.document}
                required
                placeholder="000.000.000-00"
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                {...register('document')}
                error={Boolean(errors.document)}
                helperText={errors.document?.message ?? ' '}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                label={T.fields.email}
                type="email"
                required
                {...register('email')}
                error={Boolean(errors.email)}
                helperText={errors.email?.message ?? ' '}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                label={T.fields.phone}
                required
                placeholder="(11) 91234-5678"
                slotProps={{ htmlInput: { inputMode: 'tel' } }}
                {...register('phone')}
                error={Boolean(errors.phone)}
                helperText={errors.phone?.message ?? ' '}
              />
            </Grid>
            <Grid size={{ xs: 12 }}>
              <Controller
                control={control}
                name="roleId"
                render={({ field }) => (
                  <TextField
                    select
                    label={T.fields.role}
                    name={field.name}
                    inputRef={field.ref}
                    value={field.value ?? ''}
                    onChange={(event) => field.onChange(event.target.value === '' ? null : Number(event.target.value))}
                    onBlur={field.onBlur}
                  >
                    <MenuItem value="">
                      <em>{T.fields.noRole}</em>
                    </MenuItem>
                    {RoleOptions(roles)}
                  </TextField>
                )}
              />
            </Grid>
          </Grid>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>{T.close}</Button>
          <SubmitButton label={T.submitCreate} disabled={!isValid} busy={isSubmitting} />
        </DialogActions>
      </form>
    </Dialog>
  );
}

interface EditProps {
  employee: Employee | null;
  roles: readonly Role[];
  onClose: () => void;
  onSubmit: (func: EmployeeFunc, values: UpdateOutput) => Promise<unknown>;
}

/** 'Editar Funcionário': name, function and e-mail read-only; CPF, phone, a required role and 'Bloqueado'. */
export function EditEmployeeDialog({ employee, roles, onClose, onSubmit }: EditProps) {
  const {
    control,
    register,
    handleSubmit,
    reset,
    trigger,
    formState: { errors, isValid, isSubmitting },
  } = useForm<UpdateInput, unknown, UpdateOutput>({
    resolver: zodResolver(employeeUpdateSchema),
    mode: 'onTouched',
  });

  useEffect(() => {
    if (!employee) return;
    reset({
      name: employee.name,
      document: formatDocument(employee.document),
      email: employee.email,
      phone: formatPhone(employee.phone),
      roleId: employee.roleId ?? (undefined as unknown as number),
      blocked: employee.blocked,
    });
    // Show at once what the stored data lacks (e.g. no role yet).
    void trigger();
  }, [employee, reset, trigger]);

  const submit: SubmitHandler<UpdateOutput> = async (values) => {
    if (employee) await onSubmit(employee.func as EmployeeFunc, values);
  };

  return (
    <Dialog open={employee !== null} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="edit-employee-title">
      <form noValidate onSubmit={handleSubmit(submit)}>
        <DialogTitle id="edit-employee-title">{T.edit}</DialogTitle>
        <DialogContent>
          <Grid container rowSpacing={1} columnSpacing={2} sx={{ pt: 1 }}>
            <Grid size={{ xs: 12 }}>
              <TextField
                label={T.fields.name}
                slotProps={{ input: { readOnly: true } }}
                sx={READ_ONLY_SX}
                {...register('name')}
                error={Boolean(errors.name)}
                helperText={errors.name?.message ?? ' '}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                label={T.fields.func}
                value={employee ? (EMPLOYEE_FUNC_LABELS[employee.func as EmployeeFunc] ?? employee.type) : ''}
                helperText=" "
                slotProps={{ input: { readOnly: true } }}
                sx={READ_ONLY_SX}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                label={T.fields.email}
                slotProps={{ input: { readOnly: true } }}
                sx={READ_ONLY_SX}
                {...register('email')}
                error={Boolean(errors.email)}
                helperText={errors.email?.message ?? ' '}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                label={T.fields.document}
                required
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                {...register('document')}
                error={Boolean(errors.document)}
                helperText={errors.document?.message ?? ' '}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                label={T.fields.phone}
                required
                slotProps={{ htmlInput: { inputMode: 'tel' } }}
                {...register('phone')}
                error={Boolean(errors.phone)}
                helperText={errors.phone?.message ?? ' '}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <Controller
                control={control}
                name="roleId"
                render={({ field }) => (
                  <TextField
                    select
                    label={T.fields.role}
                    required
                    name={field.name}
                    inputRef={field.ref}
                    value={field.value ?? ''}
                    onChange={(event) =>
                      field.onChange(event.target.value === '' ? undefined : Number(event.target.value))
                    }
                    onBlur={field.onBlur}
                    error={Boolean(errors.roleId)}
                    helperText={errors.roleId?.message ?? ' '}
                  >
                    {RoleOptions(roles)}
                  </TextField>
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }} sx={{ display: 'flex', alignItems: 'flex-start' }}>
              <Controller
                control={control}
                name="blocked"
                render={({ field }) => (
                  <FormControlLabel
                    label={T.fields.blocked}
                    control={
                      <Checkbox
                        name={field.name}
                        checked={Boolean(field.value)}
                        onChange={(event) => field.onChange(event.target.checked)}
                      />
                    }
                  />
                )}
              />
            </Grid>
          </Grid>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>{T.close}</Button>
          <SubmitButton label={T.submitEdit} disabled={!isValid} busy={isSubmitting} />
        </DialogActions>
      </form>
    </Dialog>
  );
}
