import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * The issuer's 'responsável técnico' (issue 55 §2; NT 2018.005): who made the emitting software, written in the
 * notes' infRespTec — the company's CNPJ, a contact's name, e-mail and phone — and the CSRT the state gave it (its
 * id, two digits, and the token, sealed like the CSC's), from which the note's hashCSRT is computed. All or none of
 * the four contact fields; the CSRT only with them.
 */
export const fiscalTechnicalContact: Migration = {
  async up(db) {
    await runStatements(db, [
      `alter table fiscal_issuer
        add column tech_cnpj text,
        add column tech_contact text,
        add column tech_email text,
        add column tech_phone text,
        add column tech_csrt_id text,
        add column tech_csrt_iv bytea,
        add column tech_csrt_tag bytea,
        add column tech_csrt_ciphertext bytea`,
      `alter table fiscal_issuer add constraint fiscal_issuer_tech_all_or_none check (
        (tech_cnpj is null) = (tech_contact is null) and (tech_cnpj is null) = (tech_email is null)
        and (tech_cnpj is null) = (tech_phone is null))`,
      `alter table fiscal_issuer add constraint fiscal_issuer_tech_csrt check (
        (tech_csrt_ciphertext is null or (tech_csrt_id ~ '^[0-9]{2}$' and tech_cnpj is not null))
        and (tech_csrt_ciphertext is null) = (tech_csrt_id is null))`,
    ]);
  },
  async down(db) {
    await runStatements(db, [
      'alter table fiscal_issuer drop constraint fiscal_issuer_tech_csrt',
      'alter table fiscal_issuer drop constraint fiscal_issuer_tech_all_or_none',
      `alter table fiscal_issuer drop column tech_cnpj, drop column tech_contact, drop column tech_email,
        drop column tech_phone, drop column tech_csrt_id, drop column tech_csrt_iv, drop column tech_csrt_tag,
        drop column tech_csrt_ciphertext`,
    ]);
  },
};
