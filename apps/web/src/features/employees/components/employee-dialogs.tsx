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
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { type ReactNode, useEffect } from 'react';
import { Controller, type SubmitHandler, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog } from '../../../components/form/form-dialog';
import { FormSelectField } from '../../../components/form/form-select-field';
import { FormTextField } from '../../../components/form/form-text-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { EMPLOYEES_TEXTS as T } from '../texts';

/** Read-only fields look it: a tinted background. */
const READ_ONLY = {
  slotProps: { input: { readOnly: true } },
  sx: { '& .MuiInputBase-root': { bgcolor: 'action.hover' } },
};

const FULL = { xs: 12 };
const HALF = { xs: 12, sm: 6 };

/** CPF and phone, in both dialogs (the create dialog adds a placeholder). */
const DOCUMENT_FIELD = { label: T.fields.document, required: true, slotProps: { htmlInput: { inputMode: 'numeric' } } };
const PHONE_FIELD = { label: T.fields.phone, required: true, slotProps: { htmlInput: { inputMode: 'tel' } } };

const FUNCS = Object.entries(EMPLOYEE_FUNC_LABELS).map(([value, label]) => ({ value: Number(value), label }));

type SignupInput = z.input<typeof employeeSignupSchema>;
export type SignupOutput = z.output<typeof employeeSignupSchema>;
type UpdateInput = z.input<typeof employeeUpdateSchema>;
export type UpdateOutput = z.output<typeof employeeUpdateSchema>;

const roleOptions = (roles: readonly Role[]) => roles.map((role) => ({ value: role.id, label: role.name }));

interface EmployeeDialogProps {
  open: boolean;
  titleId: string;
  title: string;
  submitText: string;
  valid: boolean;
  busy: boolean;
  onClose: () => void;
  onSubmit: () => void;
  children: ReactNode;
}

/** The frame both dialogs share: a grid of fields, Fechar and the submit button. */
function EmployeeDialog({ titleId, title, submitText, valid, busy, children, ...dialog }: EmployeeDialogProps) {
  return (
    <FormDialog
      {...dialog}
      titleId={titleId}
      title={title}
      maxWidth="sm"
      closeText={T.close}
      actions={
        <SubmitButton disabled={!valid} busy={busy}>
          {submitText}
        </SubmitButton>
      }
    >
      <Grid container rowSpacing={1} columnSpacing={2} sx={{ pt: 1 }}>
        {children}
      </Grid>
    </FormDialog>
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
    handleSubmit,
    reset,
    formState: { isValid, isSubmitting },
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
    <EmployeeDialog
      open={open}
      titleId="create-employee-title"
      title={T.create}
      submitText={T.submitCreate}
      valid={isValid}
      busy={isSubmitting}
      onClose={onClose}
      onSubmit={handleSubmit(submit)}
    >
      <Grid size={FULL}>
        <FormTextField control={control} name="name" label={T.fields.name} required />
      </Grid>
      <Grid size={HALF}>
        <FormSelectField control={control} name="func" label={T.fields.func} required options={FUNCS} />
      </Grid>
      <Grid size={HALF}>
        <FormTextField control={control} name="document" {...DOCUMENT_FIELD} placeholder="000.000.000-00" />
      </Grid>
      <Grid size={HALF}>
        <FormTextField control={control} name="email" label={T.fields.email} type="email" required />
      </Grid>
      <Grid size={HALF}>
        <FormTextField control={control} name="phone" {...PHONE_FIELD} placeholder="(11) 91234-5678" />
      </Grid>
      <Grid size={FULL}>
        <FormSelectField
          control={control}
          name="roleId"
          label={T.fields.role}
          options={roleOptions(roles)}
          emptyOption={T.fields.noRole}
          parse={(value) => (value === '' ? null : Number(value))}
          helperText={null}
        />
      </Grid>
    </EmployeeDialog>
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
    handleSubmit,
    reset,
    trigger,
    formState: { isValid, isSubmitting },
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
    <EmployeeDialog
      open={employee !== null}
      titleId="edit-employee-title"
      title={T.edit}
      submitText={T.submitEdit}
      valid={isValid}
      busy={isSubmitting}
      onClose={onClose}
      onSubmit={handleSubmit(submit)}
    >
      <Grid size={FULL}>
        <FormTextField control={control} name="name" label={T.fields.name} {...READ_ONLY} />
      </Grid>
      <Grid size={HALF}>
        <TextField
          label={T.fields.func}
          value={employee ? (EMPLOYEE_FUNC_LABELS[employee.func as EmployeeFunc] ?? employee.type) : ''}
          helperText=" "
          {...READ_ONLY}
        />
      </Grid>
      <Grid size={HALF}>
        <FormTextField control={control} name="email" label={T.fields.email} {...READ_ONLY} />
      </Grid>
      <Grid size={HALF}>
        <FormTextField control={control} name="document" {...DOCUMENT_FIELD} />
      </Grid>
      <Grid size={HALF}>
        <FormTextField control={control} name="phone" {...PHONE_FIELD} />
      </Grid>
      <Grid size={HALF}>
        <FormSelectField control={control} name="roleId" label={T.fields.role} required options={roleOptions(roles)} />
      </Grid>
      <Grid size={HALF} sx={{ display: 'flex', alignItems: 'flex-start' }}>
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
    </EmployeeDialog>
  );
}
