import { EventStreamContentType, fetchEventSource } from '@microsoft/fetch-event-source';
import { StreamHttpError, type Connect } from './event-stream';

// One SSE connection over fetch (the built-in EventSource cannot send the Authorization
// header). fetch-event-source parses the stream; its own retries and its closing of the
// stream in hidden tabs are switched off, because event-stream.ts owns reconnecting (with
// a fresh token and the last event id each time).

/** Passes the body through untouched, reporting every chunk: keep-alive comments prove the stream alive. */
function reportingActivity(response: Response, onActivity: () => void): Response {
  if (!response.body) return response;
  const body = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        onActivity();
        controller.enqueue(chunk);
      },
    }),
  );
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

export const connectSse: Connect = ({ url, headers, signal, onOpen, onEvent, onActivity }) =>
  fetchEventSource(url, {
    headers,
    signal,
    openWhenHidden: true,
    // Low priority: a stream that never ends must not compete with the page's own requests
    // while it loads (browsers and Lighthouse count a pending high-priority fetch as the page
    // still loading).
    fetch: async (input, init) => reportingActivity(await fetch(input, { ...init, priority: 'low' }), onActivity),
    onopen: async (response) => {
      const type = response.headers.get('content-type') ?? '';
      if (!response.ok || !type.startsWith(EventStreamContentType)) throw new StreamHttpError(response.status);
      onOpen();
    },
    // A comment-only block (the server's keep-alive) arrives as an empty message: not an event.
    onmessage: (message) => {
      if (message.event || message.data) onEvent({ id: message.id, event: message.event, data: message.data });
    },
    onerror: (error: unknown) => {
      throw error;
    },
  });
