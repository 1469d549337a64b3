// @vitest-environment happy-dom
import { CacheProvider, ClassNames, css } from '@emotion/react';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { createEmotionCache } from '@/lib/emotion-cache';

// The app starting on a page whose styles the build wrote (index.html, login.html): emotion's
// own server-render form, `<style data-emotion="css <names>">`, which its cache adopts as it
// starts. The rules are then not written again; a rule the page lacks is.

const RED = css({ color: 'red' });
const BLUE = css({ color: 'blue' });

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

/** How many rules the page's style elements hold after the app renders `styles` with its cache. */
async function rulesAfterRendering(serverTags: string, ...styles: (typeof RED)[]): Promise<{ before: number; after: number }> {
  document.head.innerHTML = serverTags;
  const count = () => [...document.head.querySelectorAll('style')].reduce((sum, element) => sum + (element.textContent?.split('}').length ?? 1) - 1, 0);
  const before = count();
  const cache = createEmotionCache();
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () => {
    root.render(
      <CacheProvider value={cache}>
        <ClassNames>{({ css: cx }) => styles.map((style) => <div key={style.name} className={cx(style)} />)}</ClassNames>
      </CacheProvider>,
    );
  });
  const after = count();
  root.unmount();
  return { before, after };
}

describe("a page's prerendered style elements", () => {
  const serverTags = `<style data-emotion="css ${RED.name}">.css-${RED.name}{color:red;}</style>`;

  it('are adopted when the app starts: their rules are not written again', async () => {
    const { before, after } = await rulesAfterRendering(serverTags, RED);
    expect(before).toBe(1);
    expect(after).toBe(1);
  });

  it('and a rule the page lacks is written at run time', async () => {
    const { after } = await rulesAfterRendering(serverTags, RED, BLUE);
    expect(after).toBe(2);
  });

  it('without them, the app writes its rules itself (what the build spares)', async () => {
    const { before, after } = await rulesAfterRendering('', RED);
    expect(before).toBe(0);
    expect(after).toBe(1);
  });
});
