// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { formatCurrency } from '@app/shared/format';
import type { Order } from '@app/shared/schemas/orders';
import { anOrder } from '@/test/fixtures';
import { fakeApi, renderApp } from '@/test/render';
import { addTranslations } from '@/lib/i18n';
import { ordersEn } from '../locales/en';
import { vendorAmountColumn } from './order-columns';

addTranslations('orders', ordersEn);

function AmountCell({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  return <div data-testid="cell">{vendorAmountColumn(t, { onOpen: () => undefined }).cell(order)}</div>;
}

describe("the orders table's vendor amount", () => {
  it("is a store order's vendor amount, with nothing beside it", () => {
    fakeApi({});
    renderApp(<AmountCell order={anOrder({ customer_kind: 'store', vendor_amount: 1234.5 })} />);
    expect(screen.getByTestId('cell').textContent).toBe(formatCurrency(1234.5));
  });

  it("says on a household's row that the amount is the household's, paid or to pay", () => {
    fakeApi({});
    const { unmount } = renderApp(<AmountCell order={anOrder({ customer_kind: 'household', vendor_amount: 435, payment: null })} />);
    expect(screen.getByTestId('cell').textContent).toBe(`${formatCurrency(435)}To pay the household`);
    unmount();
    renderApp(<AmountCell order={anOrder({ customer_kind: 'household', vendor_amount: 435, payment: { method: 'cash', reference: null } })} />);
    expect(screen.getByTestId('household-amount-note').textContent).toBe('Paid to the household');
  });
});
