import { paths } from '@/config/paths';

export type EscalationViewer = 'admin' | 'store' | 'vendor';

/** Where an escalation, its list, the create form and an order open, per section. */
export const escalationLinks = {
  list: (viewer: EscalationViewer) => ({ admin: paths.admin.escalations, store: paths.store.escalations, vendor: paths.vendor.escalations })[viewer].getHref(),
  detail: (viewer: EscalationViewer, id: number) =>
    ({ admin: paths.admin.escalationsIssueDetail, store: paths.store.escalationsStore, vendor: paths.vendor.escalationsStore })[viewer].getHref({ id }),
  create: (viewer: EscalationViewer) => (viewer === 'store' ? paths.store.escalationsCreateIssue.getHref() : paths.vendor.escalationsCreateIssue.getHref()),
  order: (viewer: EscalationViewer, id: number) =>
    viewer === 'admin' ? paths.admin.orderDetail.getHref({ id }) : viewer === 'vendor' ? paths.vendor.orderDetail.getHref({ id }) : null,
};
