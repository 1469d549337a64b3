// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setBrowserOnline as setOnline } from '@/test/network';
import { importWhenOnline } from './import-when-online';

const chunkGone = () => new TypeError('Failed to fetch dynamically imported module: /assets/toaster.js');

afterEach(() => setOnline(true));

describe('importWhenOnline', () => {
  it('answers what the load answers', async () => {
    await expect(importWhenOnline(() => Promise.resolve('module'))).resolves.toBe('module');
  });

  it('online, what the module itself throws is the caller’s', async () => {
    setOnline(true);
    const load = vi.fn(() => Promise.reject(new ReferenceError('x is not defined')));
    await expect(importWhenOnline(load)).rejects.toThrow('x is not defined');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('online, a chunk that did not arrive (a weak network) is asked for again after a wait that doubles', async () => {
    setOnline(true);
    const load = vi.fn<() => Promise<string>>().mockRejectedValueOnce(chunkGone()).mockRejectedValueOnce(chunkGone()).mockResolvedValue('module');
    const started = Date.now();
    await expect(importWhenOnline(load, { firstRetryMs: 20 })).resolves.toBe('module');
    expect(load).toHaveBeenCalledTimes(3);
    // 20 ms, then 40 ms.
    expect(Date.now() - started).toBeGreaterThanOrEqual(55);
  });

  it('offline, asks again once the browser is back online, not before', async () => {
    setOnline(false);
    const load = vi.fn<() => Promise<string>>().mockRejectedValueOnce(chunkGone()).mockResolvedValue('module');
    let settled: string | undefined;
    void importWhenOnline(load).then((value) => (settled = value));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(load).toHaveBeenCalledTimes(1);
    expect(settled).toBeUndefined();

    setOnline(true);
    await vi.waitFor(() => expect(settled).toBe('module'));
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('waits again when the network drops during the second try', async () => {
    setOnline(false);
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(chunkGone())
      .mockImplementationOnce(() => {
        setOnline(false);
        return Promise.reject(chunkGone());
      })
      .mockResolvedValue('module');
    let settled: string | undefined;
    void importWhenOnline(load).then((value) => (settled = value));
    await new Promise((resolve) => setTimeout(resolve, 20));
    setOnline(true);
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBeUndefined();

    setOnline(true);
    await vi.waitFor(() => expect(settled).toBe('module'));
    expect(load).toHaveBeenCalledTimes(3);
  });
});

describe('importWhenOnline for a page (offline: fail, a number of tries)', () => {
  it('offline, the chunk error is the caller’s at once', async () => {
    setOnline(false);
    const load = vi.fn(() => Promise.reject(chunkGone()));
    await expect(importWhenOnline(load, { offline: 'fail', firstRetryMs: 5 })).rejects.toThrow('Failed to fetch dynamically imported module');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('online, asks again, and after its last try the chunk error is the caller’s', async () => {
    setOnline(true);
    const load = vi.fn(() => Promise.reject(chunkGone()));
    await expect(importWhenOnline(load, { offline: 'fail', firstRetryMs: 5, tries: 3 })).rejects.toThrow('Failed to fetch dynamically imported module');
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('online, a chunk that arrives on a later try opens the page', async () => {
    setOnline(true);
    const load = vi.fn<() => Promise<string>>().mockRejectedValueOnce(chunkGone()).mockResolvedValue('page');
    await expect(importWhenOnline(load, { offline: 'fail', firstRetryMs: 5, tries: 3 })).resolves.toBe('page');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a network lost between tries fails at the next try, so the page can say why', async () => {
    setOnline(true);
    const load = vi.fn<() => Promise<string>>().mockImplementation(() => {
      setOnline(false);
      return Promise.reject(chunkGone());
    });
    await expect(importWhenOnline(load, { offline: 'fail', firstRetryMs: 5, tries: 5 })).rejects.toThrow('Failed to fetch dynamically imported module');
    expect(load).toHaveBeenCalledTimes(1);
  });
});
