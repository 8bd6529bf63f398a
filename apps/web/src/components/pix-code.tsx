import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useId, useRef, useState } from 'react';

export const PIX_CODE_TEXTS = {
  qrTitle: 'QR Code Pix',
  payload: 'Pix copia e cola',
  copy: 'Copiar código Pix',
  copied: 'Código Copiado',
} as const;

/** How long 'Código Copiado' stays (spec section 9: copy confirmation 1 second). */
export const PIX_COPIED_MS = 1000;

interface Props {
  /** The BR Code ("Pix copia e cola") of GET /orders/pix/{orderId}. */
  payload: string;
  /** Side of the QR code in px. */
  size?: number;
}

/**
 * A Pix payment: the QR code of the BR Code, its copia-e-cola text and a copy button that says
 * 'Código Copiado' for a second. For the selling confirmation and the order details.
 */
export function PixCode({ payload, size = 208 }: Props) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const textId = useId();

  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(payload);
    } catch {
      // No clipboard (an insecure page or a refused permission): select the text for Ctrl+C instead.
      const field = document.getElementById(textId) as HTMLTextAreaElement | null;
      field?.select();
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), PIX_COPIED_MS);
  };

  return (
    <Stack spacing={2} sx={{ alignItems: 'center', width: '100%', maxWidth: 420 }}>
      <Box sx={{ p: 1, bgcolor: '#fff', borderRadius: 1, lineHeight: 0 }}>
        <QRCodeSVG value={payload} size={size} level="M" marginSize={2} title={PIX_CODE_TEXTS.qrTitle} role="img" />
      </Box>
      <TextField
        id={textId}
        label={PIX_CODE_TEXTS.payload}
        value={payload}
        multiline
        fullWidth
        minRows={3}
        slotProps={{
          input: { readOnly: true, sx: { fontFamily: 'monospace', fontSize: 13, wordBreak: 'break-all' } },
        }}
      />
      <Button
        variant="contained"
        startIcon={copied ? <CheckIcon /> : <ContentCopyIcon />}
        onClick={() => void copy()}
        aria-live="polite"
      >
        {copied ? PIX_CODE_TEXTS.copied : PIX_CODE_TEXTS.copy}
      </Button>
    </Stack>
  );
}
