import { paths } from '@/config/paths';
import { CreateIssuePage } from '@/features/escalations/components/escalation-pages';

export function Component() {
  return <CreateIssuePage viewer="store" path={paths.store.escalationsCreateIssue} />;
}
