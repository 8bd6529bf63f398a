import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { AppConfig } from '../config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
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
      async send(message) {
        await transport.sendMail({ from: config.mailFrom, ...message });
        log.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
    };
  }
  const transport = nodemailer.createTransport({ jsonTransport: true });
  const outbox = path.join(config.dataDir, 'outbox');
  return {
    async send(message) {
      const info = await transport.sendMail({ from: config.mailFrom, ...message });
      if (!config.inMemory) {
        mkdirSync(outbox, { recursive: true });
        const file = path.join(outbox, `${Date.now()}-${message.to.replace(/[^a-z0-9@._-]/gi, '_')}.json`);
        writeFileSync(file, String(info.message));
        log.info({ to: message.to, file }, 'mail written to the outbox');
      }
    },
  };
}
