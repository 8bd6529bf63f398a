import {
  type Deliverer,
  EMPLOYEE_FUNC_LABELS,
  EMPLOYEE_FUNC_OF_KIND,
  EMPLOYEE_FUNCS,
  EMPLOYEE_TEXTS,
  type Employee,
  type EmployeeFunc,
  type EmployeeKind,
} from '@backoffice/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app-deps';
import type { Executor } from '../../db/executor';
import { diff, recordAudit } from '../../lib/audit';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/sql-errors';
import { searchWords } from '../../lib/sql-input';
import type { Principal } from '../../plugins/auth';
import { activationMail, deliver, issueCode } from '../accounts/accounts.service';
import { countActiveFullAccess, grantsFullAccess, holdsAll, lockFullAccessChanges } from '../roles/roles.service';
import { type EmployeeRow, employeesRepository } from './employees.repository';

/** The validated body of signup (contract's employeeSignupSchema output). */
export interface SignupData {
  name: string;
  func: number;
  document: string;
  email: string;
  phone: string;
  roleId?: number | null;
}

/** The validated body of update (contract's employeeUpdateSchema output). */
export interface UpdateData {
  name: string;
  document: string;
  email: string;
  phone: string;
  roleId: number;
  blocked?: boolean;
}

function toEmployee(row: EmployeeRow): Employee {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    document: row.document,
    func: row.func,
    type: EMPLOYEE_FUNC_LABELS[row.func as EmployeeFunc] ?? '',
    roleId: row.role_id,
    role: row.role_name,
    roles: row.role_id !== null && row.role_name !== null ? [{ id: row.role_id, name: row.role_name }] : [],
    isBlocked: row.blocked,
    blocked: row.blocked,
  };
}

/** The command palette's employees (issue 20 §2): every word in the accent- and case-free name, by name. */
export async function searchEmployees(db: Executor, term: string, limit: number): Promise<Employee[]> {
  const words = searchWords(term);
  if (!words.length) return [];
  const rows = await employeesRepository.searchByName(
    db,
    words.map((word) => `%${word}%`),
    limit,
  );
  return rows.map(toEmployee);
}

/**
 * Rules of employees: CPF, phone and e-mail validated by the contract; the e-mail is unique and
 * identifies the employee (it never changes), the function is fixed by the path, the role must exist,
 * nobody hands out or edits permissions they do not hold themselves, and the last non-blocked employee
 * with full:access can be neither blocked nor moved to a lesser role. Blocking ends the employee's
 * sessions (their tokens stop working, also after an unblock). A new employee has no password:
 * a one-time activation code (48 hours) and the 'Criar minha senha' link are e-mailed to them. Every
 * change is audited.
 */
export function createEmployeesService({ db, config, mailer }: AppDeps, log: FastifyBaseLogger) {
  async function checkRole(trx: Parameters<typeof employeesRepository.findRole>[0], actor: Principal, id: number) {
    const role = await employeesRepository.findRole(trx, id);
    if (!role) throw badRequest(EMPLOYEE_TEXTS.roleNotFound);
    if (!holdsAll(actor.permissions, role.permissions)) throw forbidden(EMPLOYEE_TEXTS.roleNotHeld);
    return role;
  }

  return {
    async list(): Promise<Employee[]> {
      return (await employeesRepository.list(db)).map(toEmployee);
    },

    async get(email: string): Promise<Employee> {
      const row = await employeesRepository.findByEmail(db, email);
      if (!row) throw notFound(EMPLOYEE_TEXTS.notFound);
      return toEmployee(row);
    },

    /** Motoboys that may be given work: blocked ones are left out. */
    deliverers(): Promise<Deliverer[]> {
      return employeesRepository.listRefs(db, EMPLOYEE_FUNCS.DELIVERER, true);
    },

    /** Every attendant, blocked ones included: the reports that use this list look back in time. */
    attendants(): Promise<Deliverer[]> {
      return employeesRepository.listRefs(db, EMPLOYEE_FUNCS.ATTENDANT, false);
    },

    async create(actor: Principal, kind: EmployeeKind, input: SignupData): Promise<Employee> {
      if (input.func !== EMPLOYEE_FUNC_OF_KIND[kind]) throw badRequest(EMPLOYEE_TEXTS.funcMismatch);
      const { employee, code } = await db
        .transaction()
        .execute(async (trx) => {
          const roleId = input.roleId ?? null;
          if (roleId !== null) await checkRole(trx, actor, roleId);
          if (await employeesRepository.findByEmail(trx, input.email))
            throw conflict(EMPLOYEE_TEXTS.emailTaken, 'DUPLICATE');
          if (await employeesRepository.findByDocument(trx, input.document))
            throw conflict(EMPLOYEE_TEXTS.documentTaken, 'DUPLICATE');
          const { id } = await employeesRepository.insert(trx, { ...input, roleId });
          const code = await issueCode(trx, config.jwtSecret, id, 'activation');
          await recordAudit(trx, {
            employeeId: actor.employeeId,
            entity: 'employee',
            entityId: id,
            action: 'create',
            changes: {
              name: input.name,
              email: input.email,
              phone: input.phone,
              document: input.document,
              func: input.func,
              roleId,
            },
          });
          const row = await employeesRepository.findById(trx, id);
          if (!row) throw notFound(EMPLOYEE_TEXTS.notFound);
          return { employee: toEmployee(row), code };
        })
        .catch((error: unknown) => {
          throw isUniqueViolation(error) ? conflict(EMPLOYEE_TEXTS.emailTaken, 'DUPLICATE') : error;
        });
      log.info({ employeeId: employee.id, by: actor.employeeId }, 'employee created, activation code issued');
      await deliver(mailer, log, activationMail(employee.email, employee.name, code, config.publicUrl));
      return employee;
    },

    /** Edits name, document, phone, role and blocked of the employee the e-mail names. */
    async update(actor: Principal, kind: EmployeeKind, input: UpdateData): Promise<Employee> {
      return db.transaction().execute(async (trx) => {
        await lockFullAccessChanges(trx);
        const before = await employeesRepository.findByEmail(trx, input.email);
        if (!before) throw notFound(EMPLOYEE_TEXTS.notFound);
        if (before.func !== EMPLOYEE_FUNC_OF_KIND[kind]) throw badRequest(EMPLOYEE_TEXTS.funcMismatch);
        if (!holdsAll(actor.permissions, before.role_permissions)) throw forbidden(EMPLOYEE_TEXTS.targetNotHeld);
        const role = await checkRole(trx, actor, input.roleId);
        const sameDocument = await employeesRepository.findByDocument(trx, input.document);
        if (sameDocument && sameDocument.id !== before.id) throw conflict(EMPLOYEE_TEXTS.documentTaken, 'DUPLICATE');
        const blocked = input.blocked ?? before.blocked;
        if (before.id === actor.employeeId && (input.roleId !== before.role_id || blocked !== before.blocked)) {
          throw forbidden(EMPLOYEE_TEXTS.selfChange);
        }
        const hadFullAccess = !before.blocked && grantsFullAccess(before.role_permissions);
        const keepsFullAccess = !blocked && grantsFullAccess(role.permissions);
        if (hadFullAccess && !keepsFullAccess && (await countActiveFullAccess(trx, { employeeId: before.id })) === 0) {
          throw conflict(EMPLOYEE_TEXTS.lastFullAccess);
        }
        const after = { name: input.name, phone: input.phone, document: input.document, roleId: input.roleId, blocked };
        await employeesRepository.update(trx, before.id, { ...after, endSessions: blocked && !before.blocked });
        const changes = diff(
          {
            name: before.name,
            phone: before.phone,
            document: before.document,
            roleId: before.role_id,
            blocked: before.blocked,
          },
          after,
        );
        if (Object.keys(changes).length > 0) {
          await recordAudit(trx, {
            employeeId: actor.employeeId,
            entity: 'employee',
            entityId: before.id,
            action: changes.blocked ? (blocked ? 'block' : 'unblock') : 'update',
            changes,
          });
        }
        const row = await employeesRepository.findById(trx, before.id);
        if (!row) throw notFound(EMPLOYEE_TEXTS.notFound);
        return toEmployee(row);
      });
    },
  };
}
