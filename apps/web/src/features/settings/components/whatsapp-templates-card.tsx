import {
  PERMISSIONS,
  QUOTE_WHATSAPP_PLACEHOLDERS,
  REPAIR_WHATSAPP_PLACEHOLDERS,
  type WhatsAppTemplates,
  whatsAppTemplateError,
} from '@backoffice/contract';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import RestoreIcon from '@mui/icons-material/Restore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useConfirm } from '../../../components/confirm-dialog';
import { whatsAppTemplatesQuery } from '../../../components/orders/whatsapp-button';
import { useApiMutation } from '../../../components/use-api-mutation';
import { api } from '../../../lib/api-client';
import { hasAccess, useSession } from '../../../lib/session';
import { WHATSAPP_CARD_TEXTS as T } from '../texts';
import { SettingsCard } from './settings-card';

/** A message of its own kind: the quotes' (decision 0043), the repairs' (issue 42 §2). */
type Kind = 'quote' | 'repair';
/** Which message: an order status's (its key) or a kind's: the path's last part. */
type Target = number | Kind;

/** Each kind's placeholders (the edit is checked against them) and its texts. */
const KINDS: Record<
  Kind,
  { placeholders: Readonly<Record<string, string>>; title: string; text: string; dialog: string }
> = {
  quote: {
    placeholders: QUOTE_WHATSAPP_PLACEHOLDERS,
    title: T.quoteTitle,
    text: T.quoteText,
    dialog: T.quoteDialogTitle,
  },
  repair: {
    placeholders: REPAIR_WHATSAPP_PLACEHOLDERS,
    title: T.repairTitle,
    text: T.repairText,
    dialog: T.repairDialogTitle,
  },
};
const isKind = (target: Target): target is Kind => typeof target === 'string';

const saveTemplate = async ({ target, template }: { target: Target; template: string }) =>
  (
    await api<{ data: WhatsAppTemplates }>(`/settings/whatsapp-templates/${target}`, {
      method: 'PUT',
      body: { template },
    })
  ).data;

const restoreTemplate = async (target: Target) =>
  (await api<{ data: WhatsAppTemplates }>(`/settings/whatsapp-templates/${target}`, { method: 'DELETE' })).data;

/** A message as the card shows it: an order status's or the quotes'. */
interface Editable {
  target: Target;
  label: string;
  template: string;
  isDefault: boolean;
}

/** The placeholders a list shows: `{name}` and what it becomes. */
function PlaceholderList({ placeholders }: { placeholders: readonly { name: string; description: string }[] }) {
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2 }}>
      {placeholders.map((placeholder) => (
        <Box key={placeholder.name} sx={{ display: 'contents' }}>
          <Box component="dt" sx={{ fontFamily: 'monospace' }}>{`{${placeholder.name}}`}</Box>
          <Box component="dd" sx={{ m: 0 }}>
            {placeholder.description}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/**
 * 'Mensagens do WhatsApp' (issue 20 §6): each order status with the message 'Enviar pelo WhatsApp' sends,
 * the placeholders it may use; edited in a dialog checked as typed by the contract's whatsAppTemplateError.
 * Stacked cards, not a table, so that it reads on a phone.
 */
export function WhatsAppTemplatesCard() {
  useSession(); // re-render when the session changes
  /** bo:manage:settings: 'Editar' and 'Restaurar padrão'; without it the card only shows the messages. */
  const canChange = hasAccess({ permissions: [PERMISSIONS.settings] });
  const templates = useQuery(whatsAppTemplatesQuery);
  const confirm = useConfirm();
  const [editing, setEditing] = useState<Editable | null>(null);
  const [text, setText] = useState('');
  const update = (client: QueryClient, data: WhatsAppTemplates) =>
    client.setQueryData(whatsAppTemplatesQuery.queryKey, data);
  const save = useApiMutation({
    mutationFn: saveTemplate,
    success: T.saved,
    failure: T.saveFailed,
    update,
    closeDialog: () => setEditing(null),
  });
  const restore = useApiMutation({
    mutationFn: restoreTemplate,
    success: T.restored,
    failure: T.restoreFailed,
    update,
  });
  // A kind's message is checked against its own placeholders, the statuses' against theirs.
  const error = editing
    ? whatsAppTemplateError(text, isKind(editing.target) ? KINDS[editing.target].placeholders : undefined)
    : null;
  const open = (row: Editable) => {
    setText(row.template);
    setEditing(row);
  };
  const data = templates.data;
  const kinds = (['quote', 'repair'] as const).flatMap((kind) => {
    const saved = data?.[kind];
    return saved ? [{ kind, ...saved }] : [];
  });
  const rows: Editable[] = templates.data
    ? templates.data.templates.map((row) => ({
        target: row.status,
        label: row.label,
        template: row.template,
        isDefault: row.isDefault,
      }))
    : [];
  /** One message's box: its name, 'Padrão' while unedited, the text, 'Editar' and 'Restaurar padrão'. */
  const item = (row: Editable, extra?: ReactNode) => (
    <Box
      component="li"
      key={row.target}
      aria-labelledby={`whatsapp-status-${row.target}`}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
    >
      <Stack spacing={1}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
          <Typography id={`whatsapp-status-${row.target}`} variant="subtitle1" component="h3">
            {row.label}
          </Typography>
          {row.isDefault ? <Chip size="small" label={T.defaultChip} /> : null}
        </Stack>
        {extra}
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {row.template}
        </Typography>
        {canChange ? (
          <>
            <Divider />
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Button
                size="small"
                startIcon={<EditOutlinedIcon />}
                aria-label={`${T.edit}: ${row.label}`}
                onClick={() => open(row)}
              >
                {T.edit}
              </Button>
              {row.isDefault ? null : (
                <Button
                  size="small"
                  color="error"
                  startIcon={<RestoreIcon />}
                  aria-label={`${T.restore}: ${row.label}`}
                  disabled={restore.isPending}
                  onClick={async () => {
                    if (await confirm(T.confirm)) restore.mutate(row.target);
                  }}
                >
                  {T.restore}
                </Button>
              )}
            </Stack>
          </>
        ) : null}
      </Stack>
    </Box>
  );

  return (
    <>
      <SettingsCard
        id="whatsapp-templates-title"
        title={T.title}
        text={T.text}
        loadFailed={templates.isError ? T.loadFailed : null}
      >
        {templates.data ? (
          <>
            <Box component="section" aria-labelledby="whatsapp-placeholders-title">
              <Typography id="whatsapp-placeholders-title" variant="subtitle2" component="h3">
                {T.placeholdersTitle}
              </Typography>
              <PlaceholderList placeholders={templates.data.placeholders} />
            </Box>
            <Box
              component="ul"
              aria-label={T.title}
              sx={{
                listStyle: 'none',
                p: 0,
                m: 0,
                display: 'grid',
                gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
                gap: 1.5,
              }}
            >
              {rows.map((row) => item(row))}
            </Box>
            {kinds.map(({ kind, template, isDefault, placeholders }) => (
              <Box
                key={kind}
                component="ul"
                aria-label={KINDS[kind].title}
                sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' }}
              >
                {item(
                  { target: kind, label: KINDS[kind].title, template, isDefault },
                  <>
                    <Typography variant="body2" color="text.secondary">
                      {KINDS[kind].text}
                    </Typography>
                    <Box component="section" aria-label={`${T.placeholdersTitle}: ${KINDS[kind].title}`}>
                      <PlaceholderList placeholders={placeholders} />
                    </Box>
                  </>,
                )}
              </Box>
            ))}
          </>
        ) : null}
      </SettingsCard>
      <Dialog open={editing !== null} onClose={() => setEditing(null)} fullWidth maxWidth="sm">
        <DialogTitle>
          {editing ? (isKind(editing.target) ? KINDS[editing.target].dialog : T.dialogTitle(editing.label)) : ''}
        </DialogTitle>
        <DialogContent>
          <TextField
            label={T.field}
            value={text}
            onChange={(event) => setText(event.target.value)}
            multiline
            minRows={4}
            fullWidth
            sx={{ mt: 1 }}
            error={error !== null}
            helperText={error ?? ' '}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setEditing(null)}>{T.cancel}</Button>
          <Button
            variant="contained"
            disabled={error !== null || save.isPending}
            onClick={() => editing && save.mutate({ target: editing.target, template: text })}
          >
            {T.save}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
