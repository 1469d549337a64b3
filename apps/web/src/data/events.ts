import { api } from '@/lib/api-client';

// GET /events: the server's event stream (design.md section 12). features/live reads it as
// a long-lived stream, not a query, so only its address is here.

/** The stream's absolute URL (the API's base URL from /config.json). */
export const eventsUrl = () => api.url('/events');
