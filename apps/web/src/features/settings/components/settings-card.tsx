import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * A card of Configurações: a section named by its title (`id` names the heading), the text under it, the error
 * when its data could not be read, the notice that the reader may look but not change, then the card's own
 * content.
 */
export function SettingsCard({
  id,
  title,
  text,
  loadFailed,
  readOnly,
  level = 'h2',
  children,
}: {
  id: string;
  title: string;
  text: ReactNode;
  /** The error shown when the card's data could not be read (null or undefined: none). */
  loadFailed?: string | null;
  /** The notice shown when the reader may not change the card (null or undefined: none). */
  readOnly?: string | null;
  /** The title's heading level: h2 (default), h3 for a card inside a section of the page (Fiscal). */
  level?: 'h2' | 'h3';
  children?: ReactNode;
}) {
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent>
        <Stack spacing={2}>
          <Typography id={id} variant="h6" component={level}>
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {text}
          </Typography>
          {loadFailed ? <Alert severity="error">{loadFailed}</Alert> : null}
          {readOnly ? <Alert severity="info">{readOnly}</Alert> : null}
          {children}
        </Stack>
      </CardContent>
    </Card>
  );
}
