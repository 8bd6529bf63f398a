/**
 * The NF-e's contingency in the SEFAZ Virtual de Contingência (issue 56 §2, decision 0083): the state of it, entering
 * it (the shop, with its justification; or by itself after three outages of the state's authoriser in a row within
 * ten minutes), leaving it (the shop; or by itself, contingency-round.ts, when the state's SEFAZ answers its status
 * service with 107), and the kind of emission a new NF-e takes meanwhile (tpEmis 6 SVC-AN, 7 SVC-RS, with the
 * contingency's dhCont and xJust). The SVC each state uses is sefaz/svc.ts's table.
 */
import {
  formatBusinessDateTimeMinutes,
  NFE_CONTINGENCY_TEXTS,
  type NfeContingency,
  type NfeContingencyEnterBody,
  toBusinessTimestamp,
  withBusinessOffset,
} from '@backoffice/contract';
import type { Executor } from '../../../db/executor';
import { recordAudit } from '../../../lib/audit';
import { conflict } from '../../../lib/errors';
import type { Principal } from '../../../plugins/auth';
import { readIssuer } from '../fiscal.service';
import type { NfeEmission, NfeInput } from '../nfe/nfe-input';
import { SVC_EMISSION_TYPE, type SvcName, svcOf } from '../sefaz/svc';
import { contingencyRepository as repo } from './contingency.repository';
import type { NoteRow } from './notes.repository';
import type { NotesContext } from './notes-context';

/** Outages of the state's authoriser in a row that enter the SVC by themselves, and the window they fall in. */
export const AUTOMATIC_OUTAGES = 3;
export const AUTOMATIC_WINDOW_MINUTES = 10;

/** The kind of emission of a new note of `model`: the SVC's while the NF-e is in contingency, else normal. */
export async function emissionNow(db: Executor, model: 55 | 65): Promise<NfeEmission> {
  if (model !== 55) return { type: 'normal' };
  const open = await repo.open(db);
  if (!open) return { type: 'normal' };
  return {
    type: 'svc',
    code: SVC_EMISSION_TYPE[open.svc as SvcName],
    since: withBusinessOffset(toBusinessTimestamp(open.entered_at)),
    reason: open.reason,
  };
}

/** tpEmis of a note built from `input`, as fiscal_notes keeps it. */
export function emissionTypeOf(input: Pick<NfeInput, 'emission'>): 1 | 6 | 7 | 9 {
  const { emission } = input;
  return emission.type === 'svc' ? emission.code : emission.type === 'offline' ? 9 : 1;
}

/**
 * The SVC of the shop's state; 409 while the issuer is not saved, or while the notes go through Nuvem Fiscal (the
 * provider sends them and keeps its own contingency: ours would sign notes it does not expect).
 */
async function shopSvc(db: Executor): Promise<SvcName> {
  const issuer = await readIssuer(db);
  if (!issuer.saved || !issuer.address) throw conflict(NFE_CONTINGENCY_TEXTS.issuerMissing);
  if (issuer.transport === 'NUVEM_FISCAL') throw conflict(NFE_CONTINGENCY_TEXTS.throughProvider);
  return svcOf(issuer.address.uf);
}

/** Enters the SVC in `trx` (the open one locked first); 409 when it is in already. */
async function enterIn(trx: Executor, employeeId: number | null, reason: string, at: Date): Promise<void> {
  const open = await repo.open(trx, true);
  if (open) throw conflict(NFE_CONTINGENCY_TEXTS.alreadyIn(open.svc));
  const svc = await shopSvc(trx);
  // Entered by itself, the authoriser was away; entered by the shop, it is not known to be until a round sees it.
  const id = await repo.enter(trx, {
    svc,
    reason,
    entered_at: at,
    entered_by: employeeId,
    authoriser_away: employeeId === null,
  });
  await recordAudit(trx, {
    employeeId,
    entity: 'fiscal_nfe_contingency',
    entityId: id,
    action: 'create',
    changes: { svc, reason },
  });
}

/** Leaves the SVC in `trx`; false when it was not in. */
export async function leaveIn(trx: Executor, employeeId: number | null, why: string, at: Date): Promise<boolean> {
  const open = await repo.open(trx, true);
  if (!open) return false;
  await repo.leave(trx, open.id, { left_at: at, left_by: employeeId, left_reason: why });
  await recordAudit(trx, {
    employeeId,
    entity: 'fiscal_nfe_contingency',
    entityId: open.id,
    action: 'update',
    changes: { left: why },
  });
  return true;
}

/**
 * An NF-e the state's authoriser did not answer (a timeout, HTTP 5xx, 108/109): one more outage in a row; the third
 * within ten minutes enters the SVC by itself (nobody's, with the automatic justification). Never fails the send.
 */
export async function outageMet(context: NotesContext, row: NoteRow): Promise<void> {
  if (row.model !== 55 || row.emission_type !== 1 || (await context.providerOf())) return;
  const at = context.now();
  const since = new Date(at.getTime() - AUTOMATIC_WINDOW_MINUTES * 60_000);
  await context.db.transaction().execute(async (trx) => {
    const count = await repo.recordOutage(trx, at, row.id, since);
    if (await repo.open(trx, true)) return repo.authoriserAway(trx);
    if (count < AUTOMATIC_OUTAGES) return;
    await enterIn(trx, null, NFE_CONTINGENCY_TEXTS.automaticReason, at);
  });
}

/** The state's authoriser answered an NF-e (whatever it said): the outages in a row are over. */
export async function authoriserAnswered(context: NotesContext, row: NoteRow): Promise<void> {
  if (row.model === 55 && row.emission_type === 1) await repo.clearOutages(context.db);
}

/** GET/POST/DELETE /fiscal/notes/contingency. */
export function noteContingency(context: NotesContext) {
  const { db, now } = context;

  async function state(): Promise<NfeContingency> {
    const [open, pending, issuer] = await Promise.all([repo.open(db), repo.pending(db), readIssuer(db)]);
    const waiting = NFE_CONTINGENCY_TEXTS.pending(pending.nfe, pending.nfce);
    const active = open
      ? {
          svc: open.svc as SvcName,
          since: open.entered_at.toISOString(),
          reason: open.reason,
          enteredBy: open.entered_by ? { id: open.entered_by, name: open.entered_by_name ?? '' } : null,
        }
      : null;
    const message = open
      ? NFE_CONTINGENCY_TEXTS.active(open.svc, formatBusinessDateTimeMinutes(open.entered_at), waiting)
      : waiting
        ? NFE_CONTINGENCY_TEXTS.waiting(waiting)
        : null;
    return { active, svc: issuer.address ? svcOf(issuer.address.uf) : null, pending, message };
  }

  return {
    contingency: state,

    /** 'Entrar em contingência': the new NF-e go to the SVC, with this justification, from now. */
    async enterContingency(principal: Principal, body: NfeContingencyEnterBody): Promise<NfeContingency> {
      await db.transaction().execute((trx) => enterIn(trx, principal.employeeId, body.reason, now()));
      return state();
    },

    /** 'Sair da contingência': the new NF-e go to the state's SEFAZ again; 409 when not in. */
    async leaveContingency(principal: Principal): Promise<NfeContingency> {
      const left = await db
        .transaction()
        .execute((trx) => leaveIn(trx, principal.employeeId, NFE_CONTINGENCY_TEXTS.leftByShop, now()));
      if (!left) throw conflict(NFE_CONTINGENCY_TEXTS.notIn);
      return state();
    },
  };
}
