import type { Executor } from '../../db/executor';
import type { CodePurpose } from '../../db/schema';

/** An employee with the role that grants his permissions (none when he has no role). */
const withRole = (db: Executor) => db.selectFrom('employees').leftJoin('roles', 'roles.id', 'employees.role_id');
/** What signing in and the profile both read: who he is, his function, his password hash, his permissions. */
const SIGNED_IN_COLUMNS = [
  'employees.id',
  'employees.name',
  'employees.email',
  'employees.func',
  'employees.password_hash',
  'roles.permissions',
] as const;

export const accountsRepository = {
  /** The employee with that e-mail and the permissions of its role. */
  findLogin(db: Executor, email: string) {
    return withRole(db)
      .select([...SIGNED_IN_COLUMNS, 'employees.blocked', 'employees.token_version'])
      .where((eb) => eb(eb.fn('lower', ['employees.email']), '=', email.toLowerCase()))
      .executeTakeFirst();
  },

  /** The signed-in employee with its role (GET /accounts/me) and what a password change needs. */
  findProfile(db: Executor, employeeId: number) {
    return withRole(db)
      .select([
        ...SIGNED_IN_COLUMNS,
        'employees.phone',
        'employees.document',
        'roles.id as role_id',
        'roles.name as role_name',
      ])
      .where('employees.id', '=', employeeId)
      .executeTakeFirst();
  },

  /** Sets the password hash and raises the token version (every earlier token stops working). */
  async setPassword(db: Executor, employeeId: number, passwordHash: string): Promise<number> {
    const row = await db
      .updateTable('employees')
      .set((eb) => ({
        password_hash: passwordHash,
        token_version: eb('token_version', '+', 1),
        updated_at: new Date(),
      }))
      .where('id', '=', employeeId)
      .returning('token_version')
      .executeTakeFirstOrThrow();
    return row.token_version;
  },

  /** Raises the token version: every token issued before stops working (sign-out). */
  endSessions(db: Executor, employeeId: number) {
    return db
      .updateTable('employees')
      .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
      .where('id', '=', employeeId)
      .execute();
  },

  // ---------- one-time codes (password recovery and first access) ----------

  /** Burns the employee's unused codes (of one purpose when given): a new code supersedes older ones. */
  burnCodes(db: Executor, employeeId: number, now: Date, purpose?: CodePurpose) {
    let query = db
      .updateTable('password_codes')
      .set({ used_at: now })
      .where('employee_id', '=', employeeId)
      .where('used_at', 'is', null);
    if (purpose) query = query.where('purpose', '=', purpose);
    return query.execute();
  },

  insertCode(db: Executor, code: { employeeId: number; codeHash: string; expiresAt: Date; purpose: CodePurpose }) {
    return db
      .insertInto('password_codes')
      .values({
        employee_id: code.employeeId,
        code_hash: code.codeHash,
        expires_at: code.expiresAt,
        purpose: code.purpose,
      })
      .execute();
  },

  /**
   * The codes that are neither used nor expired, newest first, locked for the rest of the transaction. A
   * new code burns the older ones of its purpose, so there is at most one of each purpose.
   */
  findActiveCodes(db: Executor, employeeId: number, now: Date) {
    return db
      .selectFrom('password_codes')
      .select(['id', 'code_hash', 'failed_attempts', 'purpose'])
      .where('employee_id', '=', employeeId)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('id', 'desc')
      .forUpdate()
      .execute();
  },

  /** Counts a wrong try; the code is burnt when it reaches `maxAttempts`. */
  recordWrongCode(db: Executor, id: number, failedAttempts: number, maxAttempts: number, now: Date) {
    const attempts = failedAttempts + 1;
    return db
      .updateTable('password_codes')
      .set({ failed_attempts: attempts, ...(attempts >= maxAttempts ? { used_at: now } : {}) })
      .where('id', '=', id)
      .execute();
  },
};
