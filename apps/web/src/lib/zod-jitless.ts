// zod 4 compiles object parsers with `new Function` when it may, and first probes
// whether it may: under the web host's CSP (no 'unsafe-eval') every probe is a CSP
// violation in the browser's Issues panel (Lighthouse's best practices). Jitless parsing
// is fast enough for forms. zod reads this global when it loads, so this module is the
// entry's first import and needs no zod of its own (/login loads no zod).
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

export {};
