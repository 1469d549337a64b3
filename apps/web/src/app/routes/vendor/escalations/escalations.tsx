import { paths } from '@/config/paths';
import { EscalationsListPage } from '@/features/escalations/components/escalation-pages';

export function Component() {
  return <EscalationsListPage viewer="vendor" path={paths.vendor.escalations} />;
}
