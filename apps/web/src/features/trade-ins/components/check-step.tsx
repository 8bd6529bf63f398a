import {
  STOLEN_PHONE_CHECK_URL,
  TRADE_IN_CHECK_LABELS,
  TRADE_IN_CHECK_RESULTS,
  type TradeIn,
  type TradeInCheckResult,
} from '@backoffice/contract';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, useState } from 'react';
import { ProblemAlert } from '../../../components/form/dialog-problem';
import { SubmitButton } from '../../../components/form/submit-button';
import { useNotify } from '../../../components/notifier';
import { formatDateTime } from '../../../lib/format';
import { useCheck } from '../api/trade-ins-api';
import { pictureOf } from '../lib/pictures';
import { TRADE_INS_TEXTS as T } from '../texts';
import { StepBox } from './step-box';

/** An IMEI to type on the site: shown in large digits, with a button that copies it. */
function ImeiToCopy({ imei }: { imei: string }) {
  const notify = useNotify();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Typography sx={{ fontFamily: 'monospace', fontSize: '1.1rem', letterSpacing: 1, userSelect: 'all' }}>
        {imei}
      </Typography>
      <IconButton
        aria-label={T.copy(imei)}
        onClick={() => void navigator.clipboard?.writeText(imei).then(() => notify.success(T.copied))}
      >
        <ContentCopyIcon fontSize="small" />
      </IconButton>
    </Stack>
  );
}

/**
 * '1. Consulta de aparelho impedido' (decision 0058): Anatel's list has no API, so the site opens in a new tab with
 * the IMEIs shown to copy; the attendant records the answer (Regular or Impedido, which ends the evaluation) and
 * the screenshot of it. Done, it says who checked, when, the answer and the screenshot.
 */
export function CheckStep({ tradeIn }: { tradeIn: TradeIn }) {
  const [result, setResult] = useState<TradeInCheckResult | ''>('');
  const [screenshot, setScreenshot] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const check = useCheck(tradeIn.id, setProblem);
  const imeis = tradeIn.imei2 ? [tradeIn.imei, tradeIn.imei2] : [tradeIn.imei];

  if (tradeIn.check) {
    return (
      <StepBox title={T.checkTitle} done>
        <Typography variant="body2">
          {T.checkedLine(
            TRADE_IN_CHECK_LABELS[tradeIn.check.result],
            formatDateTime(tradeIn.check.at),
            tradeIn.check.by,
          )}
        </Typography>
        {tradeIn.check.screenshot ? (
          <Link href={tradeIn.check.screenshot} target="_blank" rel="noopener" variant="body2">
            {T.viewScreenshot}
          </Link>
        ) : null}
      </StepBox>
    );
  }
  if (tradeIn.status !== 'OPEN') return null;

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const url = await pictureOf(file);
    if (url === null) setProblem(T.notAnImage);
    else {
      setProblem(null);
      setScreenshot(url);
    }
  };
  const send = () => {
    setTried(true);
    if (result === '' || screenshot === null) return;
    setProblem(null);
    check.mutate({ result, screenshot });
  };
  const busy = check.isPending;

  return (
    <StepBox title={T.checkTitle}>
      <Typography variant="body2" color="text.secondary">
        {T.checkText}
      </Typography>
      <Box>
        {imeis.map((imei) => (
          <ImeiToCopy key={imei} imei={imei} />
        ))}
      </Box>
      <Button
        variant="outlined"
        href={STOLEN_PHONE_CHECK_URL}
        target="_blank"
        rel="noopener noreferrer"
        endIcon={<OpenInNewIcon />}
        sx={{ alignSelf: 'flex-start', textTransform: 'none' }}
      >
        {T.openCheck}
      </Button>
      <FormControl error={tried && result === ''} disabled={busy}>
        <FormLabel id="trade-in-check-result">{T.result}</FormLabel>
        <RadioGroup
          row
          aria-labelledby="trade-in-check-result"
          value={result}
          onChange={(event) => setResult(event.target.value as TradeInCheckResult)}
        >
          {TRADE_IN_CHECK_RESULTS.map((value) => (
            <FormControlLabel key={value} value={value} control={<Radio />} label={TRADE_IN_CHECK_LABELS[value]} />
          ))}
        </RadioGroup>
        {tried && result === '' ? <FormHelperText>{T.resultRequired}</FormHelperText> : null}
      </FormControl>
      {result === 'IMPEDIDO' ? <Alert severity="warning">{T.blockedWarning}</Alert> : null}
      <Box>
        <Button
          component="label"
          variant="outlined"
          startIcon={<UploadFileOutlinedIcon />}
          disabled={busy}
          sx={{ minHeight: 44 }}
        >
          {T.screenshot}
          <input
            type="file"
            accept="image/*"
            hidden
            data-testid="trade-in-screenshot"
            onChange={(event) => void choose(event)}
          />
        </Button>
        {screenshot ? (
          <Box
            component="img"
            src={screenshot}
            alt={T.screenshotAlt}
            sx={{
              display: 'block',
              mt: 1,
              maxWidth: 160,
              maxHeight: 120,
              borderRadius: 1,
              border: 1,
              borderColor: 'divider',
            }}
          />
        ) : null}
        {tried && screenshot === null ? <FormHelperText error>{T.screenshotRequired}</FormHelperText> : null}
      </Box>
      <SubmitButton type="button" busy={busy} onClick={send} sx={{ alignSelf: 'flex-start' }}>
        {T.saveCheck}
      </SubmitButton>
      <ProblemAlert problem={problem} />
    </StepBox>
  );
}
