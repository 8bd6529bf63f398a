import { REPAIR_TRANSITIONS, type RepairEffect, type RepairRequirement } from '@backoffice/contract';
import { describe, expect, it } from 'vitest';
import type { AppDeps } from '../../app-deps';
import { createRepairMoves } from './repair-moves';

/** Nothing is read or written while the moves are built: the table is checked before any service order moves. */
const deps = { db: {}, storage: {} } as unknown as Pick<AppDeps, 'db' | 'storage'>;

describe("the repairs' moves on the state machines' engine (issue 60 §4)", () => {
  it('every requirement and effect of REPAIR_TRANSITIONS has its check or handler: the moves are built', () => {
    expect(() => createRepairMoves(deps)).not.toThrow();
  });

  it('a row naming a step nothing handles refuses the start, naming it (the table is read, not decoration)', () => {
    const [first] = REPAIR_TRANSITIONS;
    if (!first) throw new Error('the table is empty');
    const polish = { ...first, does: [...first.does, 'polish' as RepairEffect] };
    expect(() => createRepairMoves(deps, [...REPAIR_TRANSITIONS, polish])).toThrow(
      'repairs: the table names steps nothing handles: polish',
    );
    const photo = { ...first, requires: ['photo' as RepairRequirement] };
    expect(() => createRepairMoves(deps, [photo])).toThrow('repairs: the table names steps nothing handles: photo');
  });

  it('the approval requires its payment and the delivery hands the bill over before the device leaves', () => {
    const approve = REPAIR_TRANSITIONS.find((t) => t.action === 'approve');
    const deliver = REPAIR_TRANSITIONS.find((t) => t.action === 'deliver');
    expect(approve?.requires).toEqual(['payment']);
    expect(approve?.does).toEqual(['takeParts', 'bill']);
    expect(deliver?.does).toEqual(['handOverBill', 'storeSignature', 'erasePassword', 'startWarranty']);
  });
});
