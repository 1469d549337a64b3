import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@app/shared/constants';
import { FRAME_ROLES, frameBootScript, MEMBER_NAME_MARK, prerenderSectionFrames } from './prerender-section-frames';

// index.html's phone frames (decisions 042 and 076), rendered as the build renders them: the
// app's own tree for each phone section's start page, before any answer, with its styles.

describe("the phone sections' prerendered frames", () => {
  it('draw each start page in each language with its top bar and greeting, and nothing that needs an answer', async () => {
    const frames = await prerenderSectionFrames();
    expect(frames.map((frame) => `${frame.role} ${frame.language}`).sort()).toEqual(LANGUAGES.flatMap((language) => FRAME_ROLES.map((role) => `${role} ${language}`)).sort());
    const byKey = new Map(frames.map((frame) => [`${frame.role} ${frame.language}`, frame]));

    // Every start page's heading greets the member: the largest text a phone draws first (decision 053).
    for (const role of FRAME_ROLES) expect(byKey.get(`${role} en`)!.html).toMatch(new RegExp(`<h1[^>]*>Welcome, ${MEMBER_NAME_MARK}</h1>`));
    const store = byKey.get('store en')!;
    expect(store.html).toContain('data-testid="section-title"');
    // Skeletons where the counts and the latest orders will be; no order drawn.
    expect(store.html).toContain('MuiSkeleton-root');
    expect(store.html).not.toMatch(/#0000\d{4}/);
    expect(byKey.get('driver en')!.html).toContain('Your work for today.');
    expect(byKey.get('vendor en')!.html).toContain('Orders over time');

    // Hindi texts in the Hindi frames, the name mark as it is.
    for (const role of FRAME_ROLES) expect(byKey.get(`${role} hi`)!.html).toMatch(new RegExp(`<h1[^>]*>[^<]*[\\u0900-\\u097F][^<]*${MEMBER_NAME_MARK}</h1>`));
    expect(byKey.get('driver hi')!.html).not.toContain('Your work for today.');

    for (const frame of frames) {
      // emotion's own server-render form of the rules the markup uses, first (decision 076): the
      // theme's variables and baseline, and the markup's classes.
      expect(frame.html).toMatch(/^<style data-emotion="css-global [^"]+">/);
      const classes = new Set([...frame.html.matchAll(/class="([^"]*)"/g)].flatMap((match) => match[1]!.split(' ').filter((name) => name.startsWith('css-'))));
      const styled = new Set([...frame.html.matchAll(/<style data-emotion="css ([^"]+)">/g)].flatMap((match) => match[1]!.split(' ').map((name) => `css-${name}`)));
      for (const name of classes) if (name !== 'css-0') expect(styled, `${frame.role} ${frame.language}: ${name}`).toContain(name);
      expect(frame.html).not.toContain('<script');
    }
  }, 60_000);

  it('come with a boot file that is a plain script', () => {
    const script = frameBootScript();
    // Parses as a classic script: no import, no export, no TypeScript left.
    expect(() => new Function('document', 'window', script)).not.toThrow();
    expect(script).toContain(MEMBER_NAME_MARK);
    expect(script).not.toMatch(/\bimport\b|\bexport\b/);
  });
});
