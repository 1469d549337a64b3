// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeGeolocation, removeGeolocation } from '@/test/fake-geolocation';
import { nearParam, POSITION_MAX_AGE_MS, useDevicePosition, worthPassingOn } from './use-device-position';

const at = (lat: number, lng: number, time: number) => ({ lat, lng, accuracyM: 10, at: time });

describe('which fixes are passed on', () => {
  it('takes the first, then one about 200 m away or 2 minutes later', () => {
    const first = at(18.52, 73.8567, 0);
    expect(worthPassingOn(null, first)).toBe(true);
    // 0.001 degrees of latitude is 111 m; 0.002 is 222 m.
    expect(worthPassingOn(first, at(18.521, 73.8567, 60_000))).toBe(false);
    expect(worthPassingOn(first, at(18.522, 73.8567, 60_000))).toBe(true);
    expect(worthPassingOn(first, at(18.5201, 73.8567, POSITION_MAX_AGE_MS))).toBe(true);
  });

  it('names a position for the API to 4 decimals', () => {
    expect(nearParam({ lat: 18.520449, lng: 73.85671 })).toBe('18.5204,73.8567');
  });
});

describe('useDevicePosition', () => {
  afterEach(removeGeolocation);

  it('asks the browser only when enabled, and stops watching when disabled', () => {
    const geo = fakeGeolocation();
    const { result, rerender } = renderHook(({ enabled }) => useDevicePosition(enabled), { initialProps: { enabled: false } });
    expect(result.current).toEqual({ status: 'off' });
    expect(geo.watchPosition).not.toHaveBeenCalled();

    rerender({ enabled: true });
    expect(result.current).toEqual({ status: 'locating' });
    expect(geo.watchPosition).toHaveBeenCalledTimes(1);

    rerender({ enabled: false });
    expect(geo.clearWatch).toHaveBeenCalledTimes(1);
    expect(result.current).toEqual({ status: 'off' });
  });

  it('passes on a fix, ignores a small move soon after, takes a long one', () => {
    const geo = fakeGeolocation();
    const { result } = renderHook(() => useDevicePosition(true));
    act(() => geo.move(18.52, 73.8567, 1_000));
    expect(result.current).toMatchObject({ status: 'ready', position: { lat: 18.52, lng: 73.8567 } });
    act(() => geo.move(18.5205, 73.8567, 31_000));
    expect(result.current).toMatchObject({ status: 'ready', position: { lat: 18.52 } });
    act(() => geo.move(18.53, 73.8567, 61_000));
    expect(result.current).toMatchObject({ status: 'ready', position: { lat: 18.53 } });
  });

  it('says why there is no position, and keeps a good one through a lost fix', () => {
    const geo = fakeGeolocation();
    const { result } = renderHook(() => useDevicePosition(true));
    act(() => geo.fail(1));
    expect(result.current).toEqual({ status: 'failed', problem: 'denied' });

    const other = renderHook(() => useDevicePosition(true));
    act(() => geo.move(18.52, 73.8567));
    act(() => geo.fail(2));
    expect(other.result.current).toMatchObject({ status: 'ready' });
  });

  it('says so when the browser has no geolocation', () => {
    removeGeolocation();
    const { result } = renderHook(() => useDevicePosition(true));
    expect(result.current).toEqual({ status: 'failed', problem: 'unsupported' });
  });
});
