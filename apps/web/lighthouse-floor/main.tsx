// The floor of `npm run lighthouse`: what React 19, MUI and emotion cost a phone page with
// nothing else (no router, no data, no translations, no schemas). The app's own theme and
// a page shaped like a phone home: a top bar, a greeting, eight cards with a chip, two lines
// and a button. scripts/lighthouse.mjs builds and measures it beside the product's pages.
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import AppBar from '@mui/material/AppBar';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import CssBaseline from '@mui/material/CssBaseline';
import Stack from '@mui/material/Stack';
import { ThemeProvider } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { getTheme } from '../src/lib/theme';

const CARDS = Array.from({ length: 8 }, (_, i) => i + 1);

function FloorPage() {
  return (
    <ThemeProvider theme={getTheme()}>
      <CssBaseline />
      <AppBar position="sticky">
        <Toolbar>
          <Typography variant="h6" component="p">
            Kabadi Orders
          </Typography>
        </Toolbar>
      </AppBar>
      <Container component="main" sx={{ py: 3 }}>
        <Typography variant="h1">Welcome, Sunita Store</Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Your orders at a glance.
        </Typography>
        <Stack spacing={2}>
          {CARDS.map((n) => (
            <Card key={n} variant="outlined">
              <CardContent>
                <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
                  <Typography variant="h6" component="h2">
                    Order #{1000 + n}
                  </Typography>
                  <Chip size="small" color="warning" label="Weighed" />
                </Stack>
                <Typography variant="body2">Newspaper 12.5 kg, iron 3.2 kg</Typography>
                <Typography variant="body2" color="text.secondary">
                  ₹ {(n * 123.45).toFixed(2)}
                </Typography>
                <Button fullWidth variant="contained" sx={{ mt: 1 }}>
                  Open
                </Button>
              </CardContent>
            </Card>
          ))}
        </Stack>
      </Container>
    </ThemeProvider>
  );
}

// In a transition, as the app starts: React renders in slices that yield to the browser.
const root = createRoot(document.getElementById('root')!);
startTransition(() => root.render(<FloorPage />));
