-- WhatsApp rides the one queue (design.md section 20): order updates as approved template messages.
ALTER TABLE "mail_queue" DROP CONSTRAINT "mail_queue_channel_ck";
--> statement-breakpoint
ALTER TABLE "mail_queue" ADD CONSTRAINT "mail_queue_channel_ck" CHECK ("mail_queue"."channel" IN ('mail', 'sms', 'whatsapp'));
