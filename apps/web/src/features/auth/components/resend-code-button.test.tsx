// @vitest-environment happy-dom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addTranslations } from '@/lib/i18n';
import { signInCodeEn } from '../locales/en';
import { ResendCodeButton } from './resend-code-button';

addTranslations('signInCode', signInCodeEn);

const button = () => screen.getByRole('button') as HTMLButtonElement;
const tick = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('"Send a new code"', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }));
  afterEach(() => vi.useRealTimers());

  it('counts the seconds down to its time, then may be pressed', async () => {
    const onClick = vi.fn();
    render(<ResendCodeButton until={Date.now() + 2_500} pending={false} onClick={onClick} />);
    expect(button().textContent).toBe('Send a new code in 3 seconds');
    expect(button().disabled).toBe(true);
    // The count moves on the whole seconds left, not a second after it was drawn.
    await tick(500);
    expect(button().textContent).toBe('Send a new code in 2 seconds');
    await tick(1_000);
    expect(button().textContent).toBe('Send a new code in 1 second');
    await tick(1_000);
    expect(button().textContent).toBe('Send a new code');
    expect(button().disabled).toBe(false);
    fireEvent.click(button());
    expect(onClick).toHaveBeenCalledOnce();
    // Nothing left to count: no timer keeps running.
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stays held while a request is on its way', () => {
    render(<ResendCodeButton until={Date.now() - 1} pending onClick={() => undefined} />);
    expect(button().textContent).toBe('Send a new code');
    expect(button().disabled).toBe(true);
  });
});
