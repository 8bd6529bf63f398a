import { CERTIFICATE_MAX_BYTES, FISCAL_SETUP_TEXTS } from '@backoffice/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormTextField } from '../../../components/form/form-text-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { WriteFormDialog } from '../../../components/form/write-form-dialog';
import { inDialog, useApiMutation } from '../../../components/use-api-mutation';
import { fiscalCertificateQuery, refusalMessages, uploadCertificate } from '../api/fiscal-api';
import { formatKilobytes } from '../lib/fiscal-format';
import { FISCAL_CERTIFICATE_TEXTS as T } from '../texts';

/** What the file input takes: the A1's own extensions. */
const ACCEPT = '.pfx,.p12,application/x-pkcs12';

/**
 * The file, checked before anything is sent: one was chosen, it is a .pfx or .p12, and it is at most 64 KB (the
 * server's limit, `CERTIFICATE_MAX_BYTES`: a larger file is refused here with the server's own words).
 */
const certificateFormSchema = z.object({
  file: z
    .custom<File | null>((value) => value === null || value instanceof File)
    .refine((file): file is File => file !== null, FISCAL_SETUP_TEXTS.certificateFileRequired)
    .refine((file) => file === null || /\.(pfx|p12)$/i.test(file.name), FISCAL_SETUP_TEXTS.certificateNotPfx)
    .refine((file) => file === null || file.size <= CERTIFICATE_MAX_BYTES, FISCAL_SETUP_TEXTS.certificateTooLarge),
  password: z.string().min(1, FISCAL_SETUP_TEXTS.certificatePasswordRequired),
});
type FormValues = { file: File | null; password: string };
type FormOutput = { file: File; password: string };

/**
 * 'Enviar certificado A1': the .pfx/.p12 chosen (refused here above 64 KB) and its password, sent as multipart to
 * POST /fiscal/certificate; the server's refusal (a wrong password, another CNPJ, an expired certificate) said in
 * Portuguese inside the dialog, which stays open with what was chosen.
 */
export function CertificateDialog({ onClose }: { onClose: () => void }) {
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const { control, handleSubmit } = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(certificateFormSchema) as never,
    mode: 'onTouched',
    defaultValues: { file: null, password: '' },
  });
  const { field, fieldState } = useController({ control, name: 'file' });
  const send = useApiMutation({
    mutationFn: uploadCertificate,
    success: T.sent,
    failure: T.sendFailed,
    message: refusalMessages,
    update: (client, data) => client.setQueryData(fiscalCertificateQuery.queryKey, data),
    ...inDialog(onClose, setProblem),
  });
  const busy = send.isPending;
  const file = field.value;
  return (
    <WriteFormDialog
      titleId="fiscal-certificate-dialog-title"
      title={T.dialogTitle}
      maxWidth="sm"
      busy={busy}
      onClose={onClose}
      onSubmit={handleSubmit((values) => send.mutate(values))}
      closeText={T.cancel}
      problem={problem}
      actions={<SubmitButton busy={busy}>{T.send}</SubmitButton>}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {T.dialogText}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <Button
          variant="outlined"
          startIcon={<UploadFileIcon />}
          onClick={() => input.current?.click()}
          disabled={busy}
          aria-describedby="fiscal-certificate-file"
          sx={{ flexShrink: 0 }}
        >
          {T.chooseFile}
        </Button>
        <input
          ref={input}
          type="file"
          hidden
          name={field.name}
          data-testid="certificate-file"
          accept={ACCEPT}
          onChange={(event) => {
            field.onChange(event.target.files?.[0] ?? null);
            field.onBlur();
            event.target.value = '';
          }}
        />
        <Typography id="fiscal-certificate-file" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {file ? T.fileChosen(file.name, formatKilobytes(file.size)) : T.noFile}
        </Typography>
      </Stack>
      <FormHelperText error={Boolean(fieldState.error)} sx={{ mb: 2 }} role={fieldState.error ? 'alert' : undefined}>
        {fieldState.error?.message ?? ' '}
      </FormHelperText>
      <FormTextField
        control={control}
        name="password"
        label={T.password}
        type="password"
        required
        fullWidth
        disabled={busy}
        slotProps={{ htmlInput: { autoComplete: 'off' } }}
      />
    </WriteFormDialog>
  );
}
