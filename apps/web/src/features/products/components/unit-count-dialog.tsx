import { type ProductListItem, UNIT_STATUS_LABELS, type UnitCountResult } from '@backoffice/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, type ReactNode, Suspense, useMemo, useRef, useState } from 'react';
import { type ImeiList, ImeiListField, imeiListOf } from '../../../components/imei-list-field';
import { useApiMutation } from '../../../components/use-api-mutation';
import { appendScannedCode, readImeiLines } from '../../../lib/imei-lines';
import { countUnits, productKeys } from '../api/products-api';
import { PRODUCTS_TEXTS } from '../texts';

const T = PRODUCTS_TEXTS.unitCount;

/** The camera scanner, loaded when the count opens. */
const BarcodeScanner = lazy(() => import('../../../components/barcode-scanner'));

const cameraScanner = (append: (code: string) => boolean) => (
  <Suspense fallback={null}>
    <BarcodeScanner onDetected={append} />
  </Suspense>
);

/**
 * The IMEIs of the list as they will be sent. Lines are checked for shape, check digit and repeats here (a
 * marked line must be fixed or removed first); not for registration: a count's IMEIs are registered by
 * nature, so the entry's 'Já cadastrado' does not apply — the server says which are unknown.
 */
function listOf(text: string): { list: ImeiList; imeis: string[] } {
  const list = imeiListOf(readImeiLines(text));
  const imeis = list.units.flatMap((unit) => (unit.imei2 ? [unit.imei, unit.imei2] : [unit.imei]));
  return { list, imeis };
}

interface Props {
  product: ProductListItem | null;
  onClose: () => void;
  /** Beside the IMEI list: what adds scanned codes to it (default: the camera's 'Escanear' button). */
  scanner?: (append: (code: string) => boolean) => ReactNode;
}

/**
 * 'Contar' for a product that controls IMEI (issue 17 §2): the IMEIs on the shelf are scanned, typed or
 * pasted; 'Conferir' shows the units missing and the codes unknown (nothing written); 'Confirmar' writes
 * the missing ones off (server: one INVENTORY row naming them) and says the new stock.
 */
export function UnitCountDialog({ product, onClose, scanner = cameraScanner }: Props) {
  const [text, setText] = useState('');
  const textNow = useRef(text);
  textNow.current = text;
  const { list, imeis } = useMemo(() => listOf(text), [text]);
  const [checked, setChecked] = useState<{ text: string; result: UnitCountResult } | null>(null);
  const code = product?.code ?? '';

  const close = () => {
    setText('');
    setChecked(null);
    onClose();
  };
  // The list checked is remembered: a list changed since then must be checked again before confirming.
  const check = useApiMutation<UnitCountResult, { imeis: string[]; text: string }>({
    mutationFn: (read) => countUnits(code, read.imeis, true),
    failure: T.failed,
    onSuccess: (result, read) => setChecked({ text: read.text, result }),
  });
  const confirm = useApiMutation<UnitCountResult, string[]>({
    mutationFn: (read) => countUnits(code, read, false),
    failure: T.failed,
    success: (result) => (result.written ? T.done(result.stockAfter) : T.nothingToWriteOff),
    invalidate: [productKeys.lists()],
    closeDialog: close,
  });

  const append = (scanned: string) => {
    const next = appendScannedCode(textNow.current, scanned);
    if (next === null) return false;
    textNow.current = next;
    setText(next);
    return true;
  };

  const result = checked?.result ?? null;
  const stale = checked !== null && checked.text !== text;
  const busy = check.isPending || confirm.isPending;

  return (
    <Dialog open={product !== null} onClose={close} fullWidth maxWidth="sm" aria-labelledby="unit-count-title">
      <DialogTitle id="unit-count-title">{product ? T.title(product.name) : ''}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {T.hint}
          </Typography>
          <ImeiListField value={text} onChange={setText} list={list} autoFocus action={scanner(append)} />
          {result && (
            <Box component="section" aria-label={T.result}>
              {stale && (
                <Alert severity="warning" sx={{ mb: 1 }}>
                  {T.stale}
                </Alert>
              )}
              <Typography variant="subtitle2" role="status">
                {T.found(result.found)} · {T.stock(result.stockBefore, result.stockAfter)}
              </Typography>
              {result.heldByOrders > 0 && (
                <Typography variant="body2" color="text.secondary">
                  {T.held(result.heldByOrders)}
                </Typography>
              )}
              <Typography variant="subtitle2" component="h3" sx={{ mt: 1.5 }}>
                {T.missingTitle(result.missing.length)}
              </Typography>
              {result.missing.length === 0 ? (
                <Typography variant="body2">{T.noneMissing}</Typography>
              ) : (
                <>
                  <Typography variant="body2" color="text.secondary">
                    {T.missingHelp}
                  </Typography>
                  <Box component="ul" aria-label={T.missingTitle(result.missing.length)} sx={{ m: 0, pl: 3 }}>
                    {result.missing.map((unit) => (
                      <li key={unit.imei}>
                        <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
                          {unit.imei2 ? `${unit.imei};${unit.imei2}` : unit.imei}
                        </Typography>
                      </li>
                    ))}
                  </Box>
                </>
              )}
              {result.unknown.length > 0 && (
                <>
                  <Typography variant="subtitle2" component="h3" sx={{ mt: 1.5 }}>
                    {T.unknownTitle(result.unknown.length)}
                  </Typography>
                  <Box component="ul" aria-label={T.unknownTitle(result.unknown.length)} sx={{ m: 0, pl: 3 }}>
                    {result.unknown.map((unit) => (
                      <li key={unit.imei}>
                        <Typography variant="body2">
                          <Box component="span" sx={{ fontFamily: 'monospace' }}>
                            {unit.imei}
                          </Box>
                          {' — '}
                          {!unit.valid
                            ? T.invalid
                            : unit.registered
                              ? T.registered(
                                  unit.registered.productName,
                                  unit.registered.productCode,
                                  UNIT_STATUS_LABELS[unit.registered.status],
                                )
                              : T.unregistered}
                        </Typography>
                      </li>
                    ))}
                  </Box>
                </>
              )}
            </Box>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={close}>{T.cancel}</Button>
        <Button variant="outlined" disabled={busy || list.problems > 0} onClick={() => check.mutate({ imeis, text })}>
          {T.check}
        </Button>
        <Button
          variant="contained"
          disabled={busy || result === null || stale || list.problems > 0}
          onClick={() => confirm.mutate(imeis)}
        >
          {T.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
