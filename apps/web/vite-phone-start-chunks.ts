import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';

// A phone's start page as few files as its code allows (decision 086). Left to the automatic
// split, what a phone home needs beyond the named library and signed-in chunks came as 13 to
// 29 files of 0.2-3 KB each, one per set of pages sharing them: a phone on slow 4G fetches
// six at a time, a round trip each, so the driver's 37 files cost some seven round trips
// before its first card. Here each such module goes to one chunk per set of phone starts
// that needs it: what all three share, what two share, what one needs alone. A later page
// that needs one of these modules loads its chunk with it.

/** The route modules of each phone section's start (layout and home), as the manifest names them. */
const PHONE_STARTS = {
  store: ['src/app/routes/store/layout.tsx', 'src/app/routes/store/home.tsx'],
  driver: ['src/app/routes/driver/layout.tsx', 'src/app/routes/driver/home.tsx'],
  vendor: ['src/app/routes/vendor/layout.tsx', 'src/app/routes/vendor/home/home.tsx'],
} as const;

type Role = keyof typeof PHONE_STARTS;
const ROLES = Object.keys(PHONE_STARTS) as Role[];

const inLibrary = (id: string) => /[\\/]node_modules[\\/]/.test(id);

/**
 * Whether a start needs what `from` imports. A library's modules import far more than a page
 * uses (MUI's style helpers import every component's class names) and the bundle keeps only
 * what is used, so within a library only a component's own folder is followed: the component
 * the app imports, not what its package's barrels name. What is not followed is left to the
 * automatic split, as before.
 */
const follows = (from: string, imported: string) => !inLibrary(from) || path.dirname(from) === path.dirname(imported);

/** Every set of one or more starts, largest first, with its chunk's name. */
function roleSets(): { roles: Role[]; name: string }[] {
  const sets: Role[][] = [];
  for (let mask = 1; mask < 1 << ROLES.length; mask += 1) sets.push(ROLES.filter((_, bit) => mask & (1 << bit)));
  sets.sort((a, b) => b.length - a.length);
  return sets.map((roles) => ({ roles, name: roles.length === ROLES.length ? 'phone-start' : `${roles.join('-')}-start` }));
}

/**
 * The plugin learns, once the module graph is complete, which starts need which module; the
 * groups (for `codeSplitting.groups`, below every named group) capture them by that.
 */
export function phoneStartChunks(root: string, priority: number): { plugin: Plugin; groups: Rolldown.CodeSplittingGroup[] } {
  const startsOf = new Map<string, string>();
  // The route modules stay chunks of their own: the manifest names them, and the frames'
  // prerender and the size check find a start's files through them.
  const routeModules = new Set(Object.values(PHONE_STARTS).flat().map((module) => path.resolve(root, module)));
  const plugin: Plugin = {
    name: 'kabadi-phone-start-chunks',
    apply: 'build',
    buildEnd() {
      startsOf.clear();
      const reached = new Map<string, Role[]>();
      for (const role of ROLES) {
        const seen = new Set<string>();
        const stack = PHONE_STARTS[role].map((module) => path.resolve(root, module));
        while (stack.length > 0) {
          const next = stack.pop()!;
          if (seen.has(next)) continue;
          seen.add(next);
          for (const imported of this.getModuleInfo(next)?.importedIds ?? []) if (follows(next, imported)) stack.push(imported);
        }
        for (const module of seen) if (!routeModules.has(module)) reached.set(module, [...(reached.get(module) ?? []), role]);
      }
      for (const [module, roles] of reached) startsOf.set(module, roles.join());
    },
  };
  const groups = roleSets().map(({ roles, name }) => ({ name, test: (id: string) => startsOf.get(id) === roles.join(), priority }));
  return { plugin, groups };
}
