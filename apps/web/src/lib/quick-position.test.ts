// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { positionIfAllowed, QUICK_POSITION_MAX_AGE_MS, QUICK_POSITION_TIMEOUT_MS } from './quick-position';

type State = 'granted' | 'prompt' | 'denied';

function device(state: State, answer: ((success: PositionCallback, failure: PositionErrorCallback) => void) | null) {
  const getCurrentPosition = vi.fn((success: PositionCallback, failure: PositionErrorCallback, _options?: PositionOptions) => answer?.(success, failure));
  vi.stubGlobal('navigator', { permissions: { query: vi.fn(async () => ({ state })) }, geolocation: { getCurrentPosition } });
  return getCurrentPosition;
}

const fix = (lat: number, lng: number, accuracy: number) => ({ coords: { latitude: lat, longitude: lng, accuracy }, timestamp: Date.now() }) as GeolocationPosition;

describe('the position of one moment', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('is asked only when already allowed, quickly, accepting a fix up to a minute old', async () => {
    const ask = device('granted', (success) => success(fix(18.5204, 73.8567, 14.6)));
    expect(await positionIfAllowed()).toEqual({ lat: 18.5204, lng: 73.8567, accuracy_m: 15 });
    expect(ask.mock.calls[0]![2]).toMatchObject({ timeout: QUICK_POSITION_TIMEOUT_MS, maximumAge: QUICK_POSITION_MAX_AGE_MS });
  });

  it('never prompts: not granted yet, or refused, means no position', async () => {
    for (const state of ['prompt', 'denied'] as const) {
      const ask = device(state, (success) => success(fix(18.5, 73.8, 5)));
      expect(await positionIfAllowed()).toBeNull();
      expect(ask).not.toHaveBeenCalled();
    }
  });

  it('gives up without a fix: an error, or no answer at all', async () => {
    device('granted', (_success, failure) => failure({ code: 3, message: 'timeout' } as GeolocationPositionError));
    expect(await positionIfAllowed()).toBeNull();
    vi.useFakeTimers();
    device('granted', null);
    const silent = positionIfAllowed();
    await vi.advanceTimersByTimeAsync(QUICK_POSITION_TIMEOUT_MS + 1_000);
    expect(await silent).toBeNull();
  });
});
