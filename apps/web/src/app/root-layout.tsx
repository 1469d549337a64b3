import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { LoadingBar } from '@/components/loading-bar';

/** The root route: the loading bar while navigating, then the page. */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state !== 'idle' && <LoadingBar />}
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/** Shown while the first page's chunk loads: nothing but the bar (it is quick). */
export function RootFallback() {
  return <LoadingBar />;
}
