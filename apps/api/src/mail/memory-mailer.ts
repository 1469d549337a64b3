import type { MailMessage, Mailer } from './mailer';

export interface MemoryMailer extends Mailer {
  readonly sent: MailMessage[];
  /** The last mail to this address, waiting briefly: mails may be sent after the answer. */
  waitForMailTo(to: string, timeoutMs?: number): Promise<MailMessage>;
}

/** Keeps mails in memory, for tests. */
export function createMemoryMailer(): MemoryMailer {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
    },
    async close() {},
    async waitForMailTo(to, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = sent.findLast((m) => m.to === to);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}
