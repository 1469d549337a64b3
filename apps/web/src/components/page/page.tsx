import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useDocumentTitle } from '@/lib/use-document-title';

export interface PageProps {
  /** The page's heading (h1); pass a translated string. */
  title: string;
  /** The browser tab's name, when it is not the heading (a greeting is not a page's name). */
  documentTitle?: string;
  /** One line under the heading. */
  subtitle?: string;
  /** Buttons at the right of the heading (wrap under it on phones). */
  actions?: ReactNode;
  /** Narrow pages (forms) stay readable on wide screens. */
  maxWidth?: number | string;
  children?: ReactNode;
}

/** Every page's frame: one h1, optional actions, the content; sets the document title. */
export function Page({ title, documentTitle, subtitle, actions, maxWidth, children }: PageProps) {
  useDocumentTitle(documentTitle ?? title);
  return (
    <Box component="article" sx={{ maxWidth, mx: maxWidth ? 'auto' : undefined, width: '100%' }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 3, justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Box>
          <Typography variant="h1">{title}</Typography>
          {subtitle && (
            <Typography color="text.secondary" sx={{ mt: 0.5 }}>
              {subtitle}
            </Typography>
          )}
        </Box>
        {actions && <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>{actions}</Stack>}
      </Stack>
      {children}
    </Box>
  );
}
