import { formatDocument, formatPhone } from '@backoffice/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { useProfile } from '../api/profile-api';
import { ChangePasswordForm } from '../components/change-password-form';
import { PROFILE_TEXTS as T } from '../texts';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Field({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography variant="body1" component="dd" sx={{ m: 0 }}>
        {value}
      </Typography>
    </Box>
  );
}

/** /admin/profile: the signed-in employee's data, role and permissions, and the password change. */
export default function ProfilePage() {
  const profile = useProfile();
  const data = profile.data;

  return (
    <>
      <PageHeader title={T.title} />
      {profile.isPending ? (
        <PageLoader />
      ) : !data ? (
        <Alert severity="error">{T.loadFailed}</Alert>
      ) : (
        <Stack spacing={2}>
          <Section title={T.details}>
            <Box
              component="dl"
              sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, m: 0 }}
            >
              <Field label={T.name} value={data.name} />
              <Field label={T.email} value={data.email} />
              <Field label={T.phone} value={formatPhone(data.phone)} />
              <Field label={T.document} value={formatDocument(data.document)} />
              <Field label={T.type} value={data.type} />
              <Field label={T.role} value={data.role?.name ?? T.noRole} />
            </Box>
          </Section>
          <Section title={T.permissions}>
            {data.permissions.length === 0 ? (
              <Typography color="text.secondary">{T.noPermissions}</Typography>
            ) : (
              <Box
                component="ul"
                aria-label={T.permissions}
                sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, m: 0 }}
              >
                {data.permissions.map((permission) => (
                  <Box component="li" key={permission.key} sx={{ listStyle: 'none' }}>
                    <Chip label={permission.label} color="primary" variant="outlined" />
                  </Box>
                ))}
              </Box>
            )}
          </Section>
          <Section title={T.passwordTitle}>
            <ChangePasswordForm owner={data} />
          </Section>
        </Stack>
      )}
    </>
  );
}
