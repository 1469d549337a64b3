import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailQueue } from '../db/tables/live.table';
import { MAIL_TICK_WAIT_MS, runSchedulerTick } from '../scheduler/scheduler';
import { createTestApp, type TestContext } from '../test/test-app';
import { TEST_DB_KINDS } from '../test/test-database';
import { mailRunnerOf } from './mail-runner';

// design.md section 23: a recipient the mail server stalls on cannot hold back anyone
// else's mail by more than a second. The SMTP server here is real (smtp-server): it takes
// every recipient at once except those @stalled.test, which it never answers, as a relay
// verifying an unreachable domain would.

interface Received {
  to: string[];
  at: number;
}

async function startStallingSmtpServer() {
  const received: Received[] = [];
  const stalled: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // Connections still open when the test closes the server are cut at once.
    closeTimeout: 50,
    onRcptTo(address, _session, callback) {
      if (address.address.endsWith('@stalled.test')) stalled.push(address.address);
      else callback();
    },
    onData(stream, session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), at: Date.now() });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    stalled,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(TEST_DB_KINDS)('a mail recipient the mail server stalls on, on %s', (kind) => {
  let ctx: TestContext;
  let smtp: Awaited<ReturnType<typeof startStallingSmtpServer>>;
  beforeAll(async () => {
    smtp = await startStallingSmtpServer();
    ctx = await createTestApp(kind, { config: { SMTP_URL: smtp.url, MAIL_FROM: 'Kabadi <no-reply@kabadi.test>' } });
  }, 120_000);
  afterAll(async () => {
    await smtp?.close();
    await ctx?.close();
  });

  const queue = (to: string, subject: string) => ctx.db.insert(mailQueue).values({ toAddress: to, subject, body: 'Hello' }).returning({ id: mailQueue.id });
  const arrivalTo = async (to: string) => {
    for (const until = Date.now() + 15_000; Date.now() < until; await new Promise((resolve) => setTimeout(resolve, 10))) {
      const mail = smtp.received.find((m) => m.to.includes(to));
      if (mail) return mail.at;
    }
    throw new Error(`no mail to ${to}`);
  };

  it('sends everyone else\'s mail within a second of the tick, and the next tick is not held back', async () => {
    // A first tick warms the other jobs up (PGlite's first queries are slow): what is timed below is the mail.
    await runSchedulerTick(ctx.app);
    // Ten mails to a stalled recipient, queued before the others (the old sender sent them one by one).
    const stalledIds = [];
    for (let i = 0; i < 10; i++) stalledIds.push(...(await queue(`vendor-${kind}@stalled.test`, `Stalled ${i}`)));
    await queue(`store-${kind}@fast.test`, 'Fast');
    // A second past the rows' clock (the database's), as the scheduler's own ticks would be.
    const tickAt = Date.now();
    const tick = await runSchedulerTick(ctx.app, new Date(tickAt + 1_000));
    const tickMs = Date.now() - tickAt;
    expect((await arrivalTo(`store-${kind}@fast.test`)) - tickAt).toBeLessThan(1_000);
    expect(tick.mailsSent).toBe(1);
    // The tick waited for the stalled mail no longer than it may.
    expect(tickMs).toBeLessThan(MAIL_TICK_WAIT_MS + 1_000);
    // One mail to the stalled address is on its way; the other nine are still in the queue, unleased.
    expect(smtp.stalled).toEqual([`vendor-${kind}@stalled.test`]);

    // While it stalls, the next tick's mail goes out as fast.
    await queue(`driver-${kind}@fast.test`, 'Next');
    const nextAt = Date.now();
    await runSchedulerTick(ctx.app, new Date(nextAt + 1_000));
    expect((await arrivalTo(`driver-${kind}@fast.test`)) - nextAt).toBeLessThan(1_000);
    expect(smtp.stalled).toHaveLength(1);

    // Cut off, the stalled mail fails and follows the backoff; nothing was lost.
    await smtp.close();
    await mailRunnerOf(ctx.app).idle();
    const rows = await ctx.db.select().from(mailQueue).where(eq(mailQueue.toAddress, `vendor-${kind}@stalled.test`));
    expect(rows).toHaveLength(10);
    expect(rows.filter((r) => r.attempts === 1 && r.lastError !== null && r.sentAt === null)).toHaveLength(1);
    expect(rows.filter((r) => r.attempts === 0 && r.sentAt === null)).toHaveLength(9);
    smtp = await startStallingSmtpServer();
  }, 60_000);
});
