// @vitest-environment happy-dom
import { waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { queryKeys } from '@/lib/query-keys';
import { MemberLanguage } from '@/components/layouts/member-language';
import { i18n } from '@/lib/i18n';
import { changeLanguage, hasUnsavedChoice } from '@/lib/language';
import { registerLanguagePacks } from './language-packs';
import { fakeApi, renderApp } from '@/test/render';

// design.md section 13: the member's saved language wins at sign-in; a choice made on the
// sign-in page (this device, not yet saved) is saved for the member instead.

registerLanguagePacks();

const answer = (language: 'en' | 'hi', updatedAt: string | null) => ({
  key: 'notification',
  value: { email_order_updates: true, email_escalations: true, in_app: true, push: true, language },
  updated_at: updatedAt,
});

describe('the member\'s language', () => {
  afterEach(async () => {
    await changeLanguage('en', { remember: false });
    localStorage.clear();
  });

  it('follows the member\'s saved choice made on another device', async () => {
    const api = fakeApi({ 'GET /settings/notification/me': { body: answer('hi', '2026-11-20T10:00:00Z') } });
    renderApp(<MemberLanguage />);
    // Asked for once the page has settled, not with the page's first requests.
    expect(api.calls()).toEqual([]);
    await waitFor(() => expect(i18n.language).toBe('hi'), { timeout: 3000 });
    expect(document.documentElement.lang).toBe('hi');
    expect(localStorage.getItem('language')).toBe('hi');
    expect(api.calls()).toEqual(['GET /settings/notification/me']);
  });

  it('keeps the device\'s language for a member who never chose one', async () => {
    await changeLanguage('hi');
    const api = fakeApi({ 'GET /settings/notification/me': { body: answer('en', null) } });
    renderApp(<MemberLanguage />);
    await waitFor(() => expect(api.calls()).toEqual(['GET /settings/notification/me']), { timeout: 3000 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(i18n.language).toBe('hi');
    expect(api.calls()).toEqual(['GET /settings/notification/me']);
  });

  it("follows the server's answer, not the one kept on the device from before this device's choice", async () => {
    await changeLanguage('hi');
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // Kept before the switch was saved: English, chosen earlier.
    client.setQueryData(queryKeys.settings.notificationPreferences(), answer('en', '2026-11-20T10:00:00Z'), { updatedAt: Date.now() - 60_000 });
    const api = fakeApi({ 'GET /settings/notification/me': { body: answer('hi', '2026-11-23T10:00:00Z') } });
    renderApp(<MemberLanguage />, { client });
    await waitFor(() => expect(api.calls()).toEqual(['GET /settings/notification/me']), { timeout: 3000 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(i18n.language).toBe('hi');
  });

  it('saves a choice made on the sign-in page for the member', async () => {
    await changeLanguage('hi', { unsaved: true });
    const api = fakeApi({
      'GET /settings/notification/me': { body: answer('en', '2026-11-20T10:00:00Z') },
      'PUT /settings/notification/me': async (request) => Response.json(answer((await request.json()).language, '2026-11-23T10:00:00Z')),
    });
    renderApp(<MemberLanguage />);
    await waitFor(() => expect(api.calls()).toEqual(['GET /settings/notification/me', 'PUT /settings/notification/me']), { timeout: 3000 });
    expect(await api.requests[1]!.clone().json()).toEqual(answer('hi', null).value);
    await waitFor(() => expect(hasUnsavedChoice()).toBe(false));
    expect(i18n.language).toBe('hi');
  });
});
