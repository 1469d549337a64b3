import { afterEach } from 'vitest';

// Component tests (`*.test.tsx`, happy-dom) unmount what they rendered after each test;
// the web project's plain unit tests run in node and have no DOM to clean.
afterEach(async () => {
  if (typeof document === 'undefined') return;
  const { cleanup } = await import('@testing-library/react');
  cleanup();
});
