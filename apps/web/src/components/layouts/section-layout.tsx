import type { ComponentType, ReactNode } from 'react';
import { DEFAULT_LAYOUT, type Role } from '@app/shared/constants';
import { SectionGuard } from '@/components/guards/section-guard';
import { QueryProvider } from '@/components/providers/query-provider';
import { addTranslations } from '@/lib/i18n';
import { useRouteHandle, type LayoutName } from '@/lib/route-handle';
import { pages } from '@/locales/en/pages';
import { AppLayout } from './app-layout';
import { BlankLayout } from './blank-layout';
import { MemberLanguage } from './member-language';
import { PushDeviceSync } from './push-device-sync';

addTranslations('pages', pages);

// product-spec.md section 1: the page layout is chosen by name, default "default".
const LAYOUTS: Record<LayoutName, ComponentType<{ section: Role; topBarExtras?: ReactNode }>> = {
  default: AppLayout,
  blank: BlankLayout,
};

/**
 * A role's section: only for those who may enter it, in the layout its page asks for.
 * `topBarExtras` lets the section's route module put a feature (the notifications bell)
 * into the top bar without the layout importing features.
 */
export function SectionLayout({ section, topBarExtras }: { section: Role; topBarExtras?: ReactNode }) {
  const { layout } = useRouteHandle();
  const Layout = LAYOUTS[layout ?? (DEFAULT_LAYOUT as LayoutName)] ?? AppLayout;
  return (
    <SectionGuard section={section}>
      <QueryProvider>
        <MemberLanguage />
        <PushDeviceSync />
        <Layout section={section} topBarExtras={topBarExtras} />
      </QueryProvider>
    </SectionGuard>
  );
}
