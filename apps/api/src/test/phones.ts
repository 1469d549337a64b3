import fs from 'node:fs/promises';
import path from 'node:path';
import { randomInt } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import { mobileE164 } from '@app/shared/schemas/phone';
import type { DbOrTx } from '../db/database';
import type { FastifyInstance } from 'fastify';
import { mailQueue } from '../db/tables/live.table';
import { sendDueSmsOf, smsSettled } from '../sms/sms-runner';
import { members } from '../db/tables/members.table';

// Phones in tests (design.md section 20): members' numbers are unique, so each test takes new ones.

/** A valid Indian mobile number in E.164 that no other call of this process gave. */
export function newPhone(): string {
  for (;;) {
    const phone = mobileE164(`98${String(randomInt(0, 100_000_000)).padStart(8, '0')}`);
    if (phone && !given.has(phone)) {
      given.add(phone);
      return phone;
    }
  }
}
const given = new Set<string>();

/** Gives a member a mobile number (factories make members without one); answers it. */
export async function givePhone(db: DbOrTx, memberId: number, phone: string = newPhone()): Promise<string> {
  await db.update(members).set({ phone }).where(eq(members.id, memberId));
  return phone;
}

export interface OutboxSms {
  to: string;
  text: string;
  template_id: string | null;
  created_at: string;
}

/** The SMS the outbox holds (DATA_DIR/outbox/sms/), oldest first. */
export async function outboxSms(dataDir: string): Promise<OutboxSms[]> {
  const dir = path.join(dataDir, 'outbox', 'sms');
  const files = (await fs.readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.json')).sort();
  return Promise.all(files.map(async (f) => JSON.parse(await fs.readFile(path.join(dir, f), 'utf8')) as OutboxSms));
}

/** Waits for the newest SMS to `to` in the outbox (they leave after the answer; a busy CI machine has taken over 5 s). */
export async function waitForOutboxSms(dataDir: string, to: string, after = 0, timeoutMs = 15_000): Promise<OutboxSms> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await outboxSms(dataDir)).filter((m) => m.to === to);
    if (found.length > after) return found.at(-1)!;
    if (Date.now() > deadline) throw new Error(`no SMS to ${to} in the outbox within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The code of a sign-in SMS: its WebOTP line's. */
export function codeOf(text: string): string {
  const match = /#(\d{6})$/.exec(text);
  if (!match) throw new Error(`no code in "${text}"`);
  return match[1]!;
}

/**
 * The texts of every SMS to `to`, once the queue has sent them all: a step kicks its SMS out at
 * once, and what a kick leaves (one SMS per number in flight at a time) goes at the scheduler's
 * next round, which tests run themselves. The queue forgets a sent SMS's text, the outbox
 * (DATA_DIR/outbox/sms/) keeps it. Oldest first.
 */
export async function sentSmsTo(ctx: { app: FastifyInstance; db: DbOrTx; config: { DATA_DIR: string } }, to: string, timeoutMs = 10_000): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [waiting] = await ctx.db
      .select({ n: count() })
      .from(mailQueue)
      .where(and(eq(mailQueue.channel, 'sms'), eq(mailQueue.toAddress, to), isNull(mailQueue.sentAt), isNull(mailQueue.failedAt)));
    if (waiting!.n === 0) return (await outboxSms(ctx.config.DATA_DIR)).filter((m) => m.to === to).map((m) => m.text);
    if (Date.now() > deadline) throw new Error(`${waiting!.n} SMS to ${to} still unsent after ${timeoutMs} ms`);
    await smsSettled(ctx.app);
    await sendDueSmsOf(ctx.app);
  }
}
