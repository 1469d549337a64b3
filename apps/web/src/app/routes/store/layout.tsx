import { SectionLayout } from '@/components/layouts/section-layout';

export function Component() {
  return <SectionLayout section="store" />;
}
