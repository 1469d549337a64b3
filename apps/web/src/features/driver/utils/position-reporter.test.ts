// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig } from '@/config/runtime-config';
import { session } from '@/lib/session';
import { fakeGeolocation, type FakeGeolocation } from '@/test/fake-geolocation';
import { signInForTest } from '@/test/fixtures';
import { setBrowserOnline } from '@/test/network';
import { API, fakeApi, type Answer } from '@/test/render';
import { POST_MAX_INTERVAL_MS, POST_MIN_INTERVAL_MS, startPositionReporter } from './position-reporter';
import { browserReporterDeps } from './use-position-reporting';

// The reporter bound to the browser as the app runs it (use-position-reporting.ts), with the
// clock, the GPS and the API faked: when it posts, what, and what it does with each answer.

const DRIVER = { memberId: 5, loginId: 'driver@example.com', name: 'Ravi', role: 'driver', storeId: null, vendorId: null, driverId: 9 } as const;
const START = Date.parse('2026-12-06T10:00:00.000Z');

let geo: FakeGeolocation;
let stop: (() => void) | null = null;
const notMoving = vi.fn();

/** The API answers each position post with the next of `answers` (the last one repeats). */
function positionApi(...answers: Answer[]) {
  const bodies: Array<{ lat: number; lng: number; accuracy_m: number; at: string }> = [];
  const times: number[] = [];
  fakeApi({
    'POST /drivers/me/position': async (request) => {
      bodies.push((await request.json()) as (typeof bodies)[number]);
      times.push(Date.now());
      const answer = answers[Math.min(bodies.length, answers.length) - 1] ?? { status: 204 };
      if (typeof answer === 'function') return answer(request);
      if ((answer.status ?? 204) === 204) return new Response(null, { status: 204 });
      return Response.json({ detail: 'no' }, { status: answer.status, headers: answer.headers });
    },
  });
  return { bodies, times, seconds: () => times.map((time) => (time - START) / 1000) };
}

const start = () => {
  stop = startPositionReporter(browserReporterDeps(notMoving));
};
/** Lets the clock run `ms`, answering every post and timer on the way. */
const wait = (ms: number) => vi.advanceTimersByTimeAsync(ms);

beforeEach(() => {
  vi.useFakeTimers({ now: START, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  setRuntimeConfig({ apiBaseUrl: API, role: 'admin', env: 'dev', auth: { provider: 'local' } });
  signInForTest(DRIVER);
  setBrowserOnline(true);
  geo = fakeGeolocation();
  notMoving.mockClear();
});

afterEach(() => {
  stop?.();
  stop = null;
  session.signOut('user');
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the driver's position while on the way", () => {
  it('posts the first fix at once, then at most every 15 s, the latest fix with the time the phone measured it', async () => {
    const api = positionApi({ status: 204 });
    start();
    expect(geo.watchPosition).toHaveBeenCalledTimes(1);
    geo.move(18.5308, 73.8475);
    await wait(0);
    expect(api.bodies).toEqual([{ lat: 18.5308, lng: 73.8475, accuracy_m: 10, at: '2026-12-06T10:00:00.000Z' }]);

    // Fixes every 2 s: the next post 15 s after the first, with the newest of them.
    for (let second = 2; second <= 14; second += 2) {
      await wait(2_000);
      geo.move(18.5308 + second / 10_000, 73.8475);
    }
    expect(api.bodies).toHaveLength(1);
    await wait(1_000);
    expect(api.seconds()).toEqual([0, 15]);
    expect(api.bodies[1]!.lat).toBeCloseTo(18.5322, 6);
    expect(api.bodies[1]!.at).toBe('2026-12-06T10:00:14.000Z');
  });

  it('standing still, posts a fresh reading a minute after the last post, or the last fix again when none comes', async () => {
    const api = positionApi({ status: 204 });
    start();
    geo.move(18.5308, 73.8475);
    await wait(0);
    // The watch gives nothing more (a phone that does not move): one fresh reading at 60 s.
    vi.mocked(navigator.geolocation.getCurrentPosition).mockImplementationOnce((success) =>
      success({ coords: { latitude: 18.5309, longitude: 73.8476, accuracy: 8.4 }, timestamp: Date.now() } as GeolocationPosition),
    );
    await wait(POST_MAX_INTERVAL_MS - 1);
    expect(api.bodies).toHaveLength(1);
    await wait(1);
    expect(api.seconds()).toEqual([0, 60]);
    expect(api.bodies[1]).toEqual({ lat: 18.5309, lng: 73.8476, accuracy_m: 8, at: '2026-12-06T10:01:00.000Z' });

    // No reading at all (the browser never calls back): after its 11 s the last fix goes again.
    await wait(POST_MAX_INTERVAL_MS + 11_000);
    expect(api.seconds()).toEqual([0, 60, 131]);
    expect(api.bodies[2]).toEqual(api.bodies[1]);
  });

  it('asks for a reading after a minute when the watch has given nothing yet', async () => {
    const api = positionApi({ status: 204 });
    vi.mocked(navigator.geolocation.getCurrentPosition).mockImplementation((success) =>
      success({ coords: { latitude: 18.52, longitude: 73.85, accuracy: 30 }, timestamp: Date.now() } as GeolocationPosition),
    );
    start();
    await wait(POST_MAX_INTERVAL_MS - 1);
    expect(api.bodies).toHaveLength(0);
    await wait(1);
    expect(api.bodies).toEqual([{ lat: 18.52, lng: 73.85, accuracy_m: 30, at: '2026-12-06T10:01:00.000Z' }]);
  });

  it('on 409 (no order moving) stops for good and says so once, whatever the GPS does next', async () => {
    const api = positionApi({ status: 409 });
    start();
    geo.move(18.5308, 73.8475);
    await wait(0);
    expect(api.bodies).toHaveLength(1);
    expect(notMoving).toHaveBeenCalledTimes(1);
    expect(geo.clearWatch).toHaveBeenCalledTimes(1);
    geo.move(18.54, 73.85);
    await wait(5 * POST_MAX_INTERVAL_MS);
    expect(api.bodies).toHaveLength(1);
    expect(notMoving).toHaveBeenCalledTimes(1);
  });

  it("on 429 waits the Retry-After, then posts the latest fix (not 15 s more)", async () => {
    const api = positionApi({ status: 204 }, { status: 429, headers: { 'retry-after': '3' } }, { status: 204 });
    start();
    geo.move(18.5308, 73.8475);
    await wait(15_000);
    geo.move(18.531, 73.8475);
    await wait(0);
    expect(api.seconds()).toEqual([0, 15]);
    await wait(2_000);
    geo.move(18.532, 73.8475);
    await wait(999);
    expect(api.bodies).toHaveLength(2);
    await wait(1);
    expect(api.seconds()).toEqual([0, 15, 18]);
    expect(api.bodies[2]).toMatchObject({ lat: 18.532 });
    expect(notMoving).not.toHaveBeenCalled();
  });

  it('offline, posts nothing and keeps nothing: the next fix after 15 s goes once online', async () => {
    const api = positionApi({ status: 204 });
    setBrowserOnline(false);
    start();
    geo.move(18.5308, 73.8475);
    await wait(20_000);
    expect(api.bodies).toHaveLength(0);
    setBrowserOnline(true);
    // Back online, the dropped fix is not sent late; the next one is.
    await wait(20_000);
    expect(api.bodies).toHaveLength(0);
    geo.move(18.5311, 73.8475);
    await wait(0);
    expect(api.bodies).toEqual([expect.objectContaining({ lat: 18.5311, at: '2026-12-06T10:00:40.000Z' })]);
  });

  it('a network failure drops the fix: no retry of it, the next fix 15 s after the try', async () => {
    let failing = true;
    const api = positionApi(() => (failing ? Promise.reject(new TypeError('Failed to fetch')) : new Response(null, { status: 204 })));
    start();
    geo.move(18.5308, 73.8475);
    await wait(0);
    expect(api.bodies).toHaveLength(1);
    failing = false;
    await wait(10_000);
    expect(api.bodies).toHaveLength(1);
    geo.move(18.5311, 73.8475);
    await wait(4_999);
    expect(api.bodies).toHaveLength(1);
    await wait(1);
    expect(api.seconds()).toEqual([0, 15]);
    expect(notMoving).not.toHaveBeenCalled();
  });

  it('stops when told (no order moving, the page leaving): the watch ends and a post on its way is dropped', async () => {
    const api = positionApi(() => new Promise<Response>(() => undefined));
    start();
    geo.move(18.5308, 73.8475);
    await wait(0);
    expect(api.bodies).toHaveLength(1);
    stop!();
    stop = null;
    expect(geo.clearWatch).toHaveBeenCalledTimes(1);
    geo.move(18.54, 73.85);
    await wait(3 * POST_MAX_INTERVAL_MS);
    expect(api.bodies).toHaveLength(1);
    expect(notMoving).not.toHaveBeenCalled();
  });

  it('holds its intervals to the contract', () => {
    expect([POST_MIN_INTERVAL_MS, POST_MAX_INTERVAL_MS]).toEqual([15_000, 60_000]);
  });
});
