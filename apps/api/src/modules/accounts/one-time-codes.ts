import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { CodePurpose, Database } from '../../db/schema';
import type { Mailer, MailMessage } from '../../lib/mailer';
import { accountsRepository } from './accounts.repository';

/**
 * One-time codes: 6 random digits e-mailed to an employee, used both to recover a password and to set
 * the first password of a new employee. Only an HMAC-SHA256 of the code (keyed with the server secret
 * and bound to the employee) is stored. A code is single use, a newer code of the same purpose supersedes
 * it, and it is burnt after MAX_CODE_ATTEMPTS wrong tries. An activation code (48 hours) and a recovery
 * code (15 minutes) may both be valid: asking for a recovery code on 'Esqueceu a senha?' must not take
 * away the code of the welcome e-mail. A wrong code counts as a try on each of them, so a guesser gets at
 * most MAX_CODE_ATTEMPTS tries at each, and using either burns both.
 */
export const RECOVERY_CODE_TTL_MS = 15 * 60 * 1000;
export const ACTIVATION_CODE_TTL_MS = 48 * 60 * 60 * 1000;
export const MAX_CODE_ATTEMPTS = 5;

const TTL_MS: Record<CodePurpose, number> = { recovery: RECOVERY_CODE_TTL_MS, activation: ACTIVATION_CODE_TTL_MS };

function hashCode(secret: string, employeeId: number, code: string): string {
  return createHmac('sha256', secret).update(`password-code:${employeeId}:${code}`).digest('hex');
}

/** Issues a new code for the employee (older ones of its purpose are burnt) and returns it in clear, for the e-mail. */
export async function issueCode(
  trx: Transaction<Database>,
  secret: string,
  employeeId: number,
  purpose: CodePurpose,
  now = new Date(),
): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await accountsRepository.burnCodes(trx, employeeId, now, purpose);
  await accountsRepository.insertCode(trx, {
    employeeId,
    codeHash: hashCode(secret, employeeId, code),
    expiresAt: new Date(now.getTime() + TTL_MS[purpose]),
    purpose,
  });
  return code;
}

/**
 * Checks a code against the employee's active codes. A wrong code counts as a try on each (the caller
 * must let the transaction commit, so throw only after it). Returns the matching code's id.
 */
export async function verifyCode(
  trx: Transaction<Database>,
  secret: string,
  employeeId: number,
  code: string,
  now = new Date(),
): Promise<number | null> {
  const active = await accountsRepository.findActiveCodes(trx, employeeId, now);
  const given = Buffer.from(hashCode(secret, employeeId, code.trim()), 'hex');
  for (const candidate of active) {
    const expected = Buffer.from(candidate.code_hash, 'hex');
    if (expected.length === given.length && timingSafeEqual(expected, given)) return candidate.id;
  }
  for (const candidate of active) {
    await accountsRepository.recordWrongCode(trx, candidate.id, candidate.failed_attempts, MAX_CODE_ATTEMPTS, now);
  }
  return null;
}

/**
 * The invitation link of a new employee: the code step of 'Esqueceu a senha?' with the e-mail and the code
 * filled. Both travel in the fragment (after '#'), which the browser sends to no server: the code stays
 * out of access logs, proxies and Referer headers.
 */
export function invitationLink(publicUrl: string, email: string, code: string): string {
  const fragment = new URLSearchParams({ code, email }).toString();
  return `${publicUrl.replace(/\/+$/, '')}/forgot-password#${fragment}`;
}

export function recoveryMail(to: string, name: string, code: string): MailMessage {
  return {
    to,
    subject: 'BackOffice: código de redefinição de senha',
    code,
    text: [
      `Olá, ${name}.`,
      '',
      'Recebemos um pedido para redefinir a sua senha do BackOffice.',
      `Código de redefinição: ${code}`,
      '',
      'Informe este código na tela "Esqueceu a senha?" junto com a nova senha.',
      'O código vale por 15 minutos e pode ser usado uma única vez.',
      'Se você não pediu a redefinição, ignore esta mensagem: a sua senha continua a mesma.',
    ].join('\n'),
  };
}

/**
 * The welcome e-mail of a new employee: the 'Criar minha senha' link (plain text: every mail client makes
 * it clickable), and the code for typing it in at 'Esqueceu a senha?'.
 */
export function activationMail(to: string, name: string, code: string, publicUrl: string): MailMessage {
  return {
    to,
    subject: 'BackOffice: crie a sua senha de acesso',
    code,
    text: [
      `Olá, ${name}.`,
      '',
      'Você foi cadastrado(a) no BackOffice. Para criar a sua senha, abra o link abaixo:',
      '',
      `Criar minha senha: ${invitationLink(publicUrl, to, code)}`,
      '',
      'Se preferir, na página de login clique em "Esqueceu a senha?", informe o seu e-mail e, na etapa',
      '"Código de redefinição", digite o código abaixo e a nova senha.',
      `Código de ativação: ${code}`,
      '',
      'O código vale por 48 horas e pode ser usado uma única vez; pedir um código de redefinição não o',
      'invalida. Se ele expirar, peça um novo código na mesma tela informando o seu e-mail.',
    ].join('\n'),
  };
}

/** Sends a message; a failure is logged (without the message body) instead of failing the caller. */
export async function deliver(mailer: Mailer, log: FastifyBaseLogger, message: MailMessage): Promise<boolean> {
  try {
    await mailer.send(message);
    return true;
  } catch (error) {
    log.error({ to: message.to, subject: message.subject, reason: (error as Error).message }, 'mail not sent');
    return false;
  }
}
