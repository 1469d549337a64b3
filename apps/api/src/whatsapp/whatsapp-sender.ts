/** One approved template message to one phone (design.md section 20). */
export interface WhatsAppTemplateMessage {
  /** E.164, e.g. +919812345678. */
  to: string;
  /** The approved template's name, e.g. kabadi_order_update. */
  template: string;
  /** The template language code, e.g. en, hi or en_US. */
  language: string;
  /** The body's {{1}}, {{2}}, ... in order. */
  parameters: string[];
}

/** Where the app's WhatsApp messages go: the Cloud API (or a test's stand-in of it). */
export interface WhatsAppSender {
  /** Resolves once the Cloud API accepted the message; rejects with its error, or when `signal` aborts first. */
  send(message: WhatsAppTemplateMessage, options?: { signal?: AbortSignal }): Promise<void>;
}
