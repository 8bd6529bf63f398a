import {
  COMPANY_ID,
  DEFAULT_FISCAL_ENVIRONMENT,
  DEFAULT_FISCAL_SERIES,
  FISCAL_SETUP_TEXTS,
  type FiscalIssuer,
  type FiscalIssuerInput,
  formatDocument,
  isValidCnpj,
  normalizeDocument,
  ufIbgeCode,
} from '@backoffice/contract';
import type { DB } from '../../db/database';
import type { Executor } from '../../db/executor';
import { recordAudit } from '../../lib/audit';
import { badRequest, conflict } from '../../lib/errors';
import { isoTimestamp } from '../../lib/iso-timestamp';
import { fiscalKey, open, seal } from '../../lib/secret-box';
import type { Principal } from '../../plugins/auth';
import { type IssuerRow, type IssuerValues, fiscalRepository as repo } from './fiscal.repository';
import { municipalityByCode, sameMunicipalityName } from './municipalities';
import type { NfeTechnicalContact } from './nfe/technical-contact';

/** The first eight characters of a CNPJ: its company (a branch differs after them; SEFAZ compares them, rule 213). */
export const cnpjBase = (cnpj: string) => normalizeDocument(cnpj).slice(0, 8);

/** The issuer as answered: never the CSC token itself (`cscConfigured`). */
export function issuerView(row: IssuerRow): FiscalIssuer {
  return {
    saved: true,
    cnpj: row.cnpj,
    ie: row.ie,
    legalName: row.legal_name,
    tradeName: row.trade_name,
    crt: row.crt,
    address: {
      street: row.street,
      number: row.number,
      complement: row.complement,
      district: row.district,
      cep: row.cep,
      uf: row.uf,
      cityCode: row.city_code,
      cityName: row.city_name,
    },
    phone: row.phone,
    environment: row.environment,
    nfe: { series: row.nfe_series, nextNumber: row.nfe_next_number },
    nfce: { series: row.nfce_series, nextNumber: row.nfce_next_number },
    cscId: row.csc_id,
    cscConfigured: row.csc_token_ciphertext !== null,
    transport: row.transport as FiscalIssuer['transport'],
    provider: {
      sandbox: row.provider_sandbox,
      clientId: row.provider_client_id,
      secretConfigured: row.provider_secret_ciphertext !== null,
    },
    autoEmit: row.auto_emit as FiscalIssuer['autoEmit'],
    pisCofinsNonCumulative: row.pis_cofins_non_cumulative,
    technicalContact:
      row.tech_cnpj && row.tech_contact && row.tech_email && row.tech_phone
        ? {
            cnpj: row.tech_cnpj,
            contact: row.tech_contact,
            email: row.tech_email,
            phone: row.tech_phone,
            csrtId: row.tech_csrt_id,
            csrtConfigured: row.tech_csrt_ciphertext !== null,
          }
        : null,
    updatedAt: isoTimestamp(row.updated_at),
    updatedBy: row.updated_by === null ? null : { id: row.updated_by, name: row.updated_by_name ?? '' },
  };
}

/** What the audit keeps of an issuer: its view without who and when (the audit row says it). */
function audited(view: FiscalIssuer | null) {
  if (!view) return null;
  const { saved: _saved, updatedAt: _at, updatedBy: _by, ...fields } = view;
  return fields;
}

/** Never saved: the company's CNPJ and name of 'Configurações da Empresa' as a suggestion, the rest to fill. */
async function suggestion(db: Executor): Promise<FiscalIssuer> {
  const company = await repo.company(db);
  const cnpj = company?.cnpj && isValidCnpj(company.cnpj) ? normalizeDocument(company.cnpj) : null;
  const name = company?.name?.trim().slice(0, 60) || null;
  const numbering = { series: DEFAULT_FISCAL_SERIES, nextNumber: 1 };
  return {
    saved: false,
    cnpj,
    ie: null,
    legalName: name,
    tradeName: null,
    crt: null,
    address: null,
    phone: null,
    environment: DEFAULT_FISCAL_ENVIRONMENT,
    nfe: numbering,
    nfce: numbering,
    cscId: null,
    cscConfigured: false,
    transport: 'SEFAZ',
    provider: { sandbox: true, clientId: null, secretConfigured: false },
    autoEmit: 'OFF',
    pisCofinsNonCumulative: false,
    technicalContact: null,
    updatedAt: null,
    updatedBy: null,
  };
}

/** GET /fiscal/issuer: the saved issuer, or the suggestion. */
export async function readIssuer(db: Executor): Promise<FiscalIssuer> {
  const row = await repo.issuer(db);
  return row ? issuerView(row) : suggestion(db);
}

/** The shop's phone as the fiscal profile keeps it (DDD and number, digits), or null while none is saved. */
export async function issuerPhone(db: Executor): Promise<string | null> {
  return (await repo.issuer(db))?.phone ?? null;
}

/** The IBGE table's municipality of the address (its code of the address's UF; a typed name must be its name). */
function checkedMunicipality(address: FiscalIssuerInput['address']) {
  const municipality = municipalityByCode(address.cityCode);
  if (!municipality) throw badRequest(FISCAL_SETUP_TEXTS.cityCodeUnknown(address.cityCode), 'VALIDATION_FAILED');
  if (municipality.uf !== address.uf) {
    throw badRequest(FISCAL_SETUP_TEXTS.cityCodeOtherUf(address.uf, ufIbgeCode(address.uf) ?? 0), 'VALIDATION_FAILED');
  }
  if (address.cityName !== undefined && !sameMunicipalityName(address.cityName, municipality.name)) {
    throw badRequest(
      FISCAL_SETUP_TEXTS.cityNameDiffers(address.cityName, municipality.name, municipality.code),
      'VALIDATION_FAILED',
    );
  }
  return municipality;
}

/** The CSC token to keep: the saved one when none is sent (absent), none when removed (null), else the new one sealed. */
function cscTokenAfter(current: IssuerRow | undefined, sent: string | null | undefined, serverSecret: string) {
  if (sent === null) return null;
  if (sent !== undefined) return seal(fiscalKey(serverSecret), Buffer.from(sent, 'utf8'), 'fiscal_issuer.csc_token');
  if (!current?.csc_token_ciphertext || !current.csc_token_iv || !current.csc_token_tag) return null;
  return { iv: current.csc_token_iv, tag: current.csc_token_tag, ciphertext: current.csc_token_ciphertext };
}

/** The provider's secret to keep: as the CSC token (absent keeps, null removes, a value is sealed). */
function providerSecretAfter(current: IssuerRow | undefined, sent: string | null | undefined, serverSecret: string) {
  if (sent === null) return null;
  if (sent !== undefined)
    return seal(fiscalKey(serverSecret), Buffer.from(sent, 'utf8'), 'fiscal_issuer.provider_secret');
  if (!current?.provider_secret_ciphertext || !current.provider_secret_iv || !current.provider_secret_tag) return null;
  return {
    iv: current.provider_secret_iv,
    tag: current.provider_secret_tag,
    ciphertext: current.provider_secret_ciphertext,
  };
}

/**
 * The 'responsável técnico''s columns: absent keeps the saved ones, null clears them; the CSRT as the CSC token
 * (absent keeps, null removes, a value is sealed), kept only while an id goes with it.
 */
function technicalContactValues(
  current: IssuerRow | undefined,
  sent: FiscalIssuerInput['technicalContact'],
  serverSecret: string,
) {
  if (sent === undefined) {
    const { tech_cnpj, tech_contact, tech_email, tech_phone, tech_csrt_id } = current ?? {};
    const { tech_csrt_iv, tech_csrt_tag, tech_csrt_ciphertext } = current ?? {};
    return {
      tech_cnpj,
      tech_contact,
      tech_email,
      tech_phone,
      tech_csrt_id,
      tech_csrt_iv,
      tech_csrt_tag,
      tech_csrt_ciphertext,
    };
  }
  const none = { tech_csrt_id: null, tech_csrt_iv: null, tech_csrt_tag: null, tech_csrt_ciphertext: null };
  if (sent === null) return { tech_cnpj: null, tech_contact: null, tech_email: null, tech_phone: null, ...none };
  const saved =
    current?.tech_csrt_iv && current.tech_csrt_tag && current.tech_csrt_ciphertext
      ? { iv: current.tech_csrt_iv, tag: current.tech_csrt_tag, ciphertext: current.tech_csrt_ciphertext }
      : null;
  const csrt =
    sent.csrt === null
      ? null
      : sent.csrt !== undefined
        ? seal(fiscalKey(serverSecret), Buffer.from(sent.csrt, 'utf8'), 'fiscal_issuer.tech_csrt')
        : saved;
  if (csrt && sent.csrtId === null) throw badRequest(FISCAL_SETUP_TEXTS.csrtIdRequired, 'VALIDATION_FAILED');
  return {
    tech_cnpj: sent.cnpj,
    tech_contact: sent.contact,
    tech_email: sent.email,
    tech_phone: sent.phone,
    ...(csrt
      ? {
          tech_csrt_id: sent.csrtId,
          tech_csrt_iv: csrt.iv,
          tech_csrt_tag: csrt.tag,
          tech_csrt_ciphertext: csrt.ciphertext,
        }
      : none),
  };
}

/**
 * PUT /fiscal/issuer: the whole issuer, in one transaction with its row locked. The municipality is the IBGE table's
 * (its official name kept); `cscToken` absent keeps the saved token, null removes it, a value is sealed; the CNPJ
 * cannot move to another company while a certificate of the old one is installed. Audited with before and after,
 * never the token.
 */
export async function saveIssuer(
  db: DB,
  serverSecret: string,
  principal: Principal,
  input: FiscalIssuerInput,
): Promise<FiscalIssuer> {
  const municipality = checkedMunicipality(input.address);
  await db.transaction().execute(async (trx) => {
    const current = await repo.lockIssuer(trx);
    const certificate = await repo.certificate(trx);
    if (certificate && cnpjBase(certificate.cnpj) !== cnpjBase(input.cnpj)) {
      throw conflict(FISCAL_SETUP_TEXTS.issuerCnpjLocked(formatDocument(certificate.cnpj)));
    }
    const token = cscTokenAfter(current, input.cscToken, serverSecret);
    if (token && input.cscId === null) throw badRequest(FISCAL_SETUP_TEXTS.cscIdRequired, 'VALIDATION_FAILED');
    const providerSecret = input.provider
      ? providerSecretAfter(current, input.provider.clientSecret, serverSecret)
      : providerSecretAfter(current, undefined, serverSecret);
    const providerClientId = input.provider ? input.provider.clientId : (current?.provider_client_id ?? null);
    const transport = input.transport ?? current?.transport ?? 'SEFAZ';
    if (transport === 'NUVEM_FISCAL' && (!providerClientId || !providerSecret))
      throw badRequest(FISCAL_SETUP_TEXTS.providerCredentialsMissing, 'VALIDATION_FAILED');
    const values: IssuerValues = {
      cnpj: input.cnpj,
      ie: input.ie,
      legal_name: input.legalName,
      trade_name: input.tradeName,
      crt: input.crt,
      street: input.address.street,
      number: input.address.number,
      complement: input.address.complement,
      district: input.address.district,
      cep: input.address.cep,
      uf: input.address.uf,
      city_name: municipality.name,
      city_code: municipality.code,
      phone: input.phone,
      environment: input.environment,
      nfe_series: input.nfe.series,
      nfe_next_number: input.nfe.nextNumber,
      nfce_series: input.nfce.series,
      nfce_next_number: input.nfce.nextNumber,
      csc_id: input.cscId,
      csc_token_iv: token?.iv ?? null,
      csc_token_tag: token?.tag ?? null,
      csc_token_ciphertext: token?.ciphertext ?? null,
      transport,
      provider_sandbox: input.provider ? input.provider.sandbox : (current?.provider_sandbox ?? true),
      provider_client_id: providerClientId,
      provider_secret_iv: providerSecret?.iv ?? null,
      provider_secret_tag: providerSecret?.tag ?? null,
      provider_secret_ciphertext: providerSecret?.ciphertext ?? null,
      auto_emit: input.autoEmit ?? current?.auto_emit ?? 'OFF',
      pis_cofins_non_cumulative: input.pisCofinsNonCumulative ?? current?.pis_cofins_non_cumulative ?? false,
      ...technicalContactValues(current, input.technicalContact, serverSecret),
      updated_by: principal.employeeId,
    };
    await repo.saveIssuer(trx, values);
    const after = await repo.issuer(trx);
    const before = current ? audited(issuerView(current)) : null;
    await recordAudit(trx, {
      employeeId: principal.employeeId,
      entity: 'fiscal_issuer',
      entityId: COMPANY_ID,
      action: current ? 'update' : 'create',
      changes: {
        before,
        after: audited(after ? issuerView(after) : null),
        // Whether the token itself was replaced (never its value): a new one may equal nothing shown above.
        cscTokenChanged: input.cscToken !== undefined,
        providerSecretChanged: input.provider?.clientSecret !== undefined,
      },
    });
  });
  return readIssuer(db);
}

/** The NFC-e's CSC (id and token, in clear), for the QR code of the emitting code; 409 when none is saved. */
export async function loadNfceCsc(db: Executor, serverSecret: string): Promise<{ id: string; token: string }> {
  const row = await repo.issuer(db);
  if (!row?.csc_id || !row.csc_token_iv || !row.csc_token_tag || !row.csc_token_ciphertext) {
    throw conflict(FISCAL_SETUP_TEXTS.cscMissing);
  }
  try {
    const token = open(
      fiscalKey(serverSecret),
      { iv: row.csc_token_iv, tag: row.csc_token_tag, ciphertext: row.csc_token_ciphertext },
      'fiscal_issuer.csc_token',
    );
    return { id: row.csc_id, token: token.toString('utf8') };
  } catch {
    throw conflict(FISCAL_SETUP_TEXTS.cscUnreadable);
  }
}

/** The provider's credentials in clear, for the sending code (409 when not saved or unreadable). */
export async function loadProviderCredentials(
  db: Executor,
  serverSecret: string,
): Promise<{ sandbox: boolean; clientId: string; clientSecret: string }> {
  const row = await repo.issuer(db);
  if (
    !row?.provider_client_id ||
    !row.provider_secret_iv ||
    !row.provider_secret_tag ||
    !row.provider_secret_ciphertext
  )
    throw conflict(FISCAL_SETUP_TEXTS.providerCredentialsMissing);
  try {
    const secret = open(
      fiscalKey(serverSecret),
      { iv: row.provider_secret_iv, tag: row.provider_secret_tag, ciphertext: row.provider_secret_ciphertext },
      'fiscal_issuer.provider_secret',
    );
    return { sandbox: row.provider_sandbox, clientId: row.provider_client_id, clientSecret: secret.toString('utf8') };
  } catch {
    throw conflict(FISCAL_SETUP_TEXTS.providerSecretUnreadable);
  }
}

/** The issuer's 'responsável técnico' for the notes (the CSRT opened), or null when none is saved. */
export async function loadTechnicalContact(db: Executor, serverSecret: string): Promise<NfeTechnicalContact | null> {
  const row = await repo.issuer(db);
  if (!row?.tech_cnpj || !row.tech_contact || !row.tech_email || !row.tech_phone) return null;
  const contact = { cnpj: row.tech_cnpj, contact: row.tech_contact, email: row.tech_email, phone: row.tech_phone };
  if (!row.tech_csrt_id || !row.tech_csrt_iv || !row.tech_csrt_tag || !row.tech_csrt_ciphertext) return contact;
  try {
    const token = open(
      fiscalKey(serverSecret),
      { iv: row.tech_csrt_iv, tag: row.tech_csrt_tag, ciphertext: row.tech_csrt_ciphertext },
      'fiscal_issuer.tech_csrt',
    );
    return { ...contact, csrt: { id: row.tech_csrt_id, token: token.toString('utf8') } };
  } catch {
    throw conflict(FISCAL_SETUP_TEXTS.csrtUnreadable);
  }
}
