// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { driverOutbox, type SubmitResult } from './driver-outbox-instance';
import { useDriverStep } from './use-driver-step';

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
    expect(submit.mock.calls[1]).toEqual([7, { kind: 'moving' }]);
  });
});
