import fs from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** Where mail goes, for the start-up log. */
  readonly description: string;
  send(message: MailMessage): Promise<void>;
}

/** Real delivery through an SMTP server (`SMTP_URL`). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  const host = new URL(smtpUrl).host;
  return {
    description: `SMTP ${host}`,
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}

/**
 * With no SMTP server, each mail is written as an .eml file to `<dataDir>/outbox` and the log says
 * where, so password resets work on a machine with no mail set up (DESIGN.md §2). The text itself is
 * not logged, and the folder is readable by the owner only: the mails hold live reset links.
 */
export function createOutboxMailer(outboxDir: string, from: string, log: FastifyBaseLogger): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    description: `outbox folder ${outboxDir}`,
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await fs.mkdir(outboxDir, { recursive: true, mode: 0o700 });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(outboxDir, `${stamp}-${crypto.randomBytes(4).toString('hex')}.eml`);
      await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
      log.info(
        { mailTo: message.to, subject: message.subject, file },
        `Mail written to ${file} (no SMTP_URL set: open the file to read it)`,
      );
    },
  };
}

/** Keeps mail in memory; for tests. */
export function createMemoryMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    description: 'memory',
    sent,
    async send(message) {
      sent.push(message);
    },
  };
}
