// What a PDF worker thread runs (pdf-workers.ts): the renderer a job names, loaded once per
// thread and module, called with the job's arguments. Only the API's own modules name it.

type Renderer = (...args: unknown[]) => Promise<Uint8Array>;

const loaded = new Map<string, Promise<Record<string, unknown>>>();

export async function runPdfJob(href: string, exportName: string, args: unknown[]): Promise<Uint8Array> {
  let module = loaded.get(href);
  if (!module) {
    module = import(href) as Promise<Record<string, unknown>>;
    loaded.set(href, module);
  }
  const render = (await module)[exportName];
  if (typeof render !== 'function') throw new Error(`${href} has no function ${exportName}`);
  return (render as Renderer)(...args);
}
