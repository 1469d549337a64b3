import http from 'node:http';
import { randomUUID } from 'node:crypto';

/** One Publish as SNS received it. */
export interface ReceivedPublish {
  phoneNumber: string;
  message: string;
  /** MessageAttributes by name. */
  attributes: Record<string, { dataType: string; stringValue: string }>;
  /** The request was signed (SigV4) for SNS in this region. */
  signedFor: string | null;
}

export interface TestSns {
  /** An SMS_URL that points the real SDK at this server. */
  smsUrl: string;
  readonly received: ReceivedPublish[];
  /** Requests that were no well-formed Publish (answered 400): a test fails on any. */
  readonly refused: string[];
  /** The next `count` Publishes answer SNS's throttling error (HTTP 400, Throttling), as a busy account would. */
  failNext(count: number): void;
  /** The next Publish is received (it shows in `received`) but answered only once the returned function is called: an SMS in flight. */
  holdNext(): () => void;
  /** Waits for a Publish to this number. */
  waitFor(phoneNumber: string, timeoutMs?: number): Promise<ReceivedPublish>;
  close(): Promise<void>;
}

const xmlText = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The entries of `MessageAttributes.entry.N.*` of an AWS Query request. */
function attributesOf(form: URLSearchParams): ReceivedPublish['attributes'] {
  const attributes: ReceivedPublish['attributes'] = {};
  for (let n = 1; form.has(`MessageAttributes.entry.${n}.Name`); n++) {
    attributes[form.get(`MessageAttributes.entry.${n}.Name`)!] = {
      dataType: form.get(`MessageAttributes.entry.${n}.Value.DataType`) ?? '',
      stringValue: form.get(`MessageAttributes.entry.${n}.Value.StringValue`) ?? '',
    };
  }
  return attributes;
}

/**
 * A stand-in for SNS's Publish on a free local port, for tests that drive the real
 * @aws-sdk/client-sns: it reads the AWS Query request the SDK sends (Action=Publish,
 * Version, PhoneNumber, Message, MessageAttributes.entry.N) and answers SNS's XML
 * PublishResponse. It sets the standard AWS credential variables for the SDK's default chain.
 */
export async function startTestSns(region = 'ap-south-1'): Promise<TestSns> {
  const received: ReceivedPublish[] = [];
  const refused: string[] = [];
  let failures = 0;
  let hold: Promise<void> | null = null;
  const server = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const form = new URLSearchParams(body);
      const answer = (status: number, xml: string) => {
        response.writeHead(status, { 'content-type': 'text/xml', 'x-amzn-requestid': randomUUID() });
        response.end(xml);
      };
      const wellFormed =
        request.method === 'POST' &&
        String(request.headers['content-type']).startsWith('application/x-www-form-urlencoded') &&
        form.get('Action') === 'Publish' &&
        form.get('Version') === '2010-03-31' &&
        form.has('PhoneNumber') &&
        form.has('Message');
      if (!wellFormed) {
        refused.push(`${request.method} ${request.url} ${body.slice(0, 300)}`);
        answer(400, `<ErrorResponse><Error><Type>Sender</Type><Code>InvalidParameter</Code><Message>not a Publish</Message></Error><RequestId>${randomUUID()}</RequestId></ErrorResponse>`);
        return;
      }
      if (failures > 0) {
        failures -= 1;
        answer(400, `<ErrorResponse><Error><Type>Sender</Type><Code>Throttling</Code><Message>Rate exceeded</Message></Error><RequestId>${randomUUID()}</RequestId></ErrorResponse>`);
        return;
      }
      const scope = /Credential=[^/]+\/\d{8}\/([^/]+)\/sns\/aws4_request/.exec(String(request.headers.authorization ?? ''));
      received.push({ phoneNumber: form.get('PhoneNumber')!, message: form.get('Message')!, attributes: attributesOf(form), signedFor: scope?.[1] ?? null });
      const held = hold ?? Promise.resolve();
      hold = null;
      void held.then(() =>
        answer(
          200,
          `<PublishResponse xmlns="http://sns.amazonaws.com/doc/2010-03-31/"><PublishResult><MessageId>${xmlText(randomUUID())}</MessageId></PublishResult>` +
            `<ResponseMetadata><RequestId>${randomUUID()}</RequestId></ResponseMetadata></PublishResponse>`,
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  process.env.AWS_ACCESS_KEY_ID = 'SNSTEST';
  process.env.AWS_SECRET_ACCESS_KEY = 'SNSTEST';
  return {
    smsUrl: `sns://?region=${region}&endpoint=${encodeURIComponent(`http://127.0.0.1:${port}`)}`,
    received,
    refused,
    failNext(count) {
      failures = count;
    },
    holdNext() {
      let release = () => {};
      hold = new Promise<void>((resolve) => (release = resolve));
      return release;
    },
    async waitFor(phoneNumber, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.findLast((p) => p.phoneNumber === phoneNumber);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no Publish to ${phoneNumber} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
