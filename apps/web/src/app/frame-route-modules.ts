// The route modules each phone section's start page matches (router.tsx; router.test.ts
// holds the two together). The build preloads their chunks with the app when a phone draws
// that section's frame (decision 049): the app would otherwise ask for them only once its
// entry had arrived and run, a round trip and the entry's evaluation later.
// Plain data: vite-prerender-login.ts reads it at build time.
export const FRAME_ROUTE_MODULES = {
  store: ['src/app/routes/store/layout.tsx', 'src/app/routes/store/home.tsx'],
  driver: ['src/app/routes/driver/layout.tsx', 'src/app/routes/driver/home.tsx'],
  vendor: ['src/app/routes/vendor/layout.tsx', 'src/app/routes/vendor/home/home.tsx'],
} as const satisfies Record<string, readonly string[]>;
