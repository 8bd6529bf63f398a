import { FISCAL_PROFILE_ASSIGN_MAX, FISCAL_SETUP_TEXTS, type FiscalProfile } from '@backoffice/contract';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { SubmitButton } from '../../../components/form/submit-button';
import { WriteFormDialog } from '../../../components/form/write-form-dialog';
import { inDialog, useApiMutation } from '../../../components/use-api-mutation';
import { assignProfile, fiscalProfilesQuery, searchable, useProductSearch } from '../api/fiscal-api';
import { FISCAL_PROFILE_TEXTS as T } from '../texts';

/** A product as the picker holds it. */
interface PickedProduct {
  id: number;
  code: string;
  name: string;
}

const labelOf = (product: PickedProduct) => `${product.code} · ${product.name}`;

/**
 * 'Aplicar a produtos' (issue 41 §1): products searched as they are typed (the products list the web reads, GET
 * /products/list) and picked, several at once, then PUT /fiscal/profiles/{id}/products: all take the profile or none.
 */
export function AssignProductsDialog({ profile, onClose }: { profile: FiscalProfile; onClose: () => void }) {
  const [picked, setPicked] = useState<PickedProduct[]>([]);
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const search = useProductSearch(typed);
  const found: PickedProduct[] = searchable(typed)
    ? (search.data ?? []).map((product) => ({ id: product.id, code: product.code, name: product.name }))
    : [];
  const apply = useApiMutation({
    mutationFn: assignProfile,
    success: (answer) => FISCAL_SETUP_TEXTS.profileAssigned(answer.profile.name, answer.assigned),
    failure: T.applyFailed,
    invalidate: [fiscalProfilesQuery.queryKey],
    ...inDialog(onClose, setProblem),
  });
  const busy = apply.isPending;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (picked.length === 0) {
      setMissing(true);
      return;
    }
    apply.mutate({ id: profile.id, productIds: picked.map((product) => product.id) });
  };
  return (
    <WriteFormDialog
      titleId="fiscal-assign-title"
      title={T.applyTitle(profile.name)}
      maxWidth="sm"
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
      closeText={T.cancel}
      problem={problem}
      actions={<SubmitButton busy={busy}>{T.applySubmit}</SubmitButton>}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {T.applyText}
      </Typography>
      <Autocomplete<PickedProduct, true>
        multiple
        value={picked}
        onChange={(_event, products) => {
          setPicked(products.slice(0, FISCAL_PROFILE_ASSIGN_MAX));
          setMissing(false);
        }}
        inputValue={typed}
        onInputChange={(_event, text, reason) => {
          // Picking an option would empty what was typed: the search stays, to pick the next one.
          if (reason === 'input' || reason === 'clear') setTyped(text);
        }}
        options={found}
        filterOptions={(all) => all}
        filterSelectedOptions
        disableCloseOnSelect
        getOptionLabel={labelOf}
        isOptionEqualToValue={(option, value) => option.id === value.id}
        renderOption={(props, option) => (
          <li {...props} key={option.id}>
            {labelOf(option)}
          </li>
        )}
        renderValue={(products, getItemProps) =>
          products.map((product, index) => {
            const { key, ...itemProps } = getItemProps({ index });
            return <Chip key={key} size="small" label={labelOf(product)} {...itemProps} sx={{ maxWidth: '100%' }} />;
          })
        }
        loading={search.isFetching}
        loadingText={T.productSearching}
        noOptionsText={searchable(typed) ? T.productNone : T.productType}
        disabled={busy}
        renderInput={(params) => (
          <TextField
            {...params}
            label={T.productSearch}
            required
            autoFocus
            error={missing}
            helperText={missing ? FISCAL_SETUP_TEXTS.productIdsInvalid : T.productSearchHint}
          />
        )}
      />
    </WriteFormDialog>
  );
}
