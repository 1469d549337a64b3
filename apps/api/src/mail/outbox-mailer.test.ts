import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { testConfig } from '../config/config';
import { createMailer } from './create-mailer';
import type { MailLog } from './mailer';

function recordingLog() {
  const lines: Array<{ level: string; obj: unknown; msg?: string }> = [];
  const entry = (level: string) => (obj: unknown, msg?: string) => void lines.push({ level, obj, msg });
  return { lines, log: { info: entry('info'), warn: entry('warn'), error: entry('error') } as unknown as MailLog };
}

describe('mail without SMTP_URL', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  const tempDataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kabadi-mail-'));
    dirs.push(dir);
    return dir;
  };
  const message = { to: 'someone@example.in', subject: 'Your password reset code', text: 'Your password reset code is: 123456' };

  it('writes each mail to DATA_DIR/outbox as .eml and .json, and logs it', async () => {
    const dataDir = tempDataDir();
    const { lines, log } = recordingLog();
    const mailer = createMailer(testConfig({ DATA_DIR: dataDir, MAIL_FROM: 'Kabadi <no-reply@kabadi.test>' }), log);
    await mailer.send(message);
    const files = fs.readdirSync(path.join(dataDir, 'outbox')).sort();
    expect(files).toHaveLength(2);
    const eml = fs.readFileSync(path.join(dataDir, 'outbox', files.find((f) => f.endsWith('.eml'))!), 'utf8');
    expect(eml).toMatch(/^To: someone@example\.in$/m);
    expect(eml).toMatch(/^Subject: Your password reset code$/m);
    expect(eml).toContain('Your password reset code is: 123456');
    const json = JSON.parse(fs.readFileSync(path.join(dataDir, 'outbox', files.find((f) => f.endsWith('.json'))!), 'utf8'));
    expect(json).toMatchObject({ ...message, from: 'Kabadi <no-reply@kabadi.test>' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'info', obj: { mail: { to: message.to, subject: message.subject, text: message.text } } });
  });

  it('keeps the text out of the log in production, and warns that mail is not sent', async () => {
    const dataDir = tempDataDir();
    const { lines, log } = recordingLog();
    const mailer = createMailer(testConfig({ DATA_DIR: dataDir, APP_ENV: 'production' }), log);
    await mailer.send(message);
    expect(lines[0]).toMatchObject({ level: 'warn' });
    expect(JSON.stringify(lines)).not.toContain('123456');
    expect(fs.readdirSync(path.join(dataDir, 'outbox'))).toHaveLength(2);
  });
});
