import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import InputAdornment from '@mui/material/InputAdornment';
import InputBase from '@mui/material/InputBase';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { PALETTE_TEXTS } from './command-palette-texts';
import { PaletteOption } from './palette-option';
import { PALETTE_INPUT_ATTRIBUTE, takeTypedKeys } from './palette-shortcut';
import { type PaletteItem, usePaletteSearch } from './use-palette-search';

export { PALETTE_TEXTS } from './command-palette-texts';

/**
 * The command palette (issue 20 §2), opened by the top bar's 'Pesquisar' and Ctrl/⌘+K: the menu pages whose
 * name matches (in the browser) and the records of GET /api/search (orders by code, phones by IMEI,
 * customers, products, employees: what the employee may read). Keyboard only works: ↑/↓ move, Enter opens,
 * Esc closes. Loaded on first use (a lazy chunk of its own).
 */
export default function CommandPalette({
  open,
  onClose,
  pages,
}: {
  open: boolean;
  onClose: () => void;
  pages: ReadonlyArray<{ path: string; label: string }>;
}) {
  const navigate = useNavigate();
  const id = useId();
  const listId = `${id}-list`;
  const [term, setTerm] = useState('');
  const [active, setActive] = useState(0);
  const { items, records, status } = usePaletteSearch(open, term, pages);

  // A new term starts at the first item; a shorter list keeps the active one inside it.
  const current = Math.max(0, Math.min(active, items.length - 1));

  const close = () => {
    setTerm('');
    onClose();
  };
  // The record opens once the palette has closed: a dialog the next screen opens while this modal still
  // hides the page from assistive technology (aria-hidden on its siblings) would stay hidden.
  const pending = useRef<string | null>(null);
  const choose = (item: PaletteItem | undefined) => {
    if (!item?.link) return;
    pending.current = item.link;
    close();
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive(items.length ? (current + 1) % items.length : 0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive(items.length ? (current - 1 + items.length) % items.length : 0);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(items[current]);
    }
  };

  // The active option stays in view as the arrows move through a long list.
  useEffect(() => {
    document.getElementById(`${id}-option-${current}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [current, id]);

  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth="sm"
      aria-labelledby={`${id}-title`}
      slotProps={{
        transition: {
          onExited: () => {
            const link = pending.current;
            pending.current = null;
            if (link) navigate(link);
          },
        },
        paper: {
          sx: {
            alignSelf: 'flex-start',
            mt: { xs: 2, sm: 10 },
            mx: { xs: 1, sm: 4 },
            width: { xs: 'calc(100% - 16px)' },
          },
        },
      }}
    >
      <Typography id={`${id}-title`} component="h2" sx={visuallyHidden}>
        {PALETTE_TEXTS.title}
      </Typography>
      <Box
        sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1, borderBottom: '1px solid', borderColor: 'divider' }}
      >
        <InputBase
          autoFocus
          fullWidth
          value={term}
          // The letters typed between Ctrl+K and this focus (the palette's code still loading) come first.
          onFocus={() => {
            const kept = takeTypedKeys();
            if (kept) {
              setTerm((now) => now + kept);
              setActive(0);
            }
          }}
          onChange={(event) => {
            setTerm(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          placeholder={PALETTE_TEXTS.placeholder}
          startAdornment={
            <InputAdornment position="start">
              <SearchIcon color="action" />
            </InputAdornment>
          }
          endAdornment={records.isFetching ? <CircularProgress size={18} aria-hidden /> : null}
          inputProps={{
            role: 'combobox',
            'aria-label': PALETTE_TEXTS.input,
            'aria-expanded': items.length > 0,
            'aria-controls': listId,
            'aria-autocomplete': 'list',
            'aria-activedescendant': items.length ? `${id}-option-${current}` : undefined,
            autoComplete: 'off',
            spellCheck: false,
            [PALETTE_INPUT_ATTRIBUTE]: 'true',
          }}
          sx={{ fontSize: 16, py: 0.5 }}
        />
      </Box>
      <Box
        component="ul"
        id={listId}
        role="listbox"
        aria-label={PALETTE_TEXTS.results}
        sx={{ listStyle: 'none', m: 0, p: 1, maxHeight: { xs: '60vh', sm: 420 }, overflowY: 'auto' }}
      >
        {items.map((item, index) => (
          <PaletteOption
            key={item.key}
            item={item}
            optionId={`${id}-option-${index}`}
            selected={index === current}
            onActivate={() => setActive(index)}
            onChoose={() => choose(item)}
          />
        ))}
      </Box>
      <Box sx={{ px: 2, py: 1, borderTop: '1px solid', borderColor: 'divider' }}>
        <Typography variant="caption" role="status" sx={{ color: 'text.secondary', display: 'block' }}>
          {status ?? PALETTE_TEXTS.hint}
        </Typography>
      </Box>
    </Dialog>
  );
}
