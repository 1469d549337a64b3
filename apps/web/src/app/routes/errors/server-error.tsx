import { ErrorPage } from '@/components/errors/error-page';

/** /500: the Internal Server Error page. */
export function Component() {
  return <ErrorPage status={500} fullScreen onRetry={() => window.history.back()} />;
}
