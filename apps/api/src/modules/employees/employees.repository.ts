import { sql } from 'kysely';
import type { Executor } from '../../db/executor';
import { ACCENT_FOLD } from '../../lib/sql-input';

/**
 * An employee's name lower-cased and without the accents of Portuguese, the expression of the trigram
 * index `employees_name_trgm` (migration 0030: `translate` is immutable, `unaccent` is not). Written
 * exactly as the index's so the planner matches them.
 */
export const EMPLOYEE_NAME_FOLD = ACCENT_FOLD;
const foldedName = sql<string>`translate(lower(employees.name), ${sql.lit(EMPLOYEE_NAME_FOLD.from)}, ${sql.lit(EMPLOYEE_NAME_FOLD.to)})`;

/** SQL of employees. Every function takes `db` or a transaction. The password hash never leaves here. */
export const employeesRepository = {
  /** Employees with their role; `email` narrows to one (case-insensitive). */
  select(db: Executor) {
    return db
      .selectFrom('employees')
      .leftJoin('roles', 'roles.id', 'employees.role_id')
      .select([
        'employees.id',
        'employees.name',
        'employees.email',
        'employees.phone',
        'employees.document',
        'employees.func',
        'employees.role_id',
        'employees.blocked',
        'roles.name as role_name',
        'roles.permissions as role_permissions',
      ]);
  },

  list(db: Executor) {
    return employeesRepository.select(db).orderBy('employees.name').orderBy('employees.id').execute();
  },

  /** Employees whose accent-free name holds every word (LIKE patterns, already escaped), by name. */
  searchByName(db: Executor, patterns: string[], limit: number) {
    let query = employeesRepository.select(db);
    for (const pattern of patterns) query = query.where(foldedName, 'like', pattern);
    return query.orderBy('employees.name').orderBy('employees.id').limit(limit).execute();
  },

  findByEmail(db: Executor, email: string) {
    return employeesRepository
      .select(db)
      .where((eb) => eb(eb.fn('lower', ['employees.email']), '=', email.toLowerCase()))
      .executeTakeFirst();
  },

  findByDocument(db: Executor, document: string) {
    return db.selectFrom('employees').select(['id']).where('document', '=', document).executeTakeFirst();
  },

  findById(db: Executor, id: number) {
    return employeesRepository.select(db).where('employees.id', '=', id).executeTakeFirst();
  },

  /** `{id, name}` of the employees of one function, by name; `activeOnly` leaves blocked ones out. */
  listRefs(db: Executor, func: number, activeOnly: boolean) {
    let query = db.selectFrom('employees').select(['id', 'name']).where('func', '=', func);
    if (activeOnly) query = query.where('blocked', '=', false);
    return query.orderBy('name').orderBy('id').execute();
  },

  findRole(db: Executor, id: number) {
    return db.selectFrom('roles').select(['id', 'name', 'permissions']).where('id', '=', id).executeTakeFirst();
  },

  insert(
    db: Executor,
    employee: { name: string; email: string; phone: string; document: string; func: number; roleId: number | null },
  ) {
    return db
      .insertInto('employees')
      .values({
        name: employee.name,
        email: employee.email,
        phone: employee.phone,
        document: employee.document,
        func: employee.func,
        role_id: employee.roleId,
        password_hash: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  },

  update(
    db: Executor,
    id: number,
    changes: {
      name: string;
      phone: string;
      document: string;
      roleId: number;
      blocked: boolean;
      /** Raise the token version: every token issued before stops working (a block). */
      endSessions: boolean;
    },
  ) {
    return db
      .updateTable('employees')
      .set((eb) => ({
        name: changes.name,
        phone: changes.phone,
        document: changes.document,
        role_id: changes.roleId,
        blocked: changes.blocked,
        updated_at: new Date(),
        ...(changes.endSessions ? { token_version: eb('token_version', '+', 1) } : {}),
      }))
      .where('id', '=', id)
      .execute();
  },
};

export type EmployeeRow = NonNullable<Awaited<ReturnType<typeof employeesRepository.findById>>>;
