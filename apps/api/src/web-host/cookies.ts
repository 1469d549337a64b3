/** A cookie's value in a request's Cookie header, if it is there (the first of that name). */
export function cookieValue(cookieHeader: string | undefined, name: string): string | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name && value.length > 0) return value.join('=');
  }
  return null;
}
