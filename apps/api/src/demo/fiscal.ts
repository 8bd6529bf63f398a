import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { seedIbpt } from './ibpt';
import { COMPANY } from './settings';
import { demoAdminId } from './staff';

/**
 * The demo's fiscal setup (issue 41 §1): the issuer — Conecta Cell, Simples Nacional, in São Paulo, in homologação,
 * NF-e and NFC-e of series 1 from number 1 — and two profiles: the resale of accessories (the default: CFOP
 * 5102/6102, CSOSN 102) and the phones, whose ICMS the state charges by substitution before they reach the shop
 * (CFOP 5405/6404, CSOSN 500). No certificate: an A1 is the shop's own, uploaded in 'Configurações' → 'Fiscal';
 * until then emitting says so. The products carry the NCM of their kind, its CEST (the phones' 21.053.00, which their
 * ICMS-ST notes need: rule 806) and a GTIN-13 (products.ts).
 */
export async function seedFiscal(trx: Transaction<Database>, anchor: number): Promise<Record<string, number>> {
  const admin = await demoAdminId(trx);
  const at = new Date(anchor - 30 * 86_400_000);
  await trx
    .insertInto('fiscal_issuer')
    .values({
      company_id: COMPANY.id,
      cnpj: COMPANY.cnpj,
      // SP's IE, its two check digits worked out (110030400125).
      ie: '110030400125',
      legal_name: COMPANY.name,
      trade_name: 'Conecta Cell',
      crt: 1,
      street: 'Rua Santa Ifigênia',
      number: '295',
      complement: 'Loja 12',
      district: 'Santa Ifigênia',
      cep: '01207001',
      uf: 'SP',
      city_name: 'São Paulo',
      city_code: '3550308',
      phone: '1133334455',
      environment: 2,
      nfe_series: 1,
      nfe_next_number: 1,
      nfce_series: 1,
      nfce_next_number: 1,
      updated_by: admin,
      updated_at: at,
    })
    .execute();
  const profile = (name: string, isDefault: boolean, cfop: [string, string], csosn: string) => ({
    name,
    is_default: isDefault,
    cfop_in_state: cfop[0],
    cfop_out_of_state: cfop[1],
    icms_cst: null,
    icms_csosn: csosn,
    icms_rate_ten_thousandths: 0,
    pis_cst: '49',
    pis_rate_ten_thousandths: 0,
    cofins_cst: '49',
    cofins_rate_ten_thousandths: 0,
    created_by: admin,
    updated_by: admin,
    created_at: at,
    updated_at: at,
  });
  const [, phones] = await trx
    .insertInto('fiscal_profiles')
    .values([
      profile('Revenda de acessórios - Simples', true, ['5102', '6102'], '102'),
      profile('Celulares com ICMS-ST - Simples', false, ['5405', '6404'], '500'),
    ])
    .returning('id')
    .execute();
  const assigned = await trx
    .updateTable('products')
    .set({ fiscal_profile_id: phones?.id ?? null })
    .where('ncm', '=', '85171300')
    .executeTakeFirst();
  // Issue 55 §2: the approximate taxes' table of the demo's NCMs (ibpt.ts).
  const ibptRows = await seedIbpt(trx, anchor);
  // The repairs' NFS-e (decision 0095): the shop, an ME/EPP, says its approximate Simples Nacional rate (the DPS's
  // pTotTribSN; without it emitting is refused). 6,00 %: the nominal rate of LC 123/2006's Anexo III (services) in
  // its first bracket, a demonstration figure the shop replaces by its own DAS's effective rate.
  await trx
    .updateTable('nfse_settings')
    .set({ simples_tax_rate_hundredths: 600, updated_by: admin, updated_at: at })
    .execute();
  return {
    fiscal_profiles: 2,
    products_with_fiscal_profile: Number(assigned.numUpdatedRows),
    fiscal_ibpt_rates: ibptRows,
  };
}
