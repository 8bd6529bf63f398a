import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageHeader } from '../../../components/page-header';
import { useSession } from '../../../lib/session';

/** Placeholder until the dashboard issue: a welcome card. */
export default function DashboardPage() {
  const session = useSession();
  return (
    <>
      <PageHeader title="Painel de Controle" />
      <Card>
        <CardContent>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <StorefrontOutlinedIcon color="primary" sx={{ fontSize: 44 }} />
            <div>
              <Typography variant="h6">Bem-vindo(a){session?.name ? `, ${session.name}` : ''}!</Typography>
              <Typography color="text.secondary">
                Use o menu para acessar os módulos do BackOffice. Os indicadores do painel chegam em breve.
              </Typography>
            </div>
          </Stack>
        </CardContent>
      </Card>
    </>
  );
}
