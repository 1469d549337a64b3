import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from './empty-state';

/** A detail page opened without a usable `?id=`: what happened, and the way back to its list. */
export function MissingIdState({ message, backHref, backLabel }: { message: string; backHref: string; backLabel: string }) {
  return (
    <EmptyState
      description={message}
      action={
        <Button variant="outlined" component={RouterLink} to={backHref}>
          {backLabel}
        </Button>
      }
    />
  );
}
