/**
 * The running build's id: the hashed name of the entry chunk this module is bundled into
 * ("index-BwTIqVUk"). That name is a hash over the chunk's code and the names of every chunk
 * it imports, eagerly or lazily, so it changes whenever any script or stylesheet of the app
 * does, and only then: a build of the same code keeps every file name, so a phone keeps what
 * it cached. vite.config.ts writes the same name into /build-id.json, and fails the build when
 * this module lands outside the entry chunk. Undefined under the dev server and outside a browser.
 */
export const BUILD_ID: string | undefined = buildIdOf(import.meta.url);

/** The build id a chunk's URL names ("/assets/index-BwTIqVUk.js" → "index-BwTIqVUk"), if it is a built chunk's. */
export function buildIdOf(url: string): string | undefined {
  return /\/assets\/([\w-]+)\.js$/.exec(new URL(url).pathname)?.[1];
}
