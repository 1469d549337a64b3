// A kept document's PDF is built once per language and kept (design.md section 16): every
// later request is a read. Requests of this process that arrive while a build runs wait for
// that build rather than start their own. Another process may build the same PDF at the same
// moment: the first row kept wins, and the other answers with that row, not its own build
// (two builds differ in their creation time), so every answer is the kept document.

/** Where one document's PDF in one language is kept. */
export interface PdfShelf {
  /** Process-wide key of the document and language (`receipt:42:hi`). */
  key: string;
  read(): Promise<Buffer | undefined>;
  /** Keeps the PDF unless one is kept already; answers it when this one was kept. */
  keep(pdf: Buffer): Promise<Buffer | undefined>;
}

const building = new Map<string, Promise<Buffer>>();

/** Builds the PDF (or joins this process's build already under way) and keeps it; answers the kept copy. */
export function buildKeptPdf(shelf: PdfShelf, build: () => Promise<Buffer>): Promise<Buffer> {
  let pending = building.get(shelf.key);
  if (!pending) {
    pending = (async () => {
      const kept = await shelf.keep(await build());
      if (kept) return kept;
      const winner = await shelf.read();
      if (!winner) throw new Error(`PDF ${shelf.key}: neither kept now nor before`);
      return winner;
    })().finally(() => building.delete(shelf.key));
    building.set(shelf.key, pending);
  }
  return pending;
}
