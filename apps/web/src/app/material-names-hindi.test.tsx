// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { registerLanguagePacks } from './language-packs';
import { changeLanguage } from '@/lib/language';
import { anOrderDetail, copper, iron } from '@/test/fixtures';
import { fakeApi, renderApp } from '@/test/render';
import { OrderLinesTable } from '@/features/orders/components/order-lines-table';

// design.md section 23: a Hindi screen names a material by its Hindi name, from GET
// /materials, and by its English name when it has none; English screens never ask.

registerLanguagePacks();

describe('material names on an order\'s lines', () => {
  afterEach(() => changeLanguage('en', { remember: false }));

  it('are Hindi on a Hindi screen where the material has a Hindi name', async () => {
    await changeLanguage('hi', { remember: false });
    const api = fakeApi({ 'GET /materials': { status: 200, body: [copper, iron] } });
    renderApp(<OrderLinesTable lines={anOrderDetail().details} />);
    expect(await screen.findByText('तांबा')).toBeTruthy();
    // Iron has no Hindi name: its English one.
    expect(screen.getByText('Iron')).toBeTruthy();
    expect(screen.queryByText('Copper')).toBeNull();
    expect(api.requests.some((r) => new URL(r.url).pathname === '/materials')).toBe(true);
  });

  it('are English on an English screen, without asking for the materials', async () => {
    const api = fakeApi({ 'GET /materials': { status: 200, body: [copper, iron] } });
    renderApp(<OrderLinesTable lines={anOrderDetail().details} />);
    expect(await screen.findByText('Copper')).toBeTruthy();
    expect(screen.queryByText('तांबा')).toBeNull();
    expect(api.requests).toHaveLength(0);
  });
});
