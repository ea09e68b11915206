import nodemailer from 'nodemailer';
import type { RenderedEmail } from '../domain/render-email.js';

interface OutgoingEmail extends RenderedEmail {
  /** Stable per event, so a mail client threads a rare duplicate with the original. */
  messageId: string;
  headers?: Record<string, string>;
}

export interface Mailer {
  send(email: OutgoingEmail): Promise<{ messageId: string; response: string }>;
  verify(): Promise<void>;
  close(): void;
}

/** nodemailer over SMTP; one connection per send, with timeouts so a hung server fails the attempt. */
export function createMailer(options: { smtpUrl: string; from: string }): Mailer {
  const transport = nodemailer.createTransport({
    url: options.smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    async send(email) {
      const info = await transport.sendMail({
        from: options.from,
        to: email.to.name ? { name: email.to.name, address: email.to.address } : email.to.address,
        subject: email.subject,
        html: email.html,
        text: email.text,
        attachments: email.attachments,
        messageId: email.messageId,
        headers: email.headers,
      });
      return { messageId: info.messageId, response: info.response };
    },
    async verify() {
      await transport.verify();
    },
    close: () => transport.close(),
  };
}

/** The domain of the sender address, for message ids: "no-reply@aranyaspa.in" gives "aranyaspa.in". */
export function senderDomain(from: string): string {
  const match = /@([^>\s]+)>?\s*$/.exec(from);
  return match?.[1] ?? 'localhost';
}
