import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { unhandledWorkflowSteps } from './workflow.service';

/**
 * The workflow's requirements and effects are handlers: the order module's own, and those other modules
 * register in their service factory (payments: 'pixReceived'). Once the app is built, none of the table's is
 * left without one (a move needing it would be refused with a 500).
 */
describe("the order workflow's handlers", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 120_000);
  afterAll(() => t?.close());

  it('cover every requirement and effect of the transition table once the app is built', () => {
    expect(t.app).toBeDefined();
    expect(unhandledWorkflowSteps()).toEqual([]);
  });
});
