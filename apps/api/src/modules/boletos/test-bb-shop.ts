import type { BbCobrancaConfig } from '../../config';
import { createTestApp, type DemoRole, signInAll, type TestApp } from '../../test/helpers';
import { createOrderWorld, type OrderWorld } from '../orders/test-orders';
import { startTestBbCobranca, type TestBbCobranca } from './test-bb-cobranca';

/** The shop's application at BB's API Cobranças in the tests (the double's). */
export const BB_APPLICATION = { clientId: 'loja-bb', clientSecret: 'segredo-bb', appKey: 'chave-app-bb' };

/**
 * The shop's boleto settings at BB: agency 1234-3, account 56789-0, convênio 7654321, carteira 17 variação 019, the
 * next nosso número's sequence `nextSequence`, remessa 7; the boleto híbrido on unless `pixHybrid` is false.
 */
export const bbBoletoSettings = (nextSequence: number, pixHybrid = true) => ({
  bankCode: '001' as const,
  agency: '1234',
  agencyDv: '3',
  account: '56789',
  accountDv: '0',
  convenio: '7654321',
  carteira: '17',
  variacao: '019',
  nextSequence,
  nextRemessa: 7,
  pixHybrid,
});

/** A test shop whose server talks to BB's double: the double, the app, an order world and every demo role signed in. */
export interface BbShop {
  bb: TestBbCobranca;
  t: TestApp;
  world: OrderWorld;
  tokens: Record<DemoRole, string>;
  /** The client configuration the app was given (the double's addresses and CA). */
  config: BbCobrancaConfig;
}

export async function startBbShop(): Promise<BbShop> {
  const bb = await startTestBbCobranca(BB_APPLICATION);
  const config = { apiUrl: bb.apiUrl, oauthUrl: bb.oauthUrl, ...BB_APPLICATION, ca: [bb.caPem] };
  const t = await createTestApp({ bbCobranca: config });
  return { bb, t, world: await createOrderWorld(t.db), tokens: await signInAll(t.app), config };
}
