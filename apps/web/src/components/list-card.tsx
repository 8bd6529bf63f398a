import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * The card of a list paged on the server: its title (a heading, e.g. 'Contas a pagar: Em aberto'), the totals of
 * every match once known, then the table.
 */
export function ListCard({
  title,
  totals,
  totalsTestId,
  children,
}: {
  title: string;
  /** A line of totals; null or left out: none yet. */
  totals?: ReactNode;
  totalsTestId?: string;
  children: ReactNode;
}) {
  return (
    <Paper variant="outlined">
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, px: 2, pt: 1.5 }}>
        {title}
      </Typography>
      {totals === null || totals === undefined ? null : (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2 }} data-testid={totalsTestId}>
          {totals}
        </Typography>
      )}
      {children}
    </Paper>
  );
}
