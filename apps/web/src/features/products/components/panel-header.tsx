import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

/** The title line of a products panel, with its close button on the right. */
export function PanelHeader({ title, closeText, onClose }: { title: string; closeText: string; onClose: () => void }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', mb: 2 }}>
      <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
        {title}
      </Typography>
      <Button onClick={onClose}>{closeText}</Button>
    </Box>
  );
}
