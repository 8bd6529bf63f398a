import { ORDER_STATUS } from '@backoffice/contract';
import {
  AliasNode,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  SelectQueryNode,
  TableNode,
  type UnknownRow,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signIn, type TestApp } from '../../test/helpers';
import { createOrder, createOrderWorld, type OrderWorld, picture } from './test-orders';

const S = ORDER_STATUS;

function tableOf(node: OperationNode): string | undefined {
  if (TableNode.is(node)) return node.table.identifier.name;
  if (AliasNode.is(node)) return tableOf(node.node);
  return undefined;
}

/** Records the tables the app's SELECTs read FROM (joins are not reads of their own). */
class SelectsFrom implements KyselyPlugin {
  tables: string[] = [];
  transformQuery(args: PluginTransformQueryArgs) {
    if (SelectQueryNode.is(args.node)) {
      for (const from of args.node.from?.froms ?? []) {
        const table = tableOf(from);
        if (table) this.tables.push(table);
      }
    }
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

const log = new SelectsFrom();
let t: TestApp;
let world: OrderWorld;
const tokens = {} as Record<'admin' | 'attendant' | 'stocker' | 'courier', string>;

beforeAll(async () => {
  t = await createTestApp({ dbPlugins: [log] });
  world = await createOrderWorld(t.db);
  tokens.admin = await signIn(t.app, 'admin@demo.com.br');
  tokens.attendant = await signIn(t.app, 'atendente@demo.com.br');
  tokens.stocker = await signIn(t.app, 'estoquista@demo.com.br');
  tokens.courier = await signIn(t.app, 'motoboy@demo.com.br');
});
afterAll(() => t?.close());

/** The reads of `employees` one request makes (the auth hook's included). */
async function employeeReads(method: 'PATCH' | 'POST', url: string, token: string, payload: object) {
  log.tables = [];
  const res = await t.app.inject({ method, url: `/api${url}`, headers: bearer(token), payload });
  expect(res.statusCode, res.body).toBe(200);
  return log.tables.filter((table) => table === 'employees').length;
}

describe('one read of the employee per move (issue 16 §1)', () => {
  it('a move reads the acting employee once: the auth hook, whose principal carries the function', async () => {
    const approving = await createOrder(t.db, world, { status: S.AGUARDANDO_APROVACAO });
    expect(await employeeReads('PATCH', '/workflow/order/approve', tokens.attendant, { orderId: approving.id })).toBe(
      1,
    );

    const preparing = await createOrder(t.db, world, { status: S.AGUARDANDO_ESTOQUISTA });
    expect(await employeeReads('PATCH', '/workflow/order/prepare', tokens.stocker, { orderId: preparing.id })).toBe(1);
    const jpeg = await picture('jpeg');
    expect(
      await employeeReads('PATCH', '/workflow/order/pack', tokens.stocker, { orderId: preparing.id, images: [jpeg] }),
    ).toBe(1);

    // The courier collects an order nobody has taken (it becomes his), then delivers it.
    expect(await employeeReads('PATCH', '/workflow/order/withdraw', tokens.courier, { orderId: preparing.id })).toBe(1);
    const png = await picture('png');
    expect(
      await employeeReads('PATCH', '/workflow/order/deliver', tokens.courier, {
        orderId: preparing.id,
        signature: png,
      }),
    ).toBe(1);

    const cancelling = await createOrder(t.db, world, { status: S.AGUARDANDO_MOTOBOY });
    expect(
      await employeeReads('PATCH', '/workflow/order/cancel', tokens.admin, {
        orderId: cancelling.id,
        comment: 'Cliente desistiu',
      }),
    ).toBe(1);
  });
});
