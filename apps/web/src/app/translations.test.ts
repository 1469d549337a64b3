import { describe, expect, it } from 'vitest';
import { hindiResources } from './hindi-pack';

// Every English text has its Hindi (and no Hindi text lacks its English): the English
// resources are found on disk (locales/en/*.ts, features/*/locales/en.ts), so a new
// feature or key shows up here without anyone registering it.

type Tree = { [key: string]: string | Tree };

const englishModules = import.meta.glob<Record<string, Tree>>(['../locales/en/*.ts', '../features/*/locales/en.ts'], { eager: true });
const hindiFiles = Object.keys(import.meta.glob(['../locales/hi/*.ts', '../features/*/locales/hi.ts']));

/** Namespace -> English resource: an export `ordersEn` is namespace "orders", `common` is "common". */
const english = new Map<string, Tree>(
  Object.values(englishModules).flatMap((module) => Object.entries(module).map(([name, value]) => [name.replace(/En$/, ''), value] as const)),
);
const hindi = hindiResources as unknown as Record<string, Tree>;

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') found.set(path, value);
    else for (const [p, v] of leaves(value, path)) found.set(p, v);
  }
  return found;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

// Texts that are the same in both languages: codes, file names, acronyms, formulas.
const SAME_IN_BOTH = /^(?:[A-Z0-9]{2,}(?: · [A-Z0-9]{2,})?|[\w-]+\.csv|(?:\{\{\w+\}\}|[^A-Za-z])*)$/;

describe('translations', () => {
  it('finds the English resources and a Hindi file beside each', () => {
    expect(english.size).toBeGreaterThanOrEqual(17);
    for (const path of Object.keys(englishModules)) {
      expect(hindiFiles, `a Hindi file beside ${path}`).toContain(path.replace(/\/en\.ts$/, '/hi.ts').replace('/locales/en/', '/locales/hi/'));
    }
  });

  it('has every English namespace in Hindi and no other', () => {
    expect(Object.keys(hindi).sort()).toEqual([...english.keys()].sort());
  });

  for (const [namespace, resource] of english) {
    it(`has the same keys and placeholders in Hindi as in English: ${namespace}`, () => {
      const en = leaves(resource);
      const hi = leaves(hindi[namespace] ?? {});
      const missing = [...en.keys()].filter((key) => !hi.has(key));
      // Hindi has the plural forms one and other, like English; `_zero` may be added.
      const extra = [...hi.keys()].filter((key) => !en.has(key) && !(key.endsWith('_zero') && en.has(key.replace(/_zero$/, '_other'))));
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
      for (const [key, text] of hi) {
        const source = en.get(key) ?? en.get(key.replace(/_zero$/, '_other')) ?? '';
        expect(text.trim(), `${namespace}:${key} is empty`).not.toBe('');
        // A server sentence may leave out a technical part (a header's name); a screen's text may not.
        const kept = namespace === 'server' ? placeholders(text).filter((name) => placeholders(source).includes(name)) : placeholders(source);
        if (!key.endsWith('_zero')) expect(placeholders(text), `${namespace}:${key} keeps the placeholders`).toEqual(kept);
        if (text === source) expect(text, `${namespace}:${key} is still English`).toMatch(SAME_IN_BOTH);
      }
    });
  }
});
