/** Cache storage in memory, by cache name and path: what lib/kept-start-page.ts uses of the browser's. */
export function memoryCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const keyOf = (request: RequestInfo | URL) => (typeof request === 'string' ? request : request instanceof URL ? request.pathname : new URL(request.url).pathname);
  const storage = {
    async open(name: string) {
      const store = stores.get(name) ?? new Map<string, Response>();
      stores.set(name, store);
      return {
        async match(request: RequestInfo | URL) {
          return store.get(keyOf(request))?.clone();
        },
        async put(request: RequestInfo | URL, response: Response) {
          store.set(keyOf(request), response);
        },
        async delete(request: RequestInfo | URL) {
          return store.delete(keyOf(request));
        },
      };
    },
    async delete(name: string) {
      return stores.delete(name);
    },
    async has(name: string) {
      return stores.has(name);
    },
  };
  return { storage: storage as unknown as CacheStorage, stores };
}
