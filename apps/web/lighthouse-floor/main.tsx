// The floor of `npm run lighthouse` and of the start budget (e2e/start-budget.spec.ts): what
// React 19, MUI and emotion cost a phone page with nothing else (no router, no data layer, no
// translations, no schemas). The app's own theme and a page shaped like a phone home: a top
// bar, a greeting, and eight cards with a chip, two lines and a button, drawn from data asked
// for as the page starts (public/cards.json), so that "the first card with data" (its
// elementtiming="first-card", as on the phone homes) means the same thing here as there.
// scripts/first-card.mjs builds and serves it.
import { Suspense, startTransition, use } from 'react';
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

interface FloorCard {
  id: number;
  status: string;
  materials: string;
  amount: number;
}

// Asked for before React starts, as the app asks for a home's data early.
const cardsRequest: Promise<FloorCard[]> = fetch('./cards.json').then((response) => response.json() as Promise<FloorCard[]>);

function Cards() {
  const cards = use(cardsRequest);
  return (
    <Stack spacing={2}>
      {cards.map((card, i) => (
        <Card key={card.id} variant="outlined">
          <CardContent>
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
              <Typography variant="h6" component="h2" elementtiming={i === 0 ? 'first-card' : undefined}>
                Order #{card.id}
              </Typography>
              <Chip size="small" color="warning" label={card.status} />
            </Stack>
            <Typography variant="body2">{card.materials}</Typography>
            <Typography variant="body2" color="text.secondary">
              ₹ {card.amount.toFixed(2)}
            </Typography>
            <Button fullWidth variant="contained" sx={{ mt: 1 }}>
              Open
            </Button>
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}

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
        <Suspense fallback={null}>
          <Cards />
        </Suspense>
      </Container>
    </ThemeProvider>
  );
}

// In a transition, as the app starts: React renders in slices that yield to the browser.
const root = createRoot(document.getElementById('root')!);
startTransition(() => root.render(<FloorPage />));
