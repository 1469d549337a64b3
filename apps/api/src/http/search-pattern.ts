/**
 * An ILIKE pattern that finds `term` anywhere, taken literally: a user typing "50%" or
 * "a_b" searches for those characters, not for wildcards. Backslash is ILIKE's default
 * escape character on PostgreSQL and PGlite alike.
 */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
