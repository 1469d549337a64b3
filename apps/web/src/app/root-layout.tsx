import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';

const slide = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(250%); }
`;

/** A thin bar at the top while a page (or its chunk) loads; lighter than LinearProgress. */
function NavigationBar() {
  return (
    <Box aria-hidden sx={{ position: 'fixed', top: 0, left: 0, right: 0, height: 3, overflow: 'hidden', zIndex: 2000 }}>
      <Box sx={{ width: '40%', height: '100%', bgcolor: 'primary.main', animation: `${slide} 1.1s ease-in-out infinite` }} />
    </Box>
  );
}

/** The root route: the loading bar while navigating, then the page. */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state !== 'idle' && <NavigationBar />}
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/** Shown while the first page's chunk loads: nothing but the bar (it is quick). */
export function RootFallback() {
  return <NavigationBar />;
}
