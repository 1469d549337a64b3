import 'react';

// The Element Timing API's attribute (https://wicg.github.io/element-timing/), which React
// passes to the DOM as it is but its types do not list. One value only: a phone home marks its
// first card with real data `elementtiming="first-card"` (design.md section 22: judged by when
// the member's data shows, not by a greeting or a skeleton), on the first item only, once it
// shows data; scripts/first-card.mjs reads when it was painted for `npm run lighthouse` and the
// start budget (e2e/start-budget.spec.ts). Chromium times the text of a block (a paragraph, a
// heading, a flex item), not of an inline span. A literal in each place, not a shared constant:
// a module of its own would be one more request in the start of every home.
declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- an augmentation repeats React's type parameter
  interface HTMLAttributes<T> {
    elementtiming?: 'first-card' | undefined;
  }
}
