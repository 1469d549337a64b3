// The shape a translation of an English resource must have: the same keys, strings where
// the English has strings. Keys may be missing here (they fall back to English while a
// translator catches up; app/translations.test.ts fails on every one), but a key the
// English does not have is a type error (`satisfies` checks excess keys).
export type TranslationOf<T> = { [K in keyof T]?: T[K] extends string ? string : TranslationOf<T[K]> };
