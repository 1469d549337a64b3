import { paths } from '@/config/paths';
import { EscalationDetailPage } from '@/features/escalations/components/escalation-pages';

export function Component() {
  return <EscalationDetailPage viewer="admin" path={paths.admin.escalationsIssueDetail} />;
}
