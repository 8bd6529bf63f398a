import { REPAIR_TEXTS } from '@backoffice/contract';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { emptyRepairForm, imeiDigits, imeiProblem, repairBodyOf, repairFormSchema } from './repair-form';

/**
 * 490154203237518, the classic example IMEI. Its body 49015420323751 read from the right, every other digit doubled
 * (and 9 taken from a two-digit double): 1→2, 5, 7→5, 3, 2→4, 3, 0→0, 2, 4→8, 5, 1→2, 0, 9→9, 4; the sum is 52, so
 * the check digit is 10 − 2 = 8: …518 passes, …519 fails.
 */
const VALID = '490154203237518';
const WRONG_DIGIT = '490154203237519';

/** 12:00 in São Paulo on 10/03/2027: 'today' of the business. */
const NOW = new Date('2027-03-10T15:00:00Z');

const filled = () => ({
  ...emptyRepairForm(NOW),
  customer: { id: 7, name: 'Rita Reparo' },
  imei: VALID,
  model: ' iPhone 12 64 GB ',
  problem: 'Tela quebrada',
});

describe('the new service order form', () => {
  it('keeps only the digits of a typed or pasted IMEI, at most 15', () => {
    expect(imeiDigits('49-015420-323751-8')).toBe(VALID);
    expect(imeiDigits('4901542032375189999')).toBe(VALID);
  });

  it('says as typed how many digits are missing, then whether the check digit holds', () => {
    expect(imeiProblem('')).toBeNull();
    expect(imeiProblem('49015420323751')).toBe('Faltam 1 dígito.');
    expect(imeiProblem('4901542032')).toBe('Faltam 5 dígitos.');
    expect(imeiProblem(VALID)).toBeNull();
    expect(imeiProblem(WRONG_DIGIT)).toBe(REPAIR_TEXTS.imeiInvalid);
  });

  it('starts with the usual checklist unticked and the estimated day three days from today (13/03/2027)', () => {
    const form = emptyRepairForm(NOW);
    expect(form.checklist.map((c) => c.item)).toContain('Tela');
    expect(form.checklist.every((c) => !c.ok)).toBe(true);
    expect(form.estimatedDate?.format('DD/MM/YYYY')).toBe('13/03/2027');
  });

  it('asks the customer, a valid IMEI, the model and the problem, and refuses a day before today', () => {
    const schema = repairFormSchema(NOW);
    const empty = schema.safeParse({ ...emptyRepairForm(NOW), estimatedDate: dayjs('2027-03-09') });
    expect(empty.success).toBe(false);
    const messages = empty.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        `customer: ${REPAIR_TEXTS.customerInvalid}`,
        `imei: ${REPAIR_TEXTS.imeiInvalid}`,
        `model: ${REPAIR_TEXTS.modelRequired}`,
        `problem: ${REPAIR_TEXTS.problemRequired}`,
        `estimatedDate: ${REPAIR_TEXTS.datePast}`,
      ]),
    );
    // Today itself is allowed.
    expect(schema.safeParse({ ...filled(), estimatedDate: dayjs('2027-03-10') }).success).toBe(true);
    expect(schema.safeParse({ ...filled(), imei: WRONG_DIGIT }).success).toBe(false);
  });

  it('sends the body of POST /repairs: empty optional texts left out, the password as typed, the day as YYYY-MM-DD', () => {
    const parsed = repairFormSchema(NOW).parse({
      ...filled(),
      devicePassword: ' 1 4 7 ',
      checklist: [
        { item: 'Tela', ok: false },
        { item: 'Câmera', ok: true },
      ],
      accessories: '  Capinha ',
      estimatedDate: dayjs('2027-03-15'),
    });
    expect(repairBodyOf(parsed)).toEqual({
      customerId: 7,
      imei: VALID,
      model: 'iPhone 12 64 GB',
      devicePassword: ' 1 4 7 ',
      problem: 'Tela quebrada',
      checklist: [
        { item: 'Tela', ok: false },
        { item: 'Câmera', ok: true },
      ],
      accessories: 'Capinha',
      photos: [],
      estimatedDate: '2027-03-15',
    });
    const bare = repairBodyOf(repairFormSchema(NOW).parse(filled()));
    expect(bare).not.toHaveProperty('devicePassword');
    expect(bare).not.toHaveProperty('conditionNotes');
    expect(bare).not.toHaveProperty('accessories');
  });
});
