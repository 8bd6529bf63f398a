import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

export const accountsRepository = {
  /** The employee with that e-mail and the permissions of its role. */
  findLogin(db: Executor, email: string) {
    return db
      .selectFrom('employees')
      .leftJoin('roles', 'roles.id', 'employees.role_id')
      .select([
        'employees.id',
        'employees.name',
        'employees.email',
        'employees.password_hash',
        'employees.blocked',
        'roles.permissions',
      ])
      .where((eb) => eb(eb.fn('lower', ['employees.email']), '=', email.toLowerCase()))
      .executeTakeFirst();
  },
};
