import { paths } from '@/config/paths';
import { CreateIssuePage } from '@/features/escalations/components/escalation-pages';

export function Component() {
  return <CreateIssuePage viewer="vendor" path={paths.vendor.escalationsCreateIssue} />;
}
