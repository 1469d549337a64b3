// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { positionIfAllowed } from '@/lib/quick-position';
import { driverOutbox, type SubmitResult } from './driver-outbox-instance';
import { useDriverStep } from './use-driver-step';

vi.mock('@/lib/quick-position', () => ({ positionIfAllowed: vi.fn() }));

describe("a driver's step from a screen", () => {
  afterEach(() => vi.restoreAllMocks());

  it('is kept once when tapped twice before the screen redraws, and the next step goes on after it', async () => {
    const answers: ((result: SubmitResult) => void)[] = [];
    const submit = vi.spyOn(driverOutbox, 'submit').mockImplementation(() => new Promise<SubmitResult>((resolve) => answers.push(resolve)));
    const { result } = renderHook(() => useDriverStep());
    // Both taps reach the same render's handler: the button is not disabled yet.
    const { run } = result.current;
    let first: Promise<SubmitResult | null> = Promise.resolve(null);
    let second: Promise<SubmitResult | null> = Promise.resolve(null);
    act(() => {
      first = run(7, { kind: 'accepted' }, () => undefined);
      second = run(7, { kind: 'accepted' }, () => undefined);
    });
    expect(await second).toBeNull();
    expect(submit).toHaveBeenCalledTimes(1);
    expect(result.current.busy).toEqual({ orderId: 7, kind: 'accepted' });

    await act(async () => {
      answers[0]!({ status: 'sent', answer: { id: 7 } });
      await first;
    });
    expect(await first).toEqual({ status: 'sent', answer: { id: 7 } });
    expect(result.current.busy).toBeNull();

    act(() => void result.current.run(7, { kind: 'moving' }, () => undefined));
    expect(submit).toHaveBeenCalledTimes(2);
    expect(submit.mock.calls[1]).toEqual([7, { kind: 'moving' }, { takenAt: expect.any(Number) }]);
  });

  it('"Arrived" carries the position when the phone gives it, and the time of the tap, not of the fix', async () => {
    const submit = vi.spyOn(driverOutbox, 'submit').mockResolvedValue({ status: 'sent', answer: { id: 7 } });
    const clock = vi.spyOn(Date, 'now').mockReturnValue(1_000_000);
    vi.mocked(positionIfAllowed).mockImplementation(async () => {
      clock.mockReturnValue(1_004_000); // the fix took 4 s
      return { lat: 18.52, lng: 73.85, accuracy_m: 9 };
    });
    const { result } = renderHook(() => useDriverStep());
    await act(async () => void (await result.current.run(7, { kind: 'arrived' }, () => undefined)));
    expect(submit).toHaveBeenCalledWith(7, { kind: 'arrived', position: { lat: 18.52, lng: 73.85, accuracy_m: 9 } }, { takenAt: 1_000_000 });
  });

  it('"Arrived" goes without a position when the phone gives none', async () => {
    const submit = vi.spyOn(driverOutbox, 'submit').mockResolvedValue({ status: 'sent', answer: { id: 7 } });
    vi.mocked(positionIfAllowed).mockResolvedValue(null);
    const { result } = renderHook(() => useDriverStep());
    await act(async () => void (await result.current.run(7, { kind: 'arrived' }, () => undefined)));
    expect(submit).toHaveBeenCalledWith(7, { kind: 'arrived' }, { takenAt: expect.any(Number) });
  });

  it('other steps never ask for the position', async () => {
    vi.spyOn(driverOutbox, 'submit').mockResolvedValue({ status: 'sent', answer: { id: 7 } });
    vi.mocked(positionIfAllowed).mockClear();
    const { result } = renderHook(() => useDriverStep());
    await act(async () => void (await result.current.run(7, { kind: 'moving' }, () => undefined)));
    expect(positionIfAllowed).not.toHaveBeenCalled();
  });
});
