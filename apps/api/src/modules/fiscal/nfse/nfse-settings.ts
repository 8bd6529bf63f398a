/**
 * 'Configurações' → 'Fiscal' → 'NFS-e' (issue 56 §4, decision 0085): whether the shop's city has joined the national
 * NFS-e, the service's LC 116/2003 item and national tax code, the ISS rate, the Simples situation and its approximate rate (decision 0095), the 'Inscrição municipal', the DPS series
 * and the Sefin Nacional's address per environment. The city (cLocEmi) is the issuer's ('Emitente').
 */
import type { NfseSettings, NfseSettingsBody } from '@backoffice/contract';
import type { DB } from '../../../db/database';
import type { Executor } from '../../../db/executor';
import { recordAudit } from '../../../lib/audit';
import type { Principal } from '../../../plugins/auth';
import { fiscalRepository } from '../fiscal.repository';
import { type NfseSettingsRow, nfseRepository as repo } from './nfse.repository';

export function settingsView(row: NfseSettingsRow, city: { code: string; name: string } | null): NfseSettings {
  return {
    national: row.national,
    serviceItem: row.service_item,
    nationalTaxCode: row.national_tax_code,
    issRate: row.iss_rate_hundredths / 100,
    simplesOption: row.simples_option as 1 | 2 | 3,
    specialRegime: row.special_regime,
    simplesTaxRate: row.simples_tax_rate_hundredths === null ? null : row.simples_tax_rate_hundredths / 100,
    municipalRegistration: row.municipal_registration,
    dpsSeries: row.dps_series,
    nextDpsNumber: Number(row.next_dps_number),
    productionUrl: row.production_url,
    homologationUrl: row.homologation_url,
    cityCode: city?.code ?? null,
    cityName: city?.name ?? null,
  };
}

export async function readNfseSettings(db: Executor): Promise<NfseSettings> {
  const [row, issuer] = await Promise.all([repo.settings(db), fiscalRepository.issuer(db)]);
  return settingsView(row, issuer ? { code: issuer.city_code, name: issuer.city_name } : null);
}

/** PUT: the settings saved and audited, in one transaction. */
export async function saveNfseSettings(db: DB, principal: Principal, body: NfseSettingsBody) {
  await db.transaction().execute(async (trx) => {
    const before = await repo.settings(trx);
    const values = {
      national: body.national,
      service_item: body.serviceItem,
      national_tax_code: body.nationalTaxCode,
      iss_rate_hundredths: Math.round(body.issRate * 100),
      simples_option: body.simplesOption,
      special_regime: body.specialRegime,
      // Left out of the body: kept as it was.
      simples_tax_rate_hundredths:
        body.simplesTaxRate === undefined
          ? before.simples_tax_rate_hundredths
          : body.simplesTaxRate === null
            ? null
            : Math.round(body.simplesTaxRate * 100),
      municipal_registration:
        body.municipalRegistration === undefined ? before.municipal_registration : body.municipalRegistration,
      dps_series: body.dpsSeries,
      production_url: body.productionUrl,
      homologation_url: body.homologationUrl,
    };
    await repo.saveSettings(trx, { ...values, updated_by: principal.employeeId, updated_at: new Date() });
    const changes = Object.fromEntries(
      Object.entries(values)
        .filter(([key, value]) => before[key as keyof typeof before] !== value)
        .map(([key, value]) => [key, { from: before[key as keyof typeof before], to: value }]),
    );
    await recordAudit(trx, {
      employeeId: principal.employeeId,
      entity: 'nfse_settings',
      entityId: 1,
      action: 'update',
      changes,
    });
  });
  return readNfseSettings(db);
}
