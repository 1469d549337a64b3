import type { Plugin } from 'vite';

// What index.html asks for in its first round of requests, beside the entry and the
// framework (decision 040). Without these the browser learns of them only once the
// framework has arrived and run, so a phone on a slow network left its link idle meanwhile
// and fetched them a round trip later:
// the `signed-in` chunk (the section's frame, the data layer) with what it imports: every
// page index.html serves needs it (the sections, sign-up, password reset, the error pages).
// (index.html names /config.json itself.) /login's own page drops these links
// (vite-prerender-login.ts): its script asks for what its app needs when the page is first used.

/** The attribute that marks these links, so that the /login prerender can find them. */
export const EARLY_REQUEST_ATTRIBUTE = 'data-early';

const CHUNK_NAME = 'signed-in';

export function earlyRequestsPlugin(): Plugin {
  return {
    name: 'kabadi-early-requests',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
        const signedIn = chunks.find((chunk) => chunk.name === CHUNK_NAME);
        if (!signedIn) throw new Error(`No "${CHUNK_NAME}" chunk in the build: is the group still in vite.config.ts?`);
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const files = new Set<string>();
        const visit = (file: string) => {
          if (files.has(file)) return;
          files.add(file);
          for (const imported of byFile.get(file)?.imports ?? []) visit(imported);
        };
        visit(signedIn.fileName);
        // What index.html already loads (the entry and its preloads) stays as Vite wrote it.
        const modules = [...files].filter((file) => !html.includes(`/${file}"`)).map((file) => `<link rel="modulepreload" crossorigin href="/${file}" ${EARLY_REQUEST_ATTRIBUTE}>`);
        return html.replace('</head>', () => `  ${modules.join('\n    ')}\n  </head>`);
      },
    },
  };
}
