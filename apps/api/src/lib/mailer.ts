import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { AppConfig } from '../config';
import { PRIVATE_DIR, PRIVATE_FILE } from './private-files';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent with the message (a note's DANFE and XML). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
  /**
   * The one-time code the message carries, if any. Never logged when the message goes over SMTP; without
   * SMTP (outbox) it is logged at info level so that a developer or the demo can use it.
   */
  code?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Sends e-mail through nodemailer: over SMTP when SMTP_URL is set, otherwise each message is written
 * as a JSON file under DATA_DIR/outbox/ (the demo and the browser tests read codes from there).
 */
export function createMailer(
  config: Pick<AppConfig, 'smtpUrl' | 'mailFrom' | 'dataDir' | 'inMemory'>,
  log: FastifyBaseLogger,
): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send({ code: _code, ...message }) {
        await transport.sendMail({ from: config.mailFrom, ...message });
        log.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
    };
  }
  const transport = nodemailer.createTransport({ jsonTransport: true });
  const outbox = path.join(config.dataDir, 'outbox');
  return {
    async send({ code, ...message }) {
      const info = await transport.sendMail({ from: config.mailFrom, ...message });
      // The key is not `code`: the logger redacts that one (request bodies).
      const shown = code ? { oneTimeCode: code } : {};
      if (config.inMemory) {
        log.info({ to: message.to, subject: message.subject, ...shown }, 'mail not written (in-memory data)');
        return;
      }
      mkdirSync(outbox, { recursive: true, mode: PRIVATE_DIR });
      const file = path.join(outbox, `${Date.now()}-${message.to.replace(/[^a-z0-9@._-]/gi, '_')}.json`);
      // One-time codes and links: the server user's alone.
      writeFileSync(file, String(info.message), { mode: PRIVATE_FILE });
      log.info({ to: message.to, subject: message.subject, file, ...shown }, 'mail written to the outbox');
    },
  };
}
