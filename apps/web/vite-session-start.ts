import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';

// The session's start as a chunk of its own, asked for by index.html at once (decision 087).
// src/app/session-start.ts and everything it imports (the configuration, the session, the API
// client, React's core, which the session's hook needs) go to one chunk, above every other
// group, so that it imports nothing but the bundler's runtime. index.html runs it as a module
// script of its own, beside its request for /config.json: on a slow phone network the
// session's refresh then goes out while the app's scripts arrive. The app's entry imports the
// same chunk, so the module runs once, whichever asks first.

const SESSION_START = 'src/app/session-start.ts';
const CHUNK_NAME = 'session-start';

/** The attribute on index.html's tags for it: the prerendered pages (/login, /Sell) drop them, having no member to resume. */
export const SESSION_START_ATTRIBUTE = 'data-session-start';

export function sessionStartChunk(root: string, priority: number): { plugin: Plugin; group: Rolldown.CodeSplittingGroup } {
  const modules = new Set<string>();
  const plugin: Plugin = {
    name: 'kabadi-session-start',
    apply: 'build',
    buildEnd() {
      modules.clear();
      const stack = [path.resolve(root, SESSION_START)];
      while (stack.length > 0) {
        const next = stack.pop()!;
        if (modules.has(next)) continue;
        modules.add(next);
        stack.push(...(this.getModuleInfo(next)?.importedIds ?? []));
      }
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const chunk = Object.values(bundle).find((output): output is Rolldown.OutputChunk => output.type === 'chunk' && output.name === CHUNK_NAME);
        if (!chunk) throw new Error(`No "${CHUNK_NAME}" chunk in the build: is its group still in vite.config.ts?`);
        // What the chunk imports (the bundler's runtime) is asked for with it, not a round trip later.
        const tags = [
          `<script type="module" src="/${chunk.fileName}" crossorigin ${SESSION_START_ATTRIBUTE}></script>`,
          ...chunk.imports.map((file) => `<link rel="modulepreload" href="/${file}" crossorigin ${SESSION_START_ATTRIBUTE}>`),
        ];
        const config = /<link rel="preload" href="\/config.json"[^>]*>/;
        if (!config.test(html)) throw new Error('index.html has no preload of /config.json to put the session start beside');
        return html.replace(config, (link) => `${link}\n    ${tags.join('\n    ')}`);
      },
    },
  };
  return { plugin, group: { name: CHUNK_NAME, test: (id: string) => modules.has(id), priority } };
}
