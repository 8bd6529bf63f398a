import { businessDay, luhnCheckDigit, shiftDay } from '@backoffice/contract';
import { expect } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp, useWorld } from '../../test/helpers';
import { picture } from '../orders/test-orders';

/** What the repairs' test files share: an app on a fresh database, the demo's tokens, the technician's id. */
export interface RepairsWorld {
  t: TestApp;
  admin: string;
  /** The demo's stocker (Estoque): neither 'Assistência técnica' nor the technician's function. */
  stocker: string;
  technician: string;
  technicianId: number;
}

/** A valid IMEI of the test's own (Luhn check digit). */
export function imeiOf(n: number): string {
  const body = `35${String(n).padStart(12, '0')}`;
  return `${body}${luhnCheckDigit(body)}`;
}

export async function openRepairsWorld(): Promise<RepairsWorld> {
  const t = await createTestApp();
  const admin = await signIn(t.app, DEMO.admin);
  const stocker = await signIn(t.app, DEMO.stocker);
  const technician = await signIn(t.app, DEMO.technician);
  const technicianId = (
    await t.db.selectFrom('employees').select('id').where('email', '=', DEMO.technician).executeTakeFirstOrThrow()
  ).id;
  return { t, admin, stocker, technician, technicianId };
}

/** The requests of the repairs' tests, on the world `world()` answers when called. */
export function repairCalls(world: () => RepairsWorld) {
  const call = (token: string, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object) =>
    world().t.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });

  async function openRepair(customerId: number, imei: string, extra: object = {}) {
    const res = await call(world().admin, 'POST', '/repairs', {
      customerId,
      imei,
      model: 'iPhone 12 64 GB',
      devicePassword: '1234',
      problem: 'Tela quebrada, touch não responde',
      checklist: [
        { item: 'Tela', ok: false },
        { item: 'Câmera', ok: true },
      ],
      accessories: 'Capinha',
      photos: [await picture()],
      estimatedDate: shiftDay(businessDay(new Date()), 3),
      ...extra,
    });
    expect(res.statusCode).toBe(201);
    return res.json().data as { id: number; status: string; statusUrl: string; hasDevicePassword: boolean };
  }

  return { call, openRepair };
}

/**
 * Opens the repairs' world before the file's tests and closes it after them: answers the world (filled in by beforeAll, an app
 * and a database of the file's own) and its calls.
 */
export const useRepairsWorld = () => useWorld(openRepairsWorld, repairCalls);
