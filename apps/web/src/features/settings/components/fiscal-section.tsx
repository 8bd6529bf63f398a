import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { fiscalIssuerQuery } from '../api/fiscal-api';
import { FISCAL_SECTION_TEXTS as T } from '../texts';
import { CertificateCard } from './certificate-card';
import { FiscalProfilesCard } from './fiscal-profiles-card';
import { IbptCard } from './ibpt-card';
import { IssuerCard } from './issuer-card';
import { NfseCard } from './nfse-card';

/**
 * 'Fiscal' (issue 41 §1): the issuer, the A1 certificate, the fiscal profiles, the IBPT table (issue 55 §2) and the NFS-e (issue 56 §4), for whoever holds the settings
 * permission (every fiscal call is its). The issuer is read once here: the certificate needs it saved, and the
 * profiles' ICMS field follows its regime.
 */
export function FiscalSection() {
  const issuer = useQuery(fiscalIssuerQuery);
  return (
    <Box component="section" aria-labelledby="fiscal-section-title">
      <Stack spacing={2}>
        <div>
          <Typography id="fiscal-section-title" variant="h5" component="h2">
            {T.title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {T.text}
          </Typography>
        </div>
        <IssuerCard issuer={issuer} />
        <CertificateCard issuer={issuer.data} />
        <FiscalProfilesCard issuer={issuer.data} />
        <IbptCard />
        <NfseCard />
      </Stack>
    </Box>
  );
}
