import { z } from 'zod';
import { isValidCpf, isValidPhone, onlyDigits } from './documents';
import { EMAIL_PATTERN, EMAIL_TEXTS } from './email';
import type { EmployeeFunc } from './employee-funcs';
import { idSchema } from './ids';

export {
  EMPLOYEE_FUNC_LABELS,
  EMPLOYEE_FUNC_PATHS,
  EMPLOYEE_FUNCS,
  type EmployeeFunc,
  isActiveCourier,
} from './employee-funcs';
export const EMPLOYEE_KINDS = ['attendant', 'deliverer', 'stocker', 'technician'] as const;
export type EmployeeKind = (typeof EMPLOYEE_KINDS)[number];
/** The function code of a path segment: attendant 1, deliverer 2, stocker 3, technician 4. */
export const EMPLOYEE_FUNC_OF_KIND: Record<EmployeeKind, EmployeeFunc> = {
  attendant: 1,
  deliverer: 2,
  stocker: 3,
  technician: 4,
};

export const EMPLOYEE_TEXTS = {
  nameRequired: 'Informe o nome do funcionário',
  phoneInvalid: 'Informe um telefone válido',
  cpfInvalid: 'Informe um cpf válido',
  cpfRequired: 'Informe o número do cpf',
  funcRequired: 'Informe a função do funcionário',
  emailInvalid: EMAIL_TEXTS.invalid,
  emailRequired: EMAIL_TEXTS.required,
  roleRequired: 'Informe a regra',
  emailTaken: 'Já existe um funcionário com este e-mail.',
  documentTaken: 'Já existe um funcionário com este CPF.',
  roleNotFound: 'Regra não encontrada.',
  notFound: 'Funcionário não encontrado.',
  funcMismatch: 'A função do funcionário não corresponde ao endereço chamado.',
  funcUnknown: 'Função do funcionário desconhecida.',
  roleNotHeld: 'Você não pode atribuir uma regra com permissões que você não possui.',
  targetNotHeld: 'Você não pode alterar um funcionário com permissões que você não possui.',
  selfChange: 'Você não pode alterar a sua própria regra nem bloquear o seu próprio acesso.',
  lastFullAccess:
    'Não é possível: o sistema precisa de ao menos um funcionário ativo com acesso total. Dê acesso total a outro funcionário antes.',
  created: 'Funcionário(a) criado com sucesso.',
  edited: 'Funcionário(a) editado com sucesso.',
} as const;

export const emailSchema = z
  .string({ error: EMPLOYEE_TEXTS.emailRequired })
  .trim()
  .min(1, EMPLOYEE_TEXTS.emailRequired)
  .pipe(z.email({ pattern: EMAIL_PATTERN, error: EMPLOYEE_TEXTS.emailInvalid }))
  .transform((email) => email.toLowerCase());

export const cpfSchema = z
  .string({ error: EMPLOYEE_TEXTS.cpfRequired })
  .trim()
  .min(1, { error: EMPLOYEE_TEXTS.cpfRequired, abort: true })
  .refine((value) => /^\d{3}\.?\d{3}\.?\d{3}-?\d{2}$/.test(value) && isValidCpf(value), EMPLOYEE_TEXTS.cpfInvalid)
  .transform(onlyDigits);

export const phoneSchema = z
  .string({ error: EMPLOYEE_TEXTS.phoneInvalid })
  .trim()
  .refine(isValidPhone, EMPLOYEE_TEXTS.phoneInvalid)
  .transform(onlyDigits);

const nameSchema = z.string({ error: EMPLOYEE_TEXTS.nameRequired }).trim().min(1, EMPLOYEE_TEXTS.nameRequired).max(120);

/** Body of POST /accounts/employee/{attendant|deliverer|stocker|technician}/signup. */
export const employeeSignupSchema = z
  .object({
    name: nameSchema,
    func: z.coerce
      .number({ error: EMPLOYEE_TEXTS.funcRequired })
      .int()
      .refine((n) => n === 1 || n === 2 || n === 3 || n === 4, EMPLOYEE_TEXTS.funcRequired),
    document: cpfSchema,
    email: emailSchema,
    phone: phoneSchema,
    roleId: idSchema().nullish(),
  })
  .strict();
export type EmployeeSignupInput = z.input<typeof employeeSignupSchema>;

/** Path of signup and update: `{kind}` is attendant, deliverer, stocker or technician. */
export const employeeKindParamsSchema = z.object({
  kind: z.enum(EMPLOYEE_KINDS, { error: EMPLOYEE_TEXTS.funcUnknown }),
});

/**
 * Body of PUT /employees/{attendant|stocker|deliverer}. The e-mail identifies the employee (it cannot
 * change), the path must match the employee's function (it cannot change either).
 */
export const employeeUpdateSchema = z
  .object({
    name: nameSchema,
    document: cpfSchema,
    email: emailSchema,
    phone: phoneSchema,
    roleId: idSchema(EMPLOYEE_TEXTS.roleRequired),
    /** Absent: unchanged. */
    blocked: z.boolean().optional(),
  })
  .strict();
export type EmployeeUpdateInput = z.input<typeof employeeUpdateSchema>;

export const employeeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  document: z.string(),
  func: z.number().int(),
  type: z.string(),
  roleId: z.number().int().nullable(),
  role: z.string().nullable(),
  roles: z.array(z.object({ id: z.number().int(), name: z.string() })),
  isBlocked: z.boolean(),
  blocked: z.boolean(),
});
export type Employee = z.infer<typeof employeeSchema>;

export const delivererSchema = z.object({ id: z.number().int(), name: z.string() });
export type Deliverer = z.infer<typeof delivererSchema>;
export type Attendant = Deliverer;

/** GET /employees */
export const employeeListResponseSchema = z.object({ employees: z.array(employeeSchema) });
/** GET /employees/{email}, POST …/signup, PUT /employees/{kind} */
export const employeeResponseSchema = z.object({ data: employeeSchema });
/** GET /employees/deliverers: the motoboys that are not blocked. */
export const deliverersResponseSchema = z.object({ deliverers: z.array(delivererSchema) });
/** GET /employees/attendants: every attendant, blocked ones included (reports look back in time). */
export const attendantsResponseSchema = z.object({ data: z.object({ attendants: z.array(delivererSchema) }) });
