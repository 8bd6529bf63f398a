import {
  CERTIFICATE_WARNING_DAYS,
  type FiscalCertificate,
  type FiscalIssuer,
  formatBusinessDateTimeMinutes,
} from '@backoffice/contract';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useConfirm } from '../../../components/confirm-dialog';
import { useApiMutation } from '../../../components/use-api-mutation';
import { formatDate } from '../../../lib/format';
import { fiscalCertificateQuery, removeCertificate } from '../api/fiscal-api';
import { formatDocument, formatFingerprint } from '../lib/fiscal-format';
import { FISCAL_CERTIFICATE_TEXTS as T } from '../texts';
import { CertificateDialog } from './certificate-dialog';
import { DetailList } from './fiscal-parts';
import { SettingsCard } from './settings-card';

/** How the validity reads: expired (error), under 30 days (warning), else fine (success). */
export function validityOf(certificate: FiscalCertificate): {
  severity: 'success' | 'warning' | 'error';
  text: string;
} {
  const until = formatDate(certificate.notAfter);
  if (certificate.expired || certificate.daysToExpiry < 0) return { severity: 'error', text: T.expiredOn(until) };
  const text = `${T.validUntil(until)} · ${T.daysLeft(certificate.daysToExpiry)}`;
  return certificate.daysToExpiry < CERTIFICATE_WARNING_DAYS
    ? { severity: 'warning', text: `${text}. ${T.expiringSoon}` }
    : { severity: 'success', text };
}

/**
 * 'Certificado digital (A1)' (issue 41 §1): the installed certificate's holder, CNPJ, validity (days left; the
 * warning colour under 30 days, the error's once expired), fingerprint and who sent it; 'Enviar certificado' (once
 * the issuer is saved: the server checks the certificate against its CNPJ) and 'Remover' after a confirmation.
 */
export function CertificateCard({ issuer }: { issuer: FiscalIssuer | undefined }) {
  const certificate = useQuery(fiscalCertificateQuery);
  const confirm = useConfirm();
  const [uploading, setUploading] = useState(false);
  const remove = useApiMutation({
    mutationFn: removeCertificate,
    success: T.removed,
    failure: T.removeFailed,
    update: (client) => client.setQueryData(fiscalCertificateQuery.queryKey, null),
  });
  const data = certificate.data;
  const issuerSaved = issuer?.saved === true;
  const validity = data ? validityOf(data) : null;
  return (
    <SettingsCard
      id="fiscal-certificate-title"
      level="h3"
      title={T.title}
      text={T.text}
      loadFailed={certificate.isError ? T.loadFailed : null}
    >
      {certificate.isSuccess && data === null ? (
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {T.none}
        </Typography>
      ) : null}
      {data && validity ? (
        <>
          <Alert severity={validity.severity} role="status">
            {validity.text}
          </Alert>
          {data.warning ? (
            <Alert severity="warning" role="alert" sx={{ mt: 1 }} data-testid="certificate-warning">
              {data.warning}
            </Alert>
          ) : null}
          <DetailList
            label={T.title}
            details={[
              { label: T.fields.holder, value: data.holder },
              { label: T.fields.cnpj, value: formatDocument(data.cnpj) },
              {
                label: T.fields.validity,
                value: `${formatDate(data.notBefore)} a ${formatDate(data.notAfter)}`,
              },
              {
                label: T.fields.fingerprint,
                wide: true,
                value: (
                  <Box component="span" sx={{ fontFamily: 'monospace' }}>
                    {formatFingerprint(data.sha1Fingerprint)}
                  </Box>
                ),
              },
              { label: T.fields.serial, value: data.serialNumber },
              {
                label: T.fields.uploaded,
                value: T.uploaded(
                  formatBusinessDateTimeMinutes(new Date(data.uploadedAt)),
                  data.uploadedBy?.name ?? null,
                ),
              },
            ]}
          />
        </>
      ) : null}
      {issuer && !issuerSaved ? (
        <Alert severity="info" role="status">
          {T.issuerFirst}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          startIcon={<UploadFileIcon />}
          disabled={!issuerSaved || !certificate.isSuccess}
          onClick={() => setUploading(true)}
        >
          {T.upload}
        </Button>
        {data ? (
          <Button
            variant="outlined"
            color="error"
            startIcon={<DeleteOutlinedIcon />}
            disabled={remove.isPending}
            aria-label={T.removeLabel}
            onClick={async () => {
              if (await confirm(T.removeConfirm, { title: T.removeConfirmTitle, confirmText: T.remove }))
                remove.mutate();
            }}
          >
            {T.remove}
          </Button>
        ) : null}
      </Stack>
      {uploading ? <CertificateDialog onClose={() => setUploading(false)} /> : null}
    </SettingsCard>
  );
}
