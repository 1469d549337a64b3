import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';

const slide = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(250%); }
`;
const appear = keyframes`
  from { opacity: 0; }
  to { opacity: 1; }
`;

/**
 * A thin bar at the top of the screen while something the person asked for loads (a page, its
 * chunk, a dialog's code); lighter than LinearProgress. `delayMs` keeps it hidden for loads
 * quicker than that, which would only flash it.
 */
export function LoadingBar({ delayMs = 0 }: { delayMs?: number }) {
  return (
    <Box
      aria-hidden
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        height: 3,
        overflow: 'hidden',
        zIndex: 2000,
        ...(delayMs > 0 && { opacity: 0, animation: `${appear} 0s ${delayMs}ms forwards` }),
      }}
    >
      <Box sx={{ width: '40%', height: '100%', bgcolor: 'primary.main', animation: `${slide} 1.1s ease-in-out infinite` }} />
    </Box>
  );
}
