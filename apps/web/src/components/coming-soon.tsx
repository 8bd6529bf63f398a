import ConstructionOutlinedIcon from '@mui/icons-material/ConstructionOutlined';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageHeader } from './page-header';

/** Placeholder of a module not built yet: says so plainly. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Card>
        <CardContent>
          <Stack spacing={1} sx={{ alignItems: 'center', py: 6, textAlign: 'center' }}>
            <ConstructionOutlinedIcon color="action" sx={{ fontSize: 48 }} />
            <Typography variant="h6">Em breve</Typography>
            <Typography color="text.secondary">Este módulo ainda está em construção.</Typography>
          </Stack>
        </CardContent>
      </Card>
    </>
  );
}
