import type { FiscalIssuer, FiscalIssuerInput } from '@backoffice/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { SubmitButton } from '../../../components/form/submit-button';
import { WriteFormDialog } from '../../../components/form/write-form-dialog';
import { inDialog, useApiMutation } from '../../../components/use-api-mutation';
import { fiscalIssuerQuery, refusalMessages, saveIssuer } from '../api/fiscal-api';
import { FISCAL_ISSUER_TEXTS as T } from '../texts';
import { AddressFields, CompanyFields, CscFields, SefazFields, TransportFields } from './issuer-fields';
import { type IssuerFormValues, initialValues, issuerFormSchema } from './issuer-form';
import { TechnicalContactFields } from './technical-contact-fields';

export type { IssuerFormValues } from './issuer-form';

/**
 * 'Dados do emitente' (issue 41 §1): the issuer whole, as PUT /fiscal/issuer takes it, checked as typed by the
 * contract's schema. A never-saved issuer starts from the suggestion (the company's CNPJ and name). The CSC token is
 * never shown: blank keeps it, 'Remover CSC' removes it. 'Envio das notas': straight to the SEFAZ or through Nuvem
 * Fiscal (its environment, client ID and secret: blank keeps the saved one), and whether the note is emitted by
 * itself when the order is handed over. A refusal is said inside the dialog, which stays open.
 */
export function IssuerDialog({ issuer, onClose }: { issuer: FiscalIssuer; onClose: () => void }) {
  const [problem, setProblem] = useState<string | null>(null);
  const schema = useMemo(() => issuerFormSchema(issuer), [issuer]);
  const { control, handleSubmit, setValue, getFieldState, trigger } = useForm<
    IssuerFormValues,
    unknown,
    FiscalIssuerInput
  >({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: initialValues(issuer),
  });
  const save = useApiMutation({
    mutationFn: saveIssuer,
    success: T.saved,
    failure: T.saveFailed,
    message: refusalMessages,
    update: (client, data) => client.setQueryData(fiscalIssuerQuery.queryKey, data),
    ...inDialog(onClose, setProblem),
  });
  const busy = save.isPending;
  const ie = useWatch({ control, name: 'ie' });
  const uf = useWatch({ control, name: 'address.uf' });
  const cityCode = useWatch({ control, name: 'address.cityCode' });
  const removeCsc = useWatch({ control, name: 'removeCsc' });
  const transport = useWatch({ control, name: 'transport' });
  const exempt = ie.trim().toUpperCase() === 'ISENTO';
  return (
    <WriteFormDialog
      titleId="fiscal-issuer-dialog-title"
      title={T.dialogTitle}
      maxWidth="md"
      busy={busy}
      onClose={onClose}
      onSubmit={handleSubmit((body) => save.mutate(body))}
      closeText={T.cancel}
      problem={problem}
      actions={<SubmitButton busy={busy}>{T.save}</SubmitButton>}
    >
      <Box
        sx={{
          display: 'grid',
          columnGap: 2,
          rowGap: 1.5,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(6, minmax(0, 1fr))' },
        }}
      >
        <CompanyFields
          control={control}
          busy={busy}
          issuer={issuer}
          exempt={exempt}
          setValue={setValue}
          getFieldState={getFieldState}
          trigger={trigger}
        />
        <AddressFields control={control} busy={busy} uf={uf} cityCode={cityCode} setValue={setValue} />
        <SefazFields control={control} busy={busy} />
        <CscFields
          control={control}
          busy={busy}
          removeCsc={removeCsc}
          cscConfigured={issuer.cscConfigured}
          setValue={setValue}
        />
        <TechnicalContactFields
          control={control}
          busy={busy}
          csrtConfigured={!!issuer.technicalContact?.csrtConfigured}
        />
        <TransportFields
          control={control}
          busy={busy}
          transport={transport}
          secretConfigured={issuer.provider.secretConfigured}
        />
      </Box>
    </WriteFormDialog>
  );
}
