import { PublishCommand, SNSClient, type MessageAttributeValue } from '@aws-sdk/client-sns';
import type { SmsSender } from './sms-sender';
import type { SnsTarget } from './sms-url';

export interface SnsOptions {
  /** India's DLT principal entity id (SMS_DLT_ENTITY_ID). */
  entityId?: string | undefined;
  /** The registered sender id (SMS_SENDER_ID). */
  senderId?: string | undefined;
}

const text = (value: string): MessageAttributeValue => ({ DataType: 'String', StringValue: value });

/**
 * SMS through AWS SNS: a Publish to the number, with the message attributes SNS documents
 * for India's DLT rules (entity and template id) and as Transactional, the type for codes
 * (delivered to numbers on the do-not-disturb list too). Credentials come from the SDK's
 * default chain (environment, profile, instance or task role). One try per send: the queue
 * retries with its own backoff.
 */
export function createSnsSmsSender(target: SnsTarget, options: SnsOptions): SmsSender {
  const client = new SNSClient({ region: target.region, maxAttempts: 1, ...(target.endpoint ? { endpoint: target.endpoint } : {}) });
  return {
    async send(message, sendOptions = {}) {
      const attributes: Record<string, MessageAttributeValue> = { 'AWS.SNS.SMS.SMSType': text('Transactional') };
      if (options.entityId) attributes['AWS.MM.SMS.EntityId'] = text(options.entityId);
      if (message.templateId) attributes['AWS.MM.SMS.TemplateId'] = text(message.templateId);
      if (options.senderId) attributes['AWS.SNS.SMS.SenderID'] = text(options.senderId);
      await client.send(
        new PublishCommand({ PhoneNumber: message.to, Message: message.text, MessageAttributes: attributes }),
        sendOptions.signal ? { abortSignal: sendOptions.signal } : {},
      );
    },
    async close() {
      client.destroy();
    },
  };
}
