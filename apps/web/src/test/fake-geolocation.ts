import { vi } from 'vitest';

// Component tests (happy-dom has no geolocation): the browser's position, driven by the test.
// `watchPosition` is a spy, so a test can say whether the browser was asked at all.

export interface FakeGeolocation {
  watchPosition: ReturnType<typeof vi.fn>;
  clearWatch: ReturnType<typeof vi.fn>;
  /** A fix reaches every watch. */
  move(lat: number, lng: number, at?: number): void;
  /** An error (1 denied, 2 unavailable, 3 timeout) reaches every watch. */
  fail(code: 1 | 2 | 3): void;
}

export function fakeGeolocation(): FakeGeolocation {
  const watches = new Map<number, { success: PositionCallback; failure?: PositionErrorCallback | null }>();
  let nextId = 1;
  const watchPosition = vi.fn((success: PositionCallback, failure?: PositionErrorCallback | null) => {
    const id = nextId++;
    watches.set(id, { success, failure });
    return id;
  });
  const clearWatch = vi.fn((id: number) => void watches.delete(id));
  Object.defineProperty(window.navigator, 'geolocation', { configurable: true, value: { watchPosition, clearWatch, getCurrentPosition: vi.fn() } });
  return {
    watchPosition,
    clearWatch,
    move(lat, lng, at = Date.now()) {
      const position = { coords: { latitude: lat, longitude: lng, accuracy: 10 }, timestamp: at } as GeolocationPosition;
      for (const watch of [...watches.values()]) watch.success(position);
    },
    fail(code) {
      const error = { code, message: 'test', PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 } as GeolocationPositionError;
      for (const watch of [...watches.values()]) watch.failure?.(error);
    },
  };
}

/** A browser without geolocation (happy-dom's own answers nothing, ever). */
export function removeGeolocation(): void {
  Object.defineProperty(window.navigator, 'geolocation', { configurable: true, value: undefined });
}
