import { useSearchParams } from 'react-router';

// The largest id the API's integer keys hold: a larger ?id= names no record.
const MAX_ID = 2_147_483_647;

/** The record id of a detail page (`?id=42`), or null when absent or not a positive whole number. */
export function useIdParam(): number | null {
  const [params] = useSearchParams();
  const raw = params.get('id');
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && id <= MAX_ID ? id : null;
}
