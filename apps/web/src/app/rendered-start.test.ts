// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RENDERED_START_PAGES, START_STATE_ELEMENT_ID } from '@app/shared/rendered-start';
import { START_PAGES } from '@/config/paths';
import { holdsKeptData } from '@/lib/kept-data';
import { queryClient } from '@/lib/query-client';
import { session, type SessionUser } from '@/lib/session';
import { signInForTest } from '@/test/fixtures';
import { adoptRenderedStart } from './rendered-start';

// The answers a page rendered by the web host carries (decision 089) go into the query cache
// before the app's first render, for the member the device knows and no one else.

const STORE: SessionUser = { memberId: 3, loginId: 'store@demo.kabadi.in', name: 'Sunita Store', role: 'store', storeId: 1, vendorId: 1, driverId: null };
const ORDERS = [{ id: 15, display_number: '#00000015' }];

function renderedPage(user: SessionUser, text?: string, line = '<div hidden="" data-kept-line=""></div>') {
  const state = { user, queries: { mutations: [], queries: [{ queryKey: ['orders', 'latest'], queryHash: '["orders","latest"]', state: { data: ORDERS, dataUpdatedAt: Date.now(), dataUpdateCount: 1, error: null, errorUpdateCount: 0, errorUpdatedAt: 0, fetchFailureCount: 0, fetchFailureReason: null, fetchMeta: null, isInvalidated: false, status: 'success', fetchStatus: 'idle' } }] } };
  document.body.innerHTML = `<div id="root"><div data-rendered="store">${line}</div></div><script type="application/json" id="${START_STATE_ELEMENT_ID}">${text ?? JSON.stringify(state)}</script>`;
}

describe('a start page rendered by the web host', () => {
  afterEach(() => {
    queryClient.clear();
    session.markUnauthorized();
  });

  it("gives the app the page's answers for the member the device knows, once", () => {
    signInForTest(STORE);
    renderedPage(STORE);
    expect(adoptRenderedStart(document)).toBe(true);
    expect(queryClient.getQueryData(['orders', 'latest'])).toEqual(ORDERS);
    // Fresh from the server: nothing to ask again at once.
    expect(queryClient.getQueryState(['orders', 'latest'])?.isInvalidated).toBe(false);
    expect(document.getElementById(START_STATE_ELEMENT_ID)).toBeNull();
    expect(adoptRenderedStart(document)).toBe(false);
  });

  it("takes nothing for another member than the device's, or when no one is signed in here, and drops their cookie", () => {
    const send = vi.spyOn(window, 'fetch').mockResolvedValue(new Response(null, { status: 204 }));
    signInForTest({ ...STORE, memberId: 4 });
    renderedPage(STORE);
    expect(adoptRenderedStart(document)).toBe(false);
    session.markUnauthorized();
    renderedPage(STORE);
    expect(adoptRenderedStart(document)).toBe(false);
    expect(queryClient.getQueryData(['orders', 'latest'])).toBeUndefined();
    expect(send.mock.calls.map(([url, init]) => `${init?.method} ${String(url)}`)).toEqual(['DELETE /start-session', 'DELETE /start-session']);
    send.mockRestore();
  });

  it("takes a copy the device kept (its age line shown) as kept data, asked for afresh, dated no later than now", () => {
    signInForTest(STORE);
    renderedPage(STORE, undefined, '<div data-kept-line=""></div>');
    expect(adoptRenderedStart(document)).toBe(false);
    expect(queryClient.getQueryData(['orders', 'latest'])).toEqual(ORDERS);
    const state = queryClient.getQueryState(['orders', 'latest']);
    expect(state?.isInvalidated).toBe(true);
    expect(state?.dataUpdatedAt).toBeLessThanOrEqual(Date.now());
    const query = queryClient.getQueryCache().find({ queryKey: ['orders', 'latest'], exact: true });
    expect(query && holdsKeptData(query)).toBe(true);
  });

  it('takes nothing from answers it cannot read', () => {
    signInForTest(STORE);
    renderedPage(STORE, '{"user":');
    expect(adoptRenderedStart(document)).toBe(false);
  });

  it("is one of the app's start pages, as the web host names them (its cookie's path)", () => {
    expect(RENDERED_START_PAGES).toEqual({ store: START_PAGES.store.path, driver: START_PAGES.driver.path, vendor: START_PAGES.vendor.path });
  });
});
