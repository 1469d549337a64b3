// The city a visitor chose on /Sell, kept on the device for the next visit (design.md
// section 21); the household's sign-up can start from it. Read only after the prerendered
// page is the app's (lib/prerendered-login.ts `useHydrated`): the build cannot know it.

const KEY = 'sell.city';

/** The city id kept on this device, or null (none, or storage blocked). */
export function chosenCityId(): number | null {
  try {
    const id = Number(window.localStorage.getItem(KEY));
    return Number.isSafeInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

/** Keeps (or with null forgets) the chosen city; blocked storage keeps nothing. */
export function keepChosenCity(id: number | null): void {
  try {
    if (id === null) window.localStorage.removeItem(KEY);
    else window.localStorage.setItem(KEY, String(id));
  } catch {
    // Private mode or blocked storage: the choice lasts this visit only.
  }
}
