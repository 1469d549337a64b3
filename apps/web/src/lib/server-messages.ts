// The API answers in English, letter for letter as the product spec writes its messages
// (design.md section 13). The web app shows those messages (`detail`, field errors, and
// the shared schemas' own messages in forms) in the reader's language: a language pack
// installs a translator that knows the API's sentences; without one they pass unchanged.

type Translator = (message: string) => string | null;

let translator: Translator | null = null;

export function setServerMessageTranslator(next: Translator | null): void {
  translator = next;
}

/** The message in the current language when it is a known one; else as the server wrote it. */
export function translateServerMessage(message: string): string {
  return translator?.(message) ?? message;
}
