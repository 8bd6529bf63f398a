import CloseIcon from '@mui/icons-material/Close';
import FilterAltOutlinedIcon from '@mui/icons-material/FilterAltOutlined';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FormEvent } from 'react';
import type { OrderFilter } from '../api/orders-api';
import { ORDERS_PAGE_TEXTS as T } from '../texts';

/**
 * The orders' filter (issue 20 §5): the customer's name, a period, 'Filtrar' and 'Limpar'. `draft` is what is
 * typed; the counts and the list follow the filter applied.
 */
export function OrdersFilterForm({
  draft,
  setDraft,
  filterError,
  filtering,
  applyFilter,
  clearFilter,
}: {
  draft: OrderFilter;
  setDraft: (draft: OrderFilter) => void;
  filterError: string | null;
  /** A filter is applied. */
  filtering: boolean;
  applyFilter: (event: FormEvent) => void;
  clearFilter: () => void;
}) {
  return (
    <Box
      component="form"
      role="search"
      aria-label={T.filter.label}
      noValidate
      onSubmit={applyFilter}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1, mb: 2 }}
    >
      <TextField
        size="small"
        label={T.filter.customer}
        value={draft.q ?? ''}
        onChange={(event) => setDraft({ ...draft, q: event.target.value })}
        slotProps={{ htmlInput: { maxLength: 80 } }}
        sx={{ width: { xs: '100%', sm: 380 } }}
      />
      <TextField
        size="small"
        type="date"
        label={T.filter.from}
        value={draft.from ?? ''}
        onChange={(event) => setDraft({ ...draft, from: event.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ width: { xs: 'calc(50% - 4px)', sm: 170 } }}
      />
      <TextField
        size="small"
        type="date"
        label={T.filter.to}
        value={draft.to ?? ''}
        onChange={(event) => setDraft({ ...draft, to: event.target.value })}
        error={filterError !== null}
        helperText={filterError}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ width: { xs: 'calc(50% - 4px)', sm: 170 } }}
      />
      <Button type="submit" variant="contained" startIcon={<FilterAltOutlinedIcon />} sx={{ height: 40 }}>
        {T.filter.apply}
      </Button>
      {filtering ? (
        <Button onClick={clearFilter} sx={{ height: 40 }}>
          {T.filter.clear}
        </Button>
      ) : null}
      {filtering ? (
        <Typography variant="body2" color="text.secondary" sx={{ width: '100%' }}>
          {T.filter.active}
        </Typography>
      ) : null}
    </Box>
  );
}

/** The search by an order's code; the order found is shown alone, its chip clears the search. */
export function CodeSearchForm({
  codeText,
  setCodeText,
  codeError,
  searching,
  searchCode,
  foundCode,
  search,
  clearSearch,
}: {
  codeText: string;
  setCodeText: (text: string) => void;
  codeError: string | null;
  /** The search is under way. */
  searching: boolean;
  /** The code searched, while its order is shown; else null. */
  searchCode: string | null;
  /** The code of the order found, as the server writes it. */
  foundCode: string | undefined;
  search: (event: FormEvent) => Promise<void>;
  clearSearch: () => void;
}) {
  return (
    <Box
      component="form"
      role="search"
      noValidate
      onSubmit={(event) => void search(event)}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1, mb: 2 }}
    >
      <TextField
        size="small"
        label={T.search.label}
        value={codeText}
        onChange={(event) => setCodeText(event.target.value)}
        error={codeError !== null}
        helperText={codeError}
        slotProps={{ htmlInput: { maxLength: 40, autoCapitalize: 'characters' } }}
        sx={{ width: { xs: '100%', sm: 260 } }}
      />
      <Button type="submit" variant="contained" startIcon={<SearchIcon />} disabled={searching} sx={{ height: 40 }}>
        {T.search.button}
      </Button>
      {searchCode !== null ? (
        <Chip
          label={T.search.result(foundCode ?? searchCode)}
          onDelete={clearSearch}
          deleteIcon={<CloseIcon aria-label={T.search.clear} />}
          sx={{ alignSelf: 'center' }}
        />
      ) : null}
    </Box>
  );
}
