import type { WhatsAppSettings } from './whatsapp-config';
import type { WhatsAppSender, WhatsAppTemplateMessage } from './whatsapp-sender';

/**
 * Cloud API error codes that no retry of the same message changes: the number cannot
 * receive it (131026: not on WhatsApp, terms not accepted, an old client) or the message's
 * own parameters are refused (131008, 131009, 132000, 132012). Everything else, a template
 * or token the operator may still fix (132001, 190) and rate limits (130429, 131056) among
 * it, is retried with the queue's backoff.
 */
const UNDELIVERABLE_CODES = new Set([131026, 131008, 131009, 132000, 132012]);

/** An answer of the Cloud API other than success; `permanent`: the queue gives the message up at once. */
export class WhatsAppApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: number | null,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'WhatsAppApiError';
  }
}

/** The documented request body of a template message: `to` is the number's digits, without +. */
export function templateMessageBody(message: WhatsAppTemplateMessage) {
  return {
    messaging_product: 'whatsapp',
    to: message.to.replace(/^\+/, ''),
    type: 'template',
    template: {
      name: message.template,
      language: { code: message.language },
      components: [{ type: 'body', parameters: message.parameters.map((text) => ({ type: 'text', text })) }],
    },
  };
}

interface GraphError {
  error?: { message?: unknown; code?: unknown; error_data?: { details?: unknown } };
}

/** The Graph API's error object (`{error: {message, type, code, error_data: {details}, fbtrace_id}}`) as one line. */
function errorOf(status: number, body: string): WhatsAppApiError {
  let parsed: GraphError = {};
  try {
    parsed = JSON.parse(body) as GraphError;
  } catch {
    // A proxy's HTML page, or nothing at all: the status says enough.
  }
  const error = parsed.error;
  const code = typeof error?.code === 'number' ? error.code : typeof error?.code === 'string' && /^\d+$/.test(error.code) ? Number(error.code) : null;
  const message = typeof error?.message === 'string' ? error.message : body.slice(0, 200).trim() || 'no answer body';
  const details = typeof error?.error_data?.details === 'string' ? `: ${error.error_data.details}` : '';
  return new WhatsAppApiError(`WhatsApp answered ${status}: ${message}${code !== null ? ` (code ${code})` : ''}${details}`, status, code, code !== null && UNDELIVERABLE_CODES.has(code));
}

/**
 * Template messages through the WhatsApp Business Cloud API: `POST
 * {WHATSAPP_API_URL}/{version}/{phone-number-id}/messages` with the system user's token.
 * One try per send (the queue retries with its backoff); the token is never logged or
 * written into an error.
 */
export function createCloudApiSender(settings: Pick<WhatsAppSettings, 'messagesUrl' | 'token'>): WhatsAppSender {
  return {
    async send(message, options = {}) {
      const response = await fetch(settings.messagesUrl, {
        method: 'POST',
        headers: { authorization: `Bearer ${settings.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(templateMessageBody(message)),
        ...(options.signal ? { signal: options.signal } : {}),
      });
      const text = await response.text();
      if (!response.ok) throw errorOf(response.status, text);
      // Accepted: `{messaging_product, contacts: [{input, wa_id}], messages: [{id}]}`.
      let accepted: { messages?: Array<{ id?: unknown }> } = {};
      try {
        accepted = JSON.parse(text) as typeof accepted;
      } catch {
        // Handled below: no message id.
      }
      if (typeof accepted.messages?.[0]?.id !== 'string') throw new WhatsAppApiError(`WhatsApp answered ${response.status} without a message id`, response.status, null, false);
    },
  };
}
