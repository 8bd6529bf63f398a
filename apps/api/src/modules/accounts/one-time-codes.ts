import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { Mailer, MailMessage } from '../../lib/mailer';
import { accountsRepository } from './accounts.repository';

/**
 * One-time codes: 6 random digits e-mailed to an employee, used both to recover a password and to set
 * the first password of a new employee. Only an HMAC-SHA256 of the code (keyed with the server secret
 * and bound to the employee) is stored. A code is single use, a newer one supersedes it, and it is
 * burnt after MAX_CODE_ATTEMPTS wrong tries.
 */
export const RECOVERY_CODE_TTL_MS = 15 * 60 * 1000;
export const ACTIVATION_CODE_TTL_MS = 48 * 60 * 60 * 1000;
export const MAX_CODE_ATTEMPTS = 5;

function hashCode(secret: string, employeeId: number, code: string): string {
  return createHmac('sha256', secret).update(`password-code:${employeeId}:${code}`).digest('hex');
}

/** Issues a new code for the employee (older ones are burnt) and returns it in clear, for the e-mail. */
export async function issueCode(
  trx: Transaction<Database>,
  secret: string,
  employeeId: number,
  ttlMs: number,
  now = new Date(),
): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await accountsRepository.burnCodes(trx, employeeId, now);
  await accountsRepository.insertCode(trx, {
    employeeId,
    codeHash: hashCode(secret, employeeId, code),
    expiresAt: new Date(now.getTime() + ttlMs),
  });
  return code;
}

/**
 * Checks a code against the employee's newest active code. A wrong code counts as a try (the caller
 * must let the transaction commit, so throw only after it). Returns the code's id when it matches.
 */
export async function verifyCode(
  trx: Transaction<Database>,
  secret: string,
  employeeId: number,
  code: string,
  now = new Date(),
): Promise<number | null> {
  const active = await accountsRepository.findActiveCode(trx, employeeId, now);
  if (!active) return null;
  const expected = Buffer.from(active.code_hash, 'hex');
  const given = Buffer.from(hashCode(secret, employeeId, code.trim()), 'hex');
  if (expected.length === given.length && timingSafeEqual(expected, given)) return active.id;
  await accountsRepository.recordWrongCode(trx, active.id, active.failed_attempts, MAX_CODE_ATTEMPTS, now);
  return null;
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

export function activationMail(to: string, name: string, code: string): MailMessage {
  return {
    to,
    subject: 'BackOffice: crie a sua senha de acesso',
    code,
    text: [
      `Olá, ${name}.`,
      '',
      'Você foi cadastrado(a) no BackOffice. Para criar a sua senha, use o código abaixo.',
      `Código de ativação: ${code}`,
      '',
      'Na página de login, clique em "Esqueceu a senha?" e, na etapa "Código de redefinição", informe',
      'este código e a nova senha (mínimo de 8 caracteres). O código vale por 48 horas.',
      'Se ele expirar, peça um novo código na mesma tela informando o seu e-mail.',
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
