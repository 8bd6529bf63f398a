import { hasFullAccess } from '@backoffice/contract';
import type { Executor } from '../../db/executor';

const columns = ['id', 'name', 'permissions', 'max_discount_hundredths'] as const;

/** A role as answered: its maximum discount in % (stored in hundredths of a percent, 750 = 7,5 %). */
const toRole = (row: { id: number; name: string; permissions: string[]; max_discount_hundredths: number }) => ({
  id: row.id,
  name: row.name,
  permissions: row.permissions,
  maxDiscountPercentage: row.max_discount_hundredths / 100,
  maxDiscountHundredths: row.max_discount_hundredths,
});

/** SQL of roles. Every function takes `db` or a transaction. */
export const rolesRepository = {
  async list(db: Executor) {
    return (await db.selectFrom('roles').select(columns).orderBy('name').execute()).map(toRole);
  },
  async findById(db: Executor, id: number) {
    const row = await db.selectFrom('roles').select(columns).where('id', '=', id).executeTakeFirst();
    return row && toRole(row);
  },
  findByName(db: Executor, name: string) {
    return db
      .selectFrom('roles')
      .select(['id', 'name'])
      .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
      .executeTakeFirst();
  },
  /** The role of an employee (null without one). */
  async roleIdOf(db: Executor, employeeId: number): Promise<number | null> {
    const row = await db.selectFrom('employees').select('role_id').where('id', '=', employeeId).executeTakeFirst();
    return row?.role_id ?? null;
  },
  /**
   * An employee's maximum discount in hundredths of a percent, as their role says now: null (unlimited)
   * with full:access, 0 without a role.
   */
  async maxDiscountOf(db: Executor, employeeId: number): Promise<number | null> {
    const row = await db
      .selectFrom('employees')
      .innerJoin('roles', 'roles.id', 'employees.role_id')
      .select(['roles.permissions', 'roles.max_discount_hundredths'])
      .where('employees.id', '=', employeeId)
      .executeTakeFirst();
    if (!row) return 0;
    return hasFullAccess(row.permissions) ? null : row.max_discount_hundredths;
  },
  async insert(db: Executor, role: { name: string; permissions: string[]; max_discount_hundredths: number }) {
    const { id } = await db.insertInto('roles').values(role).returning('id').executeTakeFirstOrThrow();
    return (await rolesRepository.findById(db, id)) as NonNullable<
      Awaited<ReturnType<typeof rolesRepository.findById>>
    >;
  },
  async update(
    db: Executor,
    id: number,
    role: { name: string; permissions: string[]; max_discount_hundredths: number },
  ) {
    const row = await db
      .updateTable('roles')
      .set({ ...role, updated_at: new Date() })
      .where('id', '=', id)
      .returning('id')
      .executeTakeFirst();
    return row && rolesRepository.findById(db, id);
  },
};
