import type { PushPayload } from '@app/shared/schemas/push';

/**
 * Push services take at most 4096 bytes per message; aes128gcm adds 103 (header, tag,
 * padding delimiter). The JSON stays well under: Hindi text is 3 bytes a character, and a
 * body the in-app list holds whole (1000 characters) could otherwise be refused with 413.
 */
export const PUSH_PAYLOAD_MAX_BYTES = 3000;

const bytes = (payload: PushPayload) => Buffer.byteLength(JSON.stringify(payload));

function shortened(value: string, by: number): string {
  const keep = Math.max(0, value.length - by - 1);
  return `${value.slice(0, keep)}…`;
}

/** The message of one notification, its body (then title) cut to fit PUSH_PAYLOAD_MAX_BYTES. */
export function pushPayload(note: { title: string; body: string; link: string | null }, tag: string): PushPayload {
  let payload: PushPayload = { title: note.title.slice(0, 200), body: note.body.slice(0, 1000), link: note.link, tag };
  // A UTF-16 unit is at most 3 bytes of UTF-8: each round cuts at least a third of the
  // excess, and at least one unit, so it ends close under the limit.
  while (bytes(payload) > PUSH_PAYLOAD_MAX_BYTES && (payload.body.length > 1 || payload.title.length > 1)) {
    const excess = Math.ceil((bytes(payload) - PUSH_PAYLOAD_MAX_BYTES) / 3);
    payload = payload.body.length > 1 ? { ...payload, body: shortened(payload.body, excess) } : { ...payload, title: shortened(payload.title, excess) };
  }
  return payload;
}
