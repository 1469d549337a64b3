import { paths } from '@/config/paths';
import { EscalationDetailPage } from '@/features/escalations/components/escalation-pages';

export function Component() {
  return <EscalationDetailPage viewer="store" path={paths.store.escalationsStore} />;
}
