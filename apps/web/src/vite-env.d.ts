/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Set by the build-id plugin in vite.config.ts; undefined under the dev server and in tests. */
  readonly VITE_BUILD_ID?: string;
}
