import { REPAIR_ACTION_LABELS, type Repair } from '@backoffice/contract';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { FormMoneyField } from '../../../components/form/form-money-field';
import { FormTextField } from '../../../components/form/form-text-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { WriteFormDialog } from '../../../components/form/write-form-dialog';
import { formatMoney } from '../../../lib/format';
import { usePartOptions, useRepairMove } from '../api/repairs-api';
import { addPart, type EstimateDraft, estimateBodyOf, estimateProblem, estimateTotals } from '../lib/estimate';
import { REPAIRS_TEXTS as T } from '../texts';

type PartOption = { id: number; code: string; name: string; sellPrice: number; stock: number };

/** The part search: products (not phones) by name or code, each with its price and stock; a choice adds it. */
function PartSearch({ onPick, disabled }: { onPick: (product: PartOption) => void; disabled: boolean }) {
  const [typed, setTyped] = useState('');
  const options = usePartOptions(typed);
  return (
    <Autocomplete<PartOption>
      options={options.data ?? []}
      value={null}
      inputValue={typed}
      onInputChange={(_event, text, reason) => {
        if (reason !== 'reset') setTyped(text);
      }}
      onChange={(_event, product) => {
        if (product) {
          onPick(product);
          setTyped('');
        }
      }}
      filterOptions={(all) => all}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      loading={options.isFetching}
      noOptionsText={typed.trim() ? T.partSearchNone : T.partSearchEmpty}
      disabled={disabled}
      renderOption={(props, option) => (
        <li {...props} key={option.id}>
          <Box>
            <Typography variant="body2">{option.name}</Typography>
            <Typography variant="caption" color="text.secondary">
              {`${option.code} · ${formatMoney(option.sellPrice)} · ${T.partStock(option.stock)}`}
            </Typography>
          </Box>
        </li>
      )}
      renderInput={(params) => <TextField {...params} label={T.partSearch} helperText={T.partSearchHelp} />}
    />
  );
}

/**
 * 'Enviar orçamento' (the bench, issue 42 §2): the diagnosis, the parts from stock (searched by name or code, each at
 * its list price until another is typed, its quantity) and the labour in R$; the sums as typed (each line, parts,
 * labour, total). Under a warranty the customer pays nothing: said above the fields.
 */
export function EstimateDialog({ repair, onClose }: { repair: Repair; onClose: () => void }) {
  const [problem, setProblem] = useState<string | null>(null);
  const { control, handleSubmit } = useForm<EstimateDraft>({
    defaultValues: {
      diagnosis: repair.diagnosis ?? '',
      parts: repair.parts.map((part) => ({
        productId: part.productId,
        code: part.code,
        name: part.name,
        quantity: part.quantity,
        unitPrice: part.unitPrice,
      })),
      labour: repair.labour > 0 ? repair.labour : null,
    },
  });
  const parts = useFieldArray({ control, name: 'parts', keyName: 'key' });
  const watched = useWatch({ control, name: ['parts', 'labour'] });
  const draft = { parts: watched[0] ?? [], labour: watched[1] ?? null };
  const totals = estimateTotals(draft);
  const move = useRepairMove({ closeDialog: onClose, onError: setProblem });
  const busy = move.isPending;
  const label = REPAIR_ACTION_LABELS.sendEstimate;
  const submit = handleSubmit((values) => {
    const wrong = estimateProblem(values);
    if (wrong) return setProblem(wrong);
    setProblem(null);
    move.mutate({ repair, action: 'sendEstimate', body: estimateBodyOf(values), label });
  });
  return (
    <WriteFormDialog
      titleId="estimate-title"
      title={T.estimateTitle(repair.number)}
      maxWidth="md"
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
      closeText={T.close}
      actions={<SubmitButton busy={busy}>{T.estimateSend}</SubmitButton>}
      problem={problem}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {repair.underWarranty ? <Alert severity="info">{T.estimateUnderWarranty}</Alert> : null}
        <Typography variant="body2" color="text.secondary">
          {`${repair.model} · ${T.problemLine(repair.problem)}`}
        </Typography>
        <FormTextField
          control={control}
          name="diagnosis"
          label={T.estimateDiagnosis}
          multiline
          minRows={2}
          fullWidth
          disabled={busy}
          helperText={null}
        />
        <PartSearch
          disabled={busy}
          onPick={(product) => {
            const next = addPart(draft.parts, product);
            parts.replace(next);
          }}
        />
        {parts.fields.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {T.noParts}
          </Typography>
        ) : (
          <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={T.partsTotal}>
            {parts.fields.map((part, index) => (
              <Box
                component="li"
                key={part.key}
                sx={{
                  display: 'grid',
                  gap: 1,
                  alignItems: 'center',
                  gridTemplateColumns: { xs: '1fr 72px 40px', sm: '1fr 84px 150px 120px 40px' },
                }}
              >
                <Box sx={{ minWidth: 0, gridColumn: { xs: '1 / -1', sm: 'auto' } }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {part.name}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {part.code}
                  </Typography>
                </Box>
                <Controller
                  control={control}
                  name={`parts.${index}.quantity`}
                  render={({ field }) => (
                    <TextField
                      size="small"
                      label={T.quantity}
                      name={field.name}
                      inputRef={field.ref}
                      value={field.value ? String(field.value) : ''}
                      onChange={(event) => {
                        const digits = event.target.value.replace(/\D/g, '').slice(0, 2);
                        field.onChange(digits ? Number(digits) : 0);
                      }}
                      onBlur={field.onBlur}
                      disabled={busy}
                      slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-label': T.partQuantity(part.name) } }}
                      sx={{ gridRow: { xs: 2, sm: 'auto' } }}
                    />
                  )}
                />
                <Box sx={{ gridRow: { xs: 2, sm: 'auto' } }}>
                  <FormMoneyField
                    control={control}
                    name={`parts.${index}.unitPrice`}
                    label={T.unitPrice}
                    valueAs="number"
                    size="small"
                    helperText={null}
                    disabled={busy}
                    slotProps={{ htmlInput: { 'aria-label': T.partPrice(part.name) } }}
                  />
                </Box>
                <Typography
                  variant="body2"
                  sx={{ textAlign: 'right', display: { xs: 'none', sm: 'block' } }}
                  data-testid="estimate-line-total"
                >
                  {formatMoney(totals.lines[index] ?? 0)}
                </Typography>
                <IconButton
                  aria-label={T.removePart(part.name)}
                  onClick={() => parts.remove(index)}
                  disabled={busy}
                  sx={{ gridRow: { xs: 2, sm: 'auto' } }}
                >
                  <DeleteOutlineIcon />
                </IconButton>
              </Box>
            ))}
          </Stack>
        )}
        <Box sx={{ maxWidth: { sm: 260 } }}>
          <FormMoneyField
            control={control}
            name="labour"
            label={T.labourField}
            valueAs="number"
            fullWidth
            disabled={busy}
            helperText={null}
          />
        </Box>
        <Box
          sx={{ display: 'grid', gridTemplateColumns: 'auto auto', justifyContent: 'end', columnGap: 3 }}
          data-testid="estimate-totals"
        >
          <Typography variant="body2">{T.partsTotal}</Typography>
          <Typography variant="body2" sx={{ textAlign: 'right' }}>
            {formatMoney(totals.parts)}
          </Typography>
          <Typography variant="body2">{T.labour}</Typography>
          <Typography variant="body2" sx={{ textAlign: 'right' }}>
            {formatMoney(totals.labour)}
          </Typography>
          <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
            {T.estimateTotal}
          </Typography>
          <Typography variant="subtitle1" sx={{ fontWeight: 700, textAlign: 'right' }}>
            {repair.underWarranty ? formatMoney(0) : formatMoney(totals.total)}
          </Typography>
        </Box>
      </Stack>
    </WriteFormDialog>
  );
}
