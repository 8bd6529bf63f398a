import type { Executor } from '../../db/executor';

/** SQL of roles. Every function takes `db` or a transaction. */
export const rolesRepository = {
  list(db: Executor) {
    return db.selectFrom('roles').select(['id', 'name', 'permissions']).orderBy('name').execute();
  },
  findById(db: Executor, id: number) {
    return db.selectFrom('roles').select(['id', 'name', 'permissions']).where('id', '=', id).executeTakeFirst();
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
  insert(db: Executor, role: { name: string; permissions: string[] }) {
    return db.insertInto('roles').values(role).returning(['id', 'name', 'permissions']).executeTakeFirstOrThrow();
  },
  update(db: Executor, id: number, role: { name: string; permissions: string[] }) {
    return db
      .updateTable('roles')
      .set({ ...role, updated_at: new Date() })
      .where('id', '=', id)
      .returning(['id', 'name', 'permissions'])
      .executeTakeFirst();
  },
};
