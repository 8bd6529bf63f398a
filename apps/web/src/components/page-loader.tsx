import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** The spinner shown while a page or its data loads. */
export function PageLoader({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <Box
      role="progressbar"
      aria-label="Carregando"
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        py: 8,
        minHeight: fullScreen ? '100vh' : undefined,
      }}
    >
      <CircularProgress aria-hidden />
    </Box>
  );
}
