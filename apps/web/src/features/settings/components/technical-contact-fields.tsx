import type { FiscalIssuerInput } from '@backoffice/contract';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Control } from 'react-hook-form';
import { FormTextField } from '../../../components/form/form-text-field';
import { maskCnpj, maskPhone } from '../lib/fiscal-format';
import { FISCAL_ISSUER_TEXTS as T } from '../texts';
import { cell, FormSection, MaskedField } from './fiscal-parts';
import type { IssuerFormValues } from './issuer-form';

/**
 * 'Responsável técnico' (infRespTec, NT 2018.005; issue 55 §2): the software's company CNPJ, a contact, e-mail and
 * phone, and the CSRT a SEFAZ gave (its id; the code never shown: blank keeps the saved one). All blank: none.
 */
export function TechnicalContactFields({
  control,
  busy,
  csrtConfigured,
}: {
  control: Control<IssuerFormValues, unknown, FiscalIssuerInput>;
  busy: boolean;
  /** A CSRT is saved. */
  csrtConfigured: boolean;
}) {
  const common = { control, disabled: busy, fullWidth: true } as const;
  return (
    <>
      <FormSection>{T.sections.technicalContact}</FormSection>
      <Typography variant="body2" color="text.secondary" sx={{ gridColumn: '1 / -1', mb: 1 }}>
        {T.techIntro}
      </Typography>
      <Box sx={cell(3)}>
        <MaskedField {...common} name="technicalContact.cnpj" label={T.techCnpj} mask={maskCnpj} />
      </Box>
      <Box sx={cell(3)}>
        <FormTextField {...common} name="technicalContact.contact" label={T.techContact} />
      </Box>
      <Box sx={cell(3)}>
        <FormTextField {...common} name="technicalContact.email" label={T.techEmail} type="email" />
      </Box>
      <Box sx={cell(3)}>
        <MaskedField {...common} name="technicalContact.phone" label={T.techPhone} mask={maskPhone} type="tel" />
      </Box>
      <Box sx={cell(2)}>
        <FormTextField
          {...common}
          name="technicalContact.csrtId"
          label={T.csrtId}
          helperText={T.csrtIdHint}
          slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
        />
      </Box>
      <Box sx={cell(4)}>
        <FormTextField
          {...common}
          name="technicalContact.csrt"
          label={T.csrt}
          type="password"
          helperText={csrtConfigured ? T.csrtKeep : T.csrtNew}
          slotProps={{ htmlInput: { autoComplete: 'new-password' } }}
        />
      </Box>
    </>
  );
}
