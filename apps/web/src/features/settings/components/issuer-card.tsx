import {
  FISCAL_AUTO_EMIT_LABELS,
  FISCAL_TRANSPORT_LABELS,
  type FiscalIssuer,
  formatBusinessDateTimeMinutes,
  TAX_REGIMES,
} from '@backoffice/contract';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDocument, formatPhone, issuerAddressLines } from '../lib/fiscal-format';
import { FISCAL_ISSUER_TEXTS as T } from '../texts';
import { type Detail, DetailList, WarningChip } from './fiscal-parts';
import { IssuerDialog } from './issuer-dialog';
import { SettingsCard } from './settings-card';

const regimeLabel = (crt: number | null) => {
  const regime = TAX_REGIMES.find((r) => r.code === crt);
  return regime ? `${regime.code} - ${regime.label}` : T.none;
};

/** 'Homologação' (a test environment, in the warning colour) or 'Produção', with what it means. */
export function EnvironmentChip({ environment }: { environment: number }) {
  const homologation = environment === 2;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      {homologation ? (
        <WarningChip label={T.homologation} />
      ) : (
        <Chip size="small" color="success" label={T.production} />
      )}
      <span>{homologation ? T.homologationHint : T.productionHint}</span>
    </Stack>
  );
}

function issuerDetails(issuer: FiscalIssuer): Detail[] {
  const address = issuer.address ? issuerAddressLines(issuer.address) : null;
  return [
    { label: T.fields.legalName, value: issuer.legalName ?? T.none },
    { label: T.fields.tradeName, value: issuer.tradeName ?? T.none },
    { label: T.fields.cnpj, value: issuer.cnpj ? formatDocument(issuer.cnpj) : T.none },
    { label: T.fields.ie, value: issuer.ie ?? T.none },
    { label: T.fields.crt, value: regimeLabel(issuer.crt) },
    { label: T.fields.phone, value: issuer.phone ? formatPhone(issuer.phone) : T.none },
    {
      label: T.fields.address,
      wide: true,
      value: address ? (
        <>
          {address[0]}
          <br />
          {address[1]}
          {issuer.address ? ` · IBGE ${issuer.address.cityCode}` : ''}
        </>
      ) : (
        T.none
      ),
    },
    { label: T.fields.environment, value: <EnvironmentChip environment={issuer.environment} />, wide: true },
    { label: T.fields.nfe, value: T.numbering(issuer.nfe.series, issuer.nfe.nextNumber) },
    { label: T.fields.nfce, value: T.numbering(issuer.nfce.series, issuer.nfce.nextNumber) },
    { label: T.fields.csc, value: issuer.cscConfigured ? T.cscConfigured(issuer.cscId) : T.cscMissing },
    {
      label: T.fields.technicalContact,
      value: issuer.technicalContact
        ? T.technicalContactShown(issuer.technicalContact.contact, issuer.technicalContact.csrtId)
        : T.technicalContactMissing,
    },
    {
      label: T.fields.transport,
      value:
        issuer.transport === 'NUVEM_FISCAL'
          ? T.providerEnvironment(FISCAL_TRANSPORT_LABELS.NUVEM_FISCAL, issuer.provider.sandbox)
          : FISCAL_TRANSPORT_LABELS[issuer.transport],
    },
    { label: T.fields.autoEmit, value: FISCAL_AUTO_EMIT_LABELS[issuer.autoEmit] },
    ...(issuer.updatedAt
      ? [
          {
            label: T.fields.updated,
            value: T.updated(formatBusinessDateTimeMinutes(new Date(issuer.updatedAt)), issuer.updatedBy?.name ?? null),
          },
        ]
      : []),
  ];
}

/**
 * 'Emitente' (issue 41 §1): the saved issuer (company, regime, address with its IBGE city, environment, series and
 * next numbers, whether the CSC is set, how the notes are sent and whether they are emitted by themselves), or 'Não configurado' with the company's CNPJ and name the server suggests;
 * 'Editar' opens the issuer's dialog. The query is the section's (the other fiscal cards read it too).
 */
export function IssuerCard({ issuer }: { issuer: UseQueryResult<FiscalIssuer> }) {
  const [editing, setEditing] = useState(false);
  const data = issuer.data;
  return (
    <SettingsCard
      id="fiscal-issuer-title"
      level="h3"
      title={T.title}
      text={T.text}
      loadFailed={issuer.isError ? T.loadFailed : null}
    >
      {data && !data.saved ? (
        <Alert severity="warning" role="status">
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {T.notConfigured}
          </Typography>
          <Typography variant="body2">{T.notConfiguredText}</Typography>
          <Typography variant="body2">
            {[data.cnpj ? `${T.fields.cnpj} ${formatDocument(data.cnpj)}` : null, data.legalName]
              .filter(Boolean)
              .join(' · ') || T.none}
          </Typography>
        </Alert>
      ) : null}
      {data?.saved ? <DetailList label={T.title} details={issuerDetails(data)} /> : null}
      {data ? (
        <Box>
          <Button variant="contained" startIcon={<EditOutlinedIcon />} onClick={() => setEditing(true)}>
            {data.saved ? T.edit : T.configure}
          </Button>
        </Box>
      ) : null}
      {editing && data ? <IssuerDialog issuer={data} onClose={() => setEditing(false)} /> : null}
    </SettingsCard>
  );
}
