import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';

// The session's start and a phone home's first data as chunks of their own, asked for by
// index.html's script before the app (decision 087), so that on a slow phone network the
// session's refresh and the home's first requests go out while the app's scripts arrive.
// - `session-start`: src/app/session-start.ts and everything it imports (the configuration,
//   the session, the API client, React's core, which the session's hook needs), and what the
//   second shares with every page's start. The app's entry imports it too, so it runs once,
//   whichever asks first; /login's app loads it, so it stays small.
// - `start-data`: src/app/start-data.ts, which the session's start imports only when a
//   member is known, and the rest of what it imports (the query cache, the data layer's
//   queries for the phone homes). Every signed-in page imports it; /login never does.
// Both are groups above every other, so that the first imports nothing but the bundler's
// runtime, and the second only that and the first.

const SESSION_START = { name: 'session-start', module: 'src/app/session-start.ts', priority: 8 };
const START_DATA = { name: 'start-data', module: 'src/app/start-data.ts', priority: 7 };
/** The app's entry: what it imports statically, every page (/login too) loads. */
const ENTRY = 'src/app/main.tsx';

/** The attribute on index.html's tags for them: the prerendered pages (/login, /Sell) drop them, having no member to resume. */
export const SESSION_START_ATTRIBUTE = 'data-session-start';

export function sessionStartChunks(root: string): { plugin: Plugin; groups: Rolldown.CodeSplittingGroup[] } {
  let sessionStart = new Set<string>();
  let startData = new Set<string>();
  const plugin: Plugin = {
    name: 'kabadi-session-start',
    apply: 'build',
    buildEnd() {
      const reach = (module: string) => {
        const seen = new Set<string>();
        const stack = [path.resolve(root, module)];
        while (stack.length > 0) {
          const next = stack.pop()!;
          if (seen.has(next)) continue;
          seen.add(next);
          stack.push(...(this.getModuleInfo(next)?.importedIds ?? []));
        }
        return seen;
      };
      const entry = reach(ENTRY);
      startData = reach(START_DATA.module);
      // What the home's data shares with every page's start (the paths, JSX's runtime) goes
      // with the session's start: in the data's chunk it would bring the query cache to /login.
      sessionStart = new Set([...reach(SESSION_START.module), ...[...startData].filter((module) => entry.has(module))]);
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const chunkNamed = (name: string) => {
          const chunk = Object.values(bundle).find((output): output is Rolldown.OutputChunk => output.type === 'chunk' && output.name === name);
          if (!chunk) throw new Error(`No "${name}" chunk in the build: is its group still in vite.config.ts?`);
          return chunk;
        };
        const first = chunkNamed(SESSION_START.name);
        const data = chunkNamed(START_DATA.name);
        // The first runs; the data's chunk and what each imports (the bundler's runtime) are asked for with it, not a round trip later.
        const preloads = [...new Set([...first.imports, data.fileName, ...data.imports])].filter((file) => file !== first.fileName);
        const tags = [
          `<script type="module" src="/${first.fileName}" crossorigin ${SESSION_START_ATTRIBUTE}></script>`,
          ...preloads.map((file) => `<link rel="modulepreload" href="/${file}" crossorigin ${SESSION_START_ATTRIBUTE}>`),
        ];
        const config = /<link rel="preload" href="\/config.json"[^>]*>/;
        if (!config.test(html)) throw new Error('index.html has no preload of /config.json to put the session start beside');
        return html.replace(config, (link) => `${link}\n    ${tags.join('\n    ')}`);
      },
    },
  };
  const groups = [
    { name: SESSION_START.name, test: (id: string) => sessionStart.has(id), priority: SESSION_START.priority },
    { name: START_DATA.name, test: (id: string) => startData.has(id), priority: START_DATA.priority },
  ];
  return { plugin, groups };
}
