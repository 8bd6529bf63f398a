import { businessDay } from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { DAY } from './clock';
import { demoAdminId } from './staff';
import { NCM } from './world/catalogue-kinds';

/**
 * The demo's IBPT table (issue 55 §2, decision 0077): São Paulo's rows for the NCMs the demo's products and repair
 * parts carry, so its consumer notes state their approximate taxes (Lei 12.741/2012). The rates are plausible, not
 * IBPT's published ones (its table is the shop's to download and import): the source says 'demonstração', the key
 * and version too. Valid from 30 days before the demo's day to 180 days after it.
 */
export const DEMO_IBPT = { key: 'DEMO26', version: '26.1.DEMO', source: 'IBPT (tabela de demonstração)' } as const;

/** NCM → description and the rates in percent: national federal, imported federal, state (SP), municipal. */
const ROWS: Record<string, [string, number, number, number, number]> = {
  [NCM.phone]: ['Telefones inteligentes (smartphones)', 15.28, 27.62, 18, 0],
  [NCM.case]: ['Outras obras de plásticos', 15.28, 22.43, 18, 0],
  [NCM.film]: ['Outras chapas, folhas e películas autoadesivas de plásticos', 15.28, 22.43, 18, 0],
  [NCM.charger]: ['Carregadores de acumuladores', 15.28, 27.62, 18, 0],
  [NCM.cable]: ['Outros condutores elétricos, com peças de conexão', 15.28, 24.53, 18, 0],
  [NCM.power]: ['Acumuladores de íons de lítio', 15.28, 27.62, 18, 0],
  [NCM.audio]: ['Fones de ouvido, mesmo combinados com microfone', 15.28, 33.04, 18, 0],
  [NCM.speaker]: ['Alto-falantes múltiplos montados no mesmo receptáculo', 15.28, 33.04, 18, 0],
  [NCM.memory]: ['Cartões de memória', 13.45, 15.45, 18, 0],
  // The repairs' parts.
  '85177900': ['Partes de aparelhos telefônicos', 15.28, 27.62, 18, 0],
};

const tenThousandths = (percent: number) => Math.round(percent * 10_000);

/** The table and its rows; answers how many rows. */
export async function seedIbpt(trx: Transaction<Database>, anchor: number): Promise<number> {
  const validFrom = businessDay(anchor - 30 * DAY);
  const validUntil = businessDay(anchor + 180 * DAY);
  await trx
    .insertInto('fiscal_ibpt_tables')
    .values({
      uf: 'SP',
      ...DEMO_IBPT,
      valid_from: validFrom,
      valid_until: validUntil,
      row_count: Object.keys(ROWS).length,
      imported_by: await demoAdminId(trx),
      imported_at: new Date(anchor - 30 * DAY),
    })
    .execute();
  await trx
    .insertInto('fiscal_ibpt_rates')
    .values(
      Object.entries(ROWS).map(([code, [description, national, imported, state, municipal]]) => ({
        uf: 'SP',
        code,
        ex: '',
        kind: 0,
        description,
        national_federal_rate_ten_thousandths: tenThousandths(national),
        imported_federal_rate_ten_thousandths: tenThousandths(imported),
        state_rate_ten_thousandths: tenThousandths(state),
        municipal_rate_ten_thousandths: tenThousandths(municipal),
        valid_from: validFrom,
        valid_until: validUntil,
      })),
    )
    .execute();
  return Object.keys(ROWS).length;
}
