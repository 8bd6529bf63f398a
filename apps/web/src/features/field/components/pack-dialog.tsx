import { isValidImei, ORDER_ACTION_LABELS, ORDER_LIMITS, type PackUnit, type TaskOrder } from '@backoffice/contract';
import AddAPhotoOutlinedIcon from '@mui/icons-material/AddAPhotoOutlined';
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, lazy, Suspense, useRef, useState } from 'react';
import { photoToDataUrl } from '../../../lib/photos';
import { FIELD_TEXTS } from '../texts';
import { FieldDialog } from './field-dialog';

const T = FIELD_TEXTS.pack;
let nextPhotoId = 0;
/** The camera's barcode reader: loaded (with its WebAssembly) only when a box is to be scanned. */
const BarcodeScanner = lazy(() => import('../../../components/barcode-scanner'));

/** One box slot per unit of each serialized line ('Controla IMEI'): its product and place in the line. */
function unitSlots(order: TaskOrder) {
  return order.items.flatMap((item, line) =>
    item.serialized
      ? Array.from({ length: item.quantity }, (_, n) => ({
          key: `${line}:${n}`,
          productId: item.productId,
          label: T.units.label(item.name, n + 1, item.quantity),
        }))
      : [],
  );
}

/** What is wrong with one typed IMEI, given the others (null: nothing, or nothing typed yet). */
function imeiProblem(value: string, all: string[]): string | null {
  if (value === '') return null;
  if (value.length < 15) return T.units.incomplete;
  if (!isValidImei(value)) return T.units.invalid;
  if (all.filter((other) => other === value).length > 1) return T.units.repeated;
  return null;
}

/**
 * Finishing the packing: one or more photos of the closed package (the phone's camera opens directly),
 * each shown with a button to remove it; 'Concluir embalagem' sends them. The server picks the next status
 * from the order's delivery; the dialog says which it will be.
 */
export function PackDialog({
  order,
  busy,
  error,
  onSubmit,
  onClose,
}: {
  order: TaskOrder;
  busy: boolean;
  /** Why the last try failed (shown in the dialog). */
  error?: string | null;
  /** The photos, and for serialized lines the units that go into the box (one IMEI per unit). */
  onSubmit: (images: string[], units: PackUnit[]) => void;
  onClose: () => void;
}) {
  const [photos, setPhotos] = useState<Array<{ id: number; url: string }>>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const next = order.actions.find((a) => a !== 'startPreparation');
  const slots = unitSlots(order);
  const [imeis, setImeis] = useState<Record<string, string>>({});
  const typed = slots.map((slot) => imeis[slot.key] ?? '');
  // The scanner reports codes between renders: it reads the IMEIs as they are now, not as last drawn.
  const current = useRef(imeis);
  current.current = imeis;
  /** A box's barcode read by the camera: into the first empty IMEI field (false: already there, or no room). */
  const scanned = (code: string): boolean => {
    const digits = code.replace(/\D/g, '').slice(0, 15);
    const values = slots.map((slot) => current.current[slot.key] ?? '');
    const free = slots.find((slot) => !current.current[slot.key]);
    if (values.includes(digits) || !free) return false;
    const next = { ...current.current, [free.key]: digits };
    current.current = next;
    setImeis(next);
    setProblem(null);
    return true;
  };

  const add = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (files.length === 0) return;
    setReading(true);
    try {
      const urls = await Promise.all(files.map(photoToDataUrl));
      setPhotos((current) => {
        const all = [...current, ...urls.map((url) => ({ id: ++nextPhotoId, url }))];
        setProblem(all.length > ORDER_LIMITS.maxPackagingPhotos ? T.tooMany : null);
        return all.slice(0, ORDER_LIMITS.maxPackagingPhotos);
      });
    } catch {
      setProblem(T.unreadable);
    } finally {
      setReading(false);
    }
  };

  const submit = () => {
    if (typed.some((value) => value === '' || imeiProblem(value, typed))) {
      setProblem(T.units.required);
      return;
    }
    if (photos.length === 0) {
      setProblem(T.required);
      return;
    }
    onSubmit(
      photos.map((p) => p.url),
      slots.map((slot, index) => ({ productId: slot.productId, imei: typed[index] as string })),
    );
  };

  const full = photos.length >= ORDER_LIMITS.maxPackagingPhotos;
  return (
    <FieldDialog
      error={error}
      open
      title={T.title(order.code)}
      submitText={T.submit}
      busy={busy || reading}
      onSubmit={submit}
      onClose={onClose}
    >
      <Typography sx={{ mb: 1 }}>{T.hint}</Typography>
      {next ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {T.next(ORDER_ACTION_LABELS[next])}
        </Typography>
      ) : null}
      {slots.length > 0 ? (
        <Box component="section" aria-labelledby="pack-units-title" sx={{ mb: 2 }}>
          <Typography id="pack-units-title" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {T.units.title}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {T.units.hint}
          </Typography>
          <Suspense fallback={null}>
            <BarcodeScanner onDetected={scanned} />
          </Suspense>
          {slots.map((slot, index) => {
            const value = typed[index] as string;
            const wrong = imeiProblem(value, typed);
            return (
              <TextField
                key={slot.key}
                label={slot.label}
                value={value}
                onChange={(event) => {
                  const digits = event.target.value.replace(/\D/g, '').slice(0, 15);
                  setImeis((current) => ({ ...current, [slot.key]: digits }));
                  setProblem(null);
                }}
                error={wrong !== null}
                helperText={wrong ?? ' '}
                disabled={busy}
                fullWidth
                margin="dense"
                autoComplete="off"
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 15 } }}
              />
            );
          })}
        </Box>
      ) : null}
      <Box
        component="ul"
        aria-label={T.title(order.code)}
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gridTemplateColumns: 'repeat(2, 1fr)', gap: 1.5 }}
      >
        {photos.map((photo, index) => (
          <Box component="li" key={photo.id} sx={{ position: 'relative' }}>
            <Box
              component="img"
              src={photo.url}
              alt={T.photo(index + 1)}
              sx={{ width: '100%', aspectRatio: '1', objectFit: 'cover', borderRadius: 2, display: 'block' }}
            />
            <IconButton
              aria-label={T.remove(index + 1)}
              onClick={() => {
                setPhotos((current) => current.filter((p) => p.id !== photo.id));
                setProblem(null);
              }}
              disabled={busy}
              sx={{
                position: 'absolute',
                top: 4,
                right: 4,
                width: 44,
                height: 44,
                bgcolor: 'rgba(15,23,42,0.75)',
                color: '#fff',
                '&:hover': { bgcolor: 'rgba(15,23,42,0.9)' },
              }}
            >
              <CloseIcon />
            </IconButton>
          </Box>
        ))}
      </Box>
      <Button
        component="label"
        variant="outlined"
        size="large"
        fullWidth
        disabled={busy || reading || full}
        startIcon={<AddAPhotoOutlinedIcon />}
        sx={{ minHeight: 56, mt: photos.length ? 2 : 0 }}
      >
        {reading ? T.reading : photos.length ? T.more : T.take}
        <input
          type="file"
          accept="image/*"
          capture="environment"
          multiple
          hidden
          onChange={(event) => void add(event)}
        />
      </Button>
      {problem ? (
        <Alert severity="error" sx={{ mt: 2 }} role="alert">
          {problem}
        </Alert>
      ) : null}
    </FieldDialog>
  );
}
