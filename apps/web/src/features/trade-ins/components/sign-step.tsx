import { TRADE_IN_TERM_TEXTS, type TradeIn, tradeInPhoneName } from '@backoffice/contract';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { DownloadButton } from '../../../components/download-button';
import { ProblemAlert } from '../../../components/form/dialog-problem';
import { SubmitButton } from '../../../components/form/submit-button';
import { SignaturePad } from '../../../components/signature-pad';
import { formatDateTime, formatDocument, formatMoney } from '../../../lib/format';
import { downloadTerm, useSign } from '../api/trade-ins-api';
import { TRADE_INS_TEXTS as T } from '../texts';
import { StepBox } from './step-box';

/** 'Termo de compra (PDF)': the server's term, fetched with the token; a failure in the snackbar. */
export function TermButton({ tradeIn }: { tradeIn: Pick<TradeIn, 'id' | 'code'> }) {
  return (
    <DownloadButton
      variant="outlined"
      startIcon={<PictureAsPdfOutlinedIcon />}
      download={() => downloadTerm(tradeIn)}
      failedText={T.termFailed}
      sx={{ alignSelf: 'flex-start' }}
    >
      {T.term}
    </DownloadButton>
  );
}

/**
 * '2. Termo de compra e assinatura': the term's declaration as the PDF words it (the seller, his CPF, the phone, the
 * value), the seller's signature on the shared pad, sent as a PNG; once signed, when and the signature. The seller
 * signs after the check and with the value set (the server's order too).
 */
export function SignStep({ tradeIn }: { tradeIn: TradeIn }) {
  const [signature, setSignature] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const sign = useSign(tradeIn.id, setProblem);

  if (tradeIn.signedAt) {
    return (
      <StepBox title={T.signTitle} done>
        <Typography variant="body2">{T.signedLine(formatDateTime(tradeIn.signedAt))}</Typography>
        {tradeIn.signature ? (
          <Box
            component="img"
            src={tradeIn.signature}
            alt={T.signatureAlt}
            sx={{ maxWidth: 240, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff' }}
          />
        ) : null}
        <TermButton tradeIn={tradeIn} />
      </StepBox>
    );
  }
  if (tradeIn.status !== 'OPEN') return null;
  const ready = tradeIn.check !== null && tradeIn.value !== null;
  const declaration = TRADE_IN_TERM_TEXTS.declaration(
    tradeIn.sellerName,
    formatDocument(tradeIn.sellerCpf),
    tradeInPhoneName(tradeIn),
    formatMoney(tradeIn.value ?? 0),
  );
  const send = () => {
    setTried(true);
    if (!signature) return;
    setProblem(null);
    sign.mutate(signature);
  };
  return (
    <StepBox title={T.signTitle}>
      {ready ? (
        <>
          <Box sx={{ bgcolor: 'grey.50', border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
            <Typography variant="subtitle2" component="p" sx={{ fontWeight: 700, mb: 0.5 }}>
              {TRADE_IN_TERM_TEXTS.title}
            </Typography>
            <Typography variant="body2" data-testid="trade-in-term">
              {declaration}
            </Typography>
          </Box>
          <SignaturePad
            label={T.signPad}
            clearLabel={T.clear}
            invalid={tried && !signature}
            onChange={(png) => {
              setSignature(png);
              setProblem(null);
            }}
          />
          {tried && !signature ? <FormHelperText error>{T.signatureRequired}</FormHelperText> : null}
          <SubmitButton type="button" busy={sign.isPending} onClick={send} sx={{ alignSelf: 'flex-start' }}>
            {T.saveSignature}
          </SubmitButton>
          <ProblemAlert problem={problem} />
        </>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {T.signWaits}
        </Typography>
      )}
      <TermButton tradeIn={tradeIn} />
    </StepBox>
  );
}
