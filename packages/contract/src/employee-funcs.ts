/**
 * The employees' functions. A module of its own, free of schemas: the sign-in page chooses the landing page
 * from the function without loading zod (decision 0025).
 */
export const EMPLOYEE_FUNCS = { ATTENDANT: 1, DELIVERER: 2, STOCKER: 3, TECHNICIAN: 4 } as const;
export type EmployeeFunc = (typeof EMPLOYEE_FUNCS)[keyof typeof EMPLOYEE_FUNCS];
export const EMPLOYEE_FUNC_LABELS: Record<EmployeeFunc, string> = {
  1: 'Atendente',
  2: 'Motoboy',
  3: 'Estoquista',
  /** Issue 42 §2: the repair bench ('Assistência técnica'); his function opens his queue and the bench's moves. */
  4: 'Técnico',
};
/** The path segment of signup and update for each function. */
export const EMPLOYEE_FUNC_PATHS: Record<EmployeeFunc, 'attendant' | 'deliverer' | 'stocker' | 'technician'> = {
  1: 'attendant',
  2: 'deliverer',
  3: 'stocker',
  4: 'technician',
};

/** An employee who may take deliveries now: of function Motoboy and not blocked. */
export function isActiveCourier(employee: { func: number; blocked: boolean } | null | undefined): boolean {
  return employee != null && employee.func === EMPLOYEE_FUNCS.DELIVERER && !employee.blocked;
}
