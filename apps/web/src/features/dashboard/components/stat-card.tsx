import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A dashboard card: an icon, a figure and its label, leading to the page that lists them. */
export function StatCard({
  icon,
  label,
  value,
  to,
  loading,
}: {
  icon: ReactNode;
  label: string;
  value: number | undefined;
  to: string;
  loading: boolean;
}) {
  return (
    <Card sx={{ flex: '1 1 180px', minWidth: 0 }}>
      <CardActionArea component={Link} to={to} sx={{ p: 2, height: '100%' }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          {icon}
          <div>
            <Typography variant="h5" component="p" sx={{ fontWeight: 600, minHeight: 36 }}>
              {loading ? <CircularProgress size={28} aria-label={label} /> : (value ?? '–')}
            </Typography>
            <Typography color="text.secondary">{label}</Typography>
          </div>
        </Stack>
      </CardActionArea>
    </Card>
  );
}
