import { GENERAL_REPORT_REGISTRY, GENERAL_REPORTS, REPORT_PATHS } from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';

describe('the general reports registry (contract) and the API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('declares each of the 17 reports of the spec once, in its order, then ours (18 to 21)', () => {
    expect(GENERAL_REPORT_REGISTRY.map((entry) => entry.number)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21,
    ]);
    expect(GENERAL_REPORT_REGISTRY.map((entry) => entry.label)).toEqual(Object.values(GENERAL_REPORTS));
  });

  it('reads every report from a route the API serves', () => {
    for (const path of Object.values(REPORT_PATHS)) {
      expect(t.app.hasRoute({ method: 'GET', url: `/api${path}` }), path).toBe(true);
    }
    for (const entry of GENERAL_REPORT_REGISTRY) expect(Object.values(REPORT_PATHS)).toContain(entry.path);
  });
});
