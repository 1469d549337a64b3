import { renderToStaticMarkup } from 'react-dom/server';
import InitColorSchemeScript from '@mui/material/InitColorSchemeScript';

/**
 * Build time only: MUI's own script that puts the light or dark class on <html> before the
 * first paint (the theme's colorSchemeSelector is 'class'), as code for a boot file: the CSP
 * allows no inline script.
 */
export function colorSchemeScriptCode(): string {
  const markup = renderToStaticMarkup(<InitColorSchemeScript attribute="class" defaultMode="system" />);
  const code = /<script[^>]*>([\s\S]*)<\/script>/.exec(markup)?.[1];
  if (!code) throw new Error('InitColorSchemeScript rendered no script');
  return code;
}
