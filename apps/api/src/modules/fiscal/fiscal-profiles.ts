import {
  CEST_TEXTS,
  FISCAL_SETUP_TEXTS,
  type FiscalProfile,
  type FiscalProfileInput,
  icmsCodeKindOf,
  isSubstitutionCode,
  percentToTenThousandths,
  TAX_REGIMES,
  tenThousandthsToPercent,
} from '@backoffice/contract';
import type { DB } from '../../db/database';
import type { Executor } from '../../db/executor';
import { recordAudit, recordAudits } from '../../lib/audit';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/sql-errors';
import type { Principal } from '../../plugins/auth';
import { type ProfileRow, type ProfileValues, fiscalRepository as repo } from './fiscal.repository';

/**
 * 'Perfis fiscais' (issue 41 §1): the taxes of a kind of product, assigned to products so nobody fills taxes per item.
 * Rates travel in % with up to four decimals and are kept as integer ten-thousandths of a percent (decision 0056).
 */

const percent = (value: number | null) => (value === null ? null : tenThousandthsToPercent(value));

export function profileView(row: ProfileRow): FiscalProfile {
  const hasIbsCbs =
    row.ibs_cbs_cst !== null &&
    row.c_class_trib !== null &&
    row.cbs_rate_ten_thousandths !== null &&
    row.ibs_uf_rate_ten_thousandths !== null &&
    row.ibs_mun_rate_ten_thousandths !== null;
  return {
    id: row.id,
    name: row.name,
    isDefault: row.is_default,
    cfopInState: row.cfop_in_state,
    cfopOutOfState: row.cfop_out_of_state,
    icmsCst: row.icms_cst,
    icmsCsosn: row.icms_csosn,
    icmsRate: tenThousandthsToPercent(row.icms_rate_ten_thousandths),
    pisCst: row.pis_cst,
    pisRate: tenThousandthsToPercent(row.pis_rate_ten_thousandths),
    cofinsCst: row.cofins_cst,
    cofinsRate: tenThousandthsToPercent(row.cofins_rate_ten_thousandths),
    ibsCbs: hasIbsCbs
      ? {
          cst: row.ibs_cbs_cst as string,
          cClassTrib: row.c_class_trib as string,
          cbsRate: percent(row.cbs_rate_ten_thousandths) as number,
          ibsUfRate: percent(row.ibs_uf_rate_ten_thousandths) as number,
          ibsMunRate: percent(row.ibs_mun_rate_ten_thousandths) as number,
        }
      : null,
    productCount: Number(row.product_count),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

function valuesOf(input: FiscalProfileInput): ProfileValues {
  return {
    name: input.name,
    is_default: input.isDefault,
    cfop_in_state: input.cfopInState,
    cfop_out_of_state: input.cfopOutOfState,
    icms_cst: input.icmsCst,
    icms_csosn: input.icmsCsosn,
    icms_rate_ten_thousandths: percentToTenThousandths(input.icmsRate),
    pis_cst: input.pisCst,
    pis_rate_ten_thousandths: percentToTenThousandths(input.pisRate),
    cofins_cst: input.cofinsCst,
    cofins_rate_ten_thousandths: percentToTenThousandths(input.cofinsRate),
    ibs_cbs_cst: input.ibsCbs?.cst ?? null,
    c_class_trib: input.ibsCbs?.cClassTrib ?? null,
    cbs_rate_ten_thousandths: input.ibsCbs ? percentToTenThousandths(input.ibsCbs.cbsRate) : null,
    ibs_uf_rate_ten_thousandths: input.ibsCbs ? percentToTenThousandths(input.ibsCbs.ibsUfRate) : null,
    ibs_mun_rate_ten_thousandths: input.ibsCbs ? percentToTenThousandths(input.ibsCbs.ibsMunRate) : null,
  };
}

/** What the audit keeps of a profile (its fields as answered, without counts and times). */
const audited = (view: FiscalProfile) => {
  const { productCount: _count, updatedAt: _at, id: _id, ...fields } = view;
  return fields;
};

/**
 * The ICMS code must be the saved issuer's regime's: CSOSN for Simples Nacional, its excess and MEI (CRT 1, 2, 4),
 * CST for Regime Normal (3). Before the issuer is saved either is taken; a regime changed later leaves its profiles
 * to be edited (the emitting code refuses a note whose profile does not fit).
 */
async function checkRegime(db: Executor, input: FiscalProfileInput) {
  const issuer = await repo.issuer(db);
  if (!issuer) return;
  const wanted = icmsCodeKindOf(issuer.crt);
  const given = input.icmsCsosn !== null ? 'CSOSN' : 'CST';
  if (given !== wanted) {
    const regime = TAX_REGIMES.find((r) => r.code === issuer.crt)?.label ?? `CRT ${issuer.crt}`;
    throw badRequest(FISCAL_SETUP_TEXTS.icmsCodeForRegime(wanted, regime), 'VALIDATION_FAILED');
  }
}

async function lockedProfile(trx: Executor, id: number): Promise<ProfileRow> {
  const row = await repo.lockProfile(trx, id);
  if (!row) throw notFound(FISCAL_SETUP_TEXTS.profileNotFound);
  return row;
}

const nameTaken = (name: string) => conflict(FISCAL_SETUP_TEXTS.profileNameTaken(name), 'DUPLICATE');

export async function listProfiles(db: Executor): Promise<FiscalProfile[]> {
  return (await repo.profiles(db)).map(profileView);
}

/** POST /fiscal/profiles: a new profile (a unique name whatever its case; the default makes the others not). */
export async function createProfile(db: DB, principal: Principal, input: FiscalProfileInput): Promise<FiscalProfile> {
  await checkRegime(db, input);
  try {
    const id = await db.transaction().execute(async (trx) => {
      if (await repo.profileNameTaken(trx, input.name)) throw nameTaken(input.name);
      if (input.isDefault) await repo.clearDefault(trx);
      const created = await repo.insertProfile(trx, valuesOf(input), principal.employeeId);
      const view = profileView((await repo.profile(trx, created)) as ProfileRow);
      await recordAudit(trx, {
        employeeId: principal.employeeId,
        entity: 'fiscal_profile',
        entityId: created,
        action: 'create',
        changes: audited(view),
      });
      return created;
    });
    return profileView((await repo.profile(db, id)) as ProfileRow);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(input.name);
    throw error;
  }
}

/** PUT /fiscal/profiles/{id}: the whole profile again; audited with before and after. */
export async function updateProfile(
  db: DB,
  principal: Principal,
  id: number,
  input: FiscalProfileInput,
): Promise<FiscalProfile> {
  await checkRegime(db, input);
  try {
    await db.transaction().execute(async (trx) => {
      const current = await lockedProfile(trx, id);
      if (await repo.profileNameTaken(trx, input.name, id)) throw nameTaken(input.name);
      if (input.isDefault) await repo.clearDefault(trx, id);
      await repo.updateProfile(trx, id, valuesOf(input), principal.employeeId);
      const after = profileView((await repo.profile(trx, id)) as ProfileRow);
      await recordAudit(trx, {
        employeeId: principal.employeeId,
        entity: 'fiscal_profile',
        entityId: id,
        action: 'update',
        changes: { before: audited(profileView(current)), after: audited(after) },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(input.name);
    throw error;
  }
  return profileView((await repo.profile(db, id)) as ProfileRow);
}

/** DELETE /fiscal/profiles/{id}: refused (409) while a product is invoiced with it; audited. */
export async function deleteProfile(db: DB, principal: Principal, id: number): Promise<{ id: number }> {
  await db.transaction().execute(async (trx) => {
    const current = await lockedProfile(trx, id);
    const count = Number(current.product_count);
    if (count > 0) throw conflict(FISCAL_SETUP_TEXTS.profileInUse(current.name, count), 'IN_USE', { products: count });
    await repo.deleteProfile(trx, id);
    await recordAudit(trx, {
      employeeId: principal.employeeId,
      entity: 'fiscal_profile',
      entityId: id,
      action: 'delete',
      changes: audited(profileView(current)),
    });
  });
  return { id };
}

/**
 * PUT /fiscal/profiles/{id}/products: the products take the profile, all or none (one transaction, the profile and
 * the products locked; an unknown product 404 naming each). One audit row per product that changed (in its
 * history: the profile before and after).
 */
export async function assignProfile(
  db: DB,
  principal: Principal,
  id: number,
  productIds: readonly number[],
): Promise<{ profile: FiscalProfile; assigned: number }> {
  await db.transaction().execute(async (trx) => {
    const profile = await lockedProfile(trx, id);
    const products = await repo.lockProducts(trx, productIds);
    const found = new Set(products.map((p) => p.id));
    const missing = productIds.filter((productId) => !found.has(productId));
    if (missing.length > 0) throw notFound(FISCAL_SETUP_TEXTS.productsNotFound(missing), { productIds: missing });
    const moving = products.filter((p) => p.fiscal_profile_id !== id);
    // Issue 55 §2: a product invoiced under ICMS-ST needs its CEST (806); those without one are named.
    const withoutCest = moving.filter((p) => !p.cest);
    if (isSubstitutionCode(profile.icms_csosn ?? profile.icms_cst) && withoutCest.length > 0)
      throw badRequest(
        CEST_TEXTS.requiredForProfile(withoutCest.map((p) => `${p.code} (${p.name})`)),
        'VALIDATION_FAILED',
        { productIds: withoutCest.map((p) => p.id) },
      );
    await repo.assignProducts(
      trx,
      id,
      moving.map((p) => p.id),
    );
    await recordAudits(
      trx,
      moving.map((p) => ({
        employeeId: principal.employeeId,
        entity: 'product',
        entityId: p.code,
        action: 'update',
        changes: { fiscalProfile: { from: p.profile_name, to: profile.name } },
      })),
    );
  });
  return { profile: profileView((await repo.profile(db, id)) as ProfileRow), assigned: productIds.length };
}
