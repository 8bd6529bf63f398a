import { FISCAL_SETUP_TEXTS, type FiscalIssuer, type FiscalProfile, PERMISSIONS } from '@backoffice/contract';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import PlaylistAddCheckIcon from '@mui/icons-material/PlaylistAddCheck';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useConfirm } from '../../../components/confirm-dialog';
import { useApiMutation } from '../../../components/use-api-mutation';
import { hasAccess, useSession } from '../../../lib/session';
import { deleteProfile, fiscalProfilesQuery } from '../api/fiscal-api';
import { formatRate } from '../lib/fiscal-format';
import { FISCAL_PROFILE_TEXTS as T } from '../texts';
import { AssignProductsDialog } from './assign-products-dialog';
import { DetailList, WarningChip } from './fiscal-parts';
import { FiscalProfileDialog, icmsKindOfIssuer } from './fiscal-profile-dialog';
import { SettingsCard } from './settings-card';

/** The profile's ICMS as it reads: 'CSOSN 102 · 0 %' or 'CST 60 · 18 %'. */
const icmsOf = (profile: FiscalProfile) =>
  profile.icmsCsosn !== null
    ? T.code('CSOSN', profile.icmsCsosn, formatRate(profile.icmsRate))
    : T.code('CST', profile.icmsCst ?? '', formatRate(profile.icmsRate));

function ProfileItem({
  profile,
  wanted,
  canApply,
  onEdit,
  onApply,
  onRemove,
}: {
  profile: FiscalProfile;
  wanted: 'CST' | 'CSOSN' | null;
  canApply: boolean;
  onEdit: () => void;
  onApply: () => void;
  onRemove: () => void;
}) {
  const headingId = `fiscal-profile-${profile.id}`;
  const kind = profile.icmsCsosn !== null ? 'CSOSN' : 'CST';
  const ibsCbs = profile.ibsCbs;
  return (
    <Box component="li" aria-labelledby={headingId} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography id={headingId} variant="subtitle1" component="h4" sx={{ overflowWrap: 'anywhere' }}>
            {profile.name}
          </Typography>
          {profile.isDefault ? <Chip size="small" color="primary" label={T.defaultChip} /> : null}
          <Chip size="small" variant="outlined" label={T.products(profile.productCount)} />
          {wanted && wanted !== kind ? <WarningChip label={T.wrongRegime(wanted)} /> : null}
        </Stack>
        <DetailList
          label={profile.name}
          minColumn={140}
          details={[
            { label: T.fields.cfop, value: `${profile.cfopInState} / ${profile.cfopOutOfState}` },
            { label: T.fields.icms, value: icmsOf(profile) },
            { label: T.fields.pis, value: T.code('CST', profile.pisCst, formatRate(profile.pisRate)) },
            { label: T.fields.cofins, value: T.code('CST', profile.cofinsCst, formatRate(profile.cofinsRate)) },
            {
              label: T.fields.ibsCbs,
              wide: true,
              value: ibsCbs ? (
                <>
                  {T.ibsCbsLine(ibsCbs.cst, ibsCbs.cClassTrib)}
                  <br />
                  {T.ibsCbsRates(
                    formatRate(ibsCbs.cbsRate),
                    formatRate(ibsCbs.ibsUfRate),
                    formatRate(ibsCbs.ibsMunRate),
                  )}
                </>
              ) : (
                T.noIbsCbs
              ),
            },
          ]}
        />
        <Divider />
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button
            size="small"
            startIcon={<EditOutlinedIcon />}
            aria-label={`${T.edit}: ${profile.name}`}
            onClick={onEdit}
          >
            {T.edit}
          </Button>
          {canApply ? (
            <Button
              size="small"
              startIcon={<PlaylistAddCheckIcon />}
              aria-label={`${T.apply}: ${profile.name}`}
              onClick={onApply}
            >
              {T.apply}
            </Button>
          ) : null}
          <Button
            size="small"
            color="error"
            startIcon={<DeleteOutlinedIcon />}
            aria-label={`${T.remove}: ${profile.name}`}
            onClick={onRemove}
          >
            {T.remove}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

/** What the card's dialog is open for. */
type Open = { kind: 'edit'; profile: FiscalProfile | null } | { kind: 'apply'; profile: FiscalProfile } | null;

/**
 * 'Perfis fiscais' (issue 41 §1): each profile (its name, the default's chip, CFOP in and out, the ICMS CST or
 * CSOSN, PIS and COFINS, IBS/CBS with its rates, how many products use it), 'Novo perfil', 'Editar', 'Aplicar a
 * produtos' (whoever may read the products list) and 'Excluir' (a profile in use is refused by the server: said).
 * Stacked boxes, not a table, so that it reads on a phone.
 */
export function FiscalProfilesCard({ issuer }: { issuer: FiscalIssuer | undefined }) {
  useSession(); // re-render when the session changes
  /** The picker searches GET /products/list: products, internal sales or reports. */
  const canApply = hasAccess({
    permissions: [PERMISSIONS.products, PERMISSIONS.internalSales, PERMISSIONS.reports],
  });
  const profiles = useQuery(fiscalProfilesQuery);
  const confirm = useConfirm();
  const [open, setOpen] = useState<Open>(null);
  const remove = useApiMutation({
    mutationFn: async (profile: FiscalProfile) => (await deleteProfile(profile.id)).data,
    success: (_data, profile) => FISCAL_SETUP_TEXTS.profileDeleted(profile.name),
    failure: T.removeFailed,
    invalidate: [fiscalProfilesQuery.queryKey],
  });
  const wanted = icmsKindOfIssuer(issuer);
  const rows = profiles.data ?? [];
  const close = () => setOpen(null);
  return (
    <SettingsCard
      id="fiscal-profiles-title"
      level="h3"
      title={T.title}
      text={T.text}
      loadFailed={profiles.isError ? T.loadFailed : null}
    >
      <Box>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          disabled={!profiles.isSuccess}
          onClick={() => setOpen({ kind: 'edit', profile: null })}
        >
          {T.add}
        </Button>
      </Box>
      {profiles.isSuccess && rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {T.empty}
        </Typography>
      ) : null}
      {rows.length > 0 ? (
        <Box
          component="ul"
          aria-label={T.title}
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
            gap: 1.5,
          }}
        >
          {rows.map((profile) => (
            <ProfileItem
              key={profile.id}
              profile={profile}
              wanted={wanted}
              canApply={canApply}
              onEdit={() => setOpen({ kind: 'edit', profile })}
              onApply={() => setOpen({ kind: 'apply', profile })}
              onRemove={async () => {
                if (
                  await confirm(T.removeConfirm(profile.name), { title: T.removeConfirmTitle, confirmText: T.remove })
                )
                  remove.mutate(profile);
              }}
            />
          ))}
        </Box>
      ) : null}
      {open?.kind === 'edit' ? (
        <FiscalProfileDialog profile={open.profile} issuer={issuer} first={rows.length === 0} onClose={close} />
      ) : null}
      {open?.kind === 'apply' ? <AssignProductsDialog profile={open.profile} onClose={close} /> : null}
    </SettingsCard>
  );
}
