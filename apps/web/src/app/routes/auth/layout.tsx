import { AuthLayout } from '@/components/layouts/auth-layout';

export function Component() {
  return <AuthLayout />;
}
