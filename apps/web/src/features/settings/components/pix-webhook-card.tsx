import AutorenewIcon from '@mui/icons-material/Autorenew';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useConfirm } from '../../../components/confirm-dialog';
import { useApiMutation } from '../../../components/use-api-mutation';
import { pixWebhookQuery, renewPixWebhook, usePixWebhook } from '../api/settings-api';
import { webhookReachProblem } from '../lib/webhook-reach';
import { PIX_WEBHOOK_TEXTS as T } from '../texts';
import { SettingsCard } from './settings-card';

/**
 * 'URL do webhook Pix', for whoever holds the settings permission: the URL to register at the bank (its
 * secret is the last part), a copy button, and 'Gerar nova URL' (the old one stops at once).
 */
export function PixWebhookCard() {
  const webhook = usePixWebhook(true);
  const confirm = useConfirm();
  const [copied, setCopied] = useState(false);
  const renew = useApiMutation({
    mutationFn: async () => (await renewPixWebhook()).data,
    success: T.renewed,
    failure: T.renewFailed,
    update: (client, data) => client.setQueryData(pixWebhookQuery.queryKey, data),
  });
  const url = webhook.data?.url ?? '';
  return (
    <SettingsCard
      id="pix-webhook-title"
      title={T.title}
      text={T.text}
      loadFailed={webhook.isError ? T.loadFailed : null}
    >
      {webhook.isError ? null : (
        <TextField
          label={T.title}
          value={url}
          fullWidth
          multiline
          slotProps={{ htmlInput: { readOnly: true, spellCheck: false } }}
          onFocus={(event) => event.target.select()}
        />
      )}
      {url && webhookReachProblem(url) ? <Alert severity="warning">{webhookReachProblem(url)}</Alert> : null}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          startIcon={<ContentCopyIcon />}
          disabled={!url}
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(url);
              setCopied(true);
              setTimeout(() => setCopied(false), 1500);
            } catch {
              // No clipboard (an insecure page): the field is selectable by hand.
            }
          }}
        >
          {copied ? T.copied : T.copy}
        </Button>
        <Button
          color="error"
          startIcon={<AutorenewIcon />}
          disabled={renew.isPending || !url}
          onClick={async () => {
            if (await confirm(T.renewConfirm, { title: T.renew, confirmText: T.renew })) renew.mutate();
          }}
        >
          {T.renew}
        </Button>
      </Stack>
    </SettingsCard>
  );
}
