import { describe, expect, it } from 'vitest';
import { currentPosition, POSITION_OPTIONS, problemOf } from './current-position';

/** A browser's geolocation that answers one way. */
function fakeGeolocation(answer: { lat: number; lng: number } | { code: number }) {
  const asked: (PositionOptions | undefined)[] = [];
  const geolocation = {
    getCurrentPosition(success: PositionCallback, failure?: PositionErrorCallback | null, options?: PositionOptions) {
      asked.push(options);
      if ('code' in answer) failure?.({ code: answer.code, message: '', PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 });
      else success({ coords: { latitude: answer.lat, longitude: answer.lng, accuracy: 12 }, timestamp: Date.now() } as GeolocationPosition);
    },
  } as unknown as Geolocation;
  return { geolocation: () => geolocation, asked };
}

describe('"Use where I am"', () => {
  it('answers the phone\'s position to the 6 decimals the API keeps, asking for GPS', async () => {
    const { geolocation, asked } = fakeGeolocation({ lat: 18.52043219, lng: 73.85671234 });
    expect(await currentPosition(geolocation)).toEqual({ point: { lat: 18.520432, lng: 73.856712 } });
    expect(asked).toEqual([POSITION_OPTIONS]);
    expect(POSITION_OPTIONS.enableHighAccuracy).toBe(true);
  });

  it.each([
    [1, 'denied'],
    [2, 'unavailable'],
    [3, 'timeout'],
  ] as const)('says why there is no position: code %i is %s', async (code, problem) => {
    expect(problemOf({ code })).toBe(problem);
    expect(await currentPosition(fakeGeolocation({ code }).geolocation)).toEqual({ problem });
  });

  it('says so when the browser has no geolocation', async () => {
    expect(await currentPosition(() => undefined)).toEqual({ problem: 'unsupported' });
  });
});
