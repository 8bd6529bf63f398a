import { COMPANY_ID } from '@backoffice/contract';
import { type Insertable, type Selectable, sql } from 'kysely';
import type { Executor } from '../../db/executor';
import type { Database } from '../../db/schema';

/** The fiscal setup's SQL (issue 41 §1, migration 0073): the issuer, the certificate, the profiles. */

export type IssuerRow = Selectable<Database['fiscal_issuer']> & { updated_by_name: string | null };
export type IssuerValues = Omit<Insertable<Database['fiscal_issuer']>, 'company_id' | 'updated_at'>;
export type CertificateRow = Selectable<Database['fiscal_certificate']> & { uploaded_by_name: string | null };
export type CertificateValues = Omit<Insertable<Database['fiscal_certificate']>, 'company_id' | 'uploaded_at'>;
export type ProfileRow = Selectable<Database['fiscal_profiles']> & { product_count: number };
export type ProfileValues = Omit<
  Insertable<Database['fiscal_profiles']>,
  'id' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by'
>;

function selectIssuer(db: Executor) {
  return db
    .selectFrom('fiscal_issuer as i')
    .leftJoin('employees as e', 'e.id', 'i.updated_by')
    .selectAll('i')
    .select('e.name as updated_by_name')
    .where('i.company_id', '=', COMPANY_ID);
}

function selectCertificate(db: Executor) {
  return db
    .selectFrom('fiscal_certificate as c')
    .leftJoin('employees as e', 'e.id', 'c.uploaded_by')
    .selectAll('c')
    .select('e.name as uploaded_by_name')
    .where('c.company_id', '=', COMPANY_ID);
}

function selectProfiles(db: Executor) {
  return db
    .selectFrom('fiscal_profiles as p')
    .selectAll('p')
    .select(sql<number>`(select count(*) from products x where x.fiscal_profile_id = p.id)::int`.as('product_count'));
}

export const fiscalRepository = {
  /** The company's name and CNPJ of 'Configurações da Empresa' (the issuer's suggestion until it is saved). */
  async company(db: Executor) {
    return db
      .selectFrom('company_settings')
      .select(['name', 'cnpj'])
      .where('company_id', '=', COMPANY_ID)
      .executeTakeFirst();
  },

  async issuer(db: Executor): Promise<IssuerRow | undefined> {
    return selectIssuer(db).executeTakeFirst();
  },

  /** The issuer's row locked (a save, an upload and the numbering run one after the other), or undefined. */
  async lockIssuer(db: Executor): Promise<IssuerRow | undefined> {
    const locked = await db
      .selectFrom('fiscal_issuer')
      .select('company_id')
      .where('company_id', '=', COMPANY_ID)
      .forUpdate()
      .executeTakeFirst();
    return locked ? selectIssuer(db).executeTakeFirst() : undefined;
  },

  async saveIssuer(db: Executor, values: IssuerValues): Promise<void> {
    const row = { ...values, updated_at: new Date() };
    await db
      .insertInto('fiscal_issuer')
      .values({ company_id: COMPANY_ID, ...row })
      .onConflict((oc) => oc.column('company_id').doUpdateSet(row))
      .execute();
  },

  async certificate(db: Executor): Promise<CertificateRow | undefined> {
    return selectCertificate(db).executeTakeFirst();
  },

  async saveCertificate(db: Executor, values: CertificateValues): Promise<void> {
    const row = { ...values, uploaded_at: new Date() };
    await db
      .insertInto('fiscal_certificate')
      .values({ company_id: COMPANY_ID, ...row })
      .onConflict((oc) => oc.column('company_id').doUpdateSet(row))
      .execute();
  },

  async deleteCertificate(db: Executor): Promise<void> {
    await db.deleteFrom('fiscal_certificate').where('company_id', '=', COMPANY_ID).execute();
  },

  async profiles(db: Executor): Promise<ProfileRow[]> {
    return selectProfiles(db).orderBy(sql`lower(p.name)`).orderBy('p.id').execute();
  },

  async profile(db: Executor, id: number): Promise<ProfileRow | undefined> {
    return selectProfiles(db).where('p.id', '=', id).executeTakeFirst();
  },

  /** The profile's row locked (an edit, a removal, an assignment of it), or undefined. */
  async lockProfile(db: Executor, id: number): Promise<ProfileRow | undefined> {
    const locked = await db
      .selectFrom('fiscal_profiles')
      .select('id')
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    return locked ? selectProfiles(db).where('p.id', '=', id).executeTakeFirst() : undefined;
  },

  /** Another profile (not `exceptId`) has this name, whatever its case. */
  async profileNameTaken(db: Executor, name: string, exceptId?: number): Promise<boolean> {
    let query = db.selectFrom('fiscal_profiles').select('id').where(sql<boolean>`lower(name) = lower(${name})`);
    if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  },

  /** No profile is the default any more (but `exceptId`'s, when it is). */
  async clearDefault(db: Executor, exceptId?: number): Promise<void> {
    let query = db.updateTable('fiscal_profiles').set({ is_default: false }).where('is_default', '=', true);
    if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
    await query.execute();
  },

  async insertProfile(db: Executor, values: ProfileValues, employeeId: number): Promise<number> {
    const row = await db
      .insertInto('fiscal_profiles')
      .values({ ...values, created_by: employeeId, updated_by: employeeId })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  async updateProfile(db: Executor, id: number, values: ProfileValues, employeeId: number): Promise<void> {
    await db
      .updateTable('fiscal_profiles')
      .set({ ...values, updated_by: employeeId, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
  },

  async deleteProfile(db: Executor, id: number): Promise<void> {
    await db.deleteFrom('fiscal_profiles').where('id', '=', id).execute();
  },

  /** The products among `ids`, locked in id order, with the profile each has now (its name). */
  async lockProducts(db: Executor, ids: readonly number[]) {
    const locked = await db
      .selectFrom('products')
      .select('id')
      .where('id', 'in', [...ids])
      .orderBy('id')
      .forUpdate()
      .execute();
    if (locked.length === 0) return [];
    return db
      .selectFrom('products as p')
      .leftJoin('fiscal_profiles as f', 'f.id', 'p.fiscal_profile_id')
      .select(['p.id', 'p.code', 'p.name', 'p.cest', 'p.fiscal_profile_id', 'f.name as profile_name'])
      .where(
        'p.id',
        'in',
        locked.map((row) => row.id),
      )
      .orderBy('p.id')
      .execute();
  },

  /**
   * The products take the profile. Their `updated_at` stays: it is the time of the bell's low-stock item, which a
   * thousand products moved to a profile would otherwise all bring back to the top.
   */
  async assignProducts(db: Executor, profileId: number, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await db
      .updateTable('products')
      .set({ fiscal_profile_id: profileId })
      .where('id', 'in', [...ids])
      .execute();
  },
};
