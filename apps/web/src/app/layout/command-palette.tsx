import { normalizeSearch, SEARCH_LIMITS, type SearchKind, type SearchResult } from '@backoffice/contract';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import InputAdornment from '@mui/material/InputAdornment';
import InputBase from '@mui/material/InputBase';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { api, firstError } from '../../lib/api-client';
import { PALETTE_INPUT_ATTRIBUTE, takeTypedKeys } from './palette-shortcut';

export const PALETTE_TEXTS = {
  title: 'Pesquisar',
  input: 'Pesquisar pedidos, clientes, produtos, IMEI, funcionários e páginas',
  placeholder: 'Código do pedido, cliente, CPF, telefone, produto, IMEI…',
  results: 'Resultados',
  empty: 'Nada encontrado.',
  typeMore: `Digite ao menos ${SEARCH_LIMITS.minLength} caracteres para pesquisar registros.`,
  loading: 'Pesquisando…',
  failed: 'Não foi possível pesquisar.',
  hint: '↑↓ para escolher · Enter para abrir · Esc para fechar',
  kinds: {
    page: 'Página',
    order: 'Pedido',
    unit: 'Aparelho',
    customer: 'Cliente',
    product: 'Produto',
    employee: 'Funcionário',
    action: 'Ação',
  } satisfies Record<SearchKind | 'page' | 'action', string>,
  /** A result no page of the employee's opens (a phone in stock, to the desk): said instead of opening it. */
  noPage: 'Só para consulta: nenhuma das suas telas abre este registro.',
} as const;

interface PaletteItem {
  kind: SearchKind | 'page' | 'action';
  key: string;
  title: string;
  subtitle: string;
  /** null: nothing of the employee's opens it (shown for what it says). */
  link: string | null;
}

/** How long typing pauses before the server is asked. */
const DEBOUNCE_MS = 200;

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

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
  const wanted = normalizeSearch(term);
  const debounced = useDebounced(term.trim(), DEBOUNCE_MS);
  const searching = normalizeSearch(debounced).length >= SEARCH_LIMITS.minLength;

  const records = useQuery<SearchResult[]>({
    queryKey: ['search', debounced],
    queryFn: ({ signal }) =>
      api<{ data: SearchResult[] }>('/search', { query: { q: debounced, limit: 12 }, signal }).then((r) => r.data),
    enabled: open && searching,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

  const items = useMemo<PaletteItem[]>(() => {
    const pageItems: PaletteItem[] = pages
      .filter((page) => !wanted || normalizeSearch(page.label).includes(wanted))
      .map((page) => ({
        kind: 'page',
        key: `page-${page.path}`,
        title: page.label,
        subtitle: '',
        link: `/admin/${page.path}`,
      }));
    // A record's action (a sold phone's 'Registrar troca') is an option of its own, right under it.
    const found: PaletteItem[] =
      searching && records.data
        ? records.data.flatMap((r) => [
            { kind: r.kind, key: `${r.kind}-${r.id}`, title: r.title, subtitle: r.subtitle, link: r.link },
            ...(r.action
              ? [
                  {
                    kind: 'action' as const,
                    key: `${r.kind}-${r.id}-action`,
                    title: r.action.label,
                    subtitle: r.title,
                    link: r.action.link,
                  },
                ]
              : []),
          ])
        : [];
    // The records first: a term that names a record is what was looked for; pages fill in after.
    return wanted ? [...found, ...pageItems] : pageItems;
  }, [pages, wanted, searching, records.data]);

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

  const status = !wanted
    ? null
    : normalizeSearch(term).length < SEARCH_LIMITS.minLength
      ? PALETTE_TEXTS.typeMore
      : records.isError
        ? firstError(records.error, PALETTE_TEXTS.failed)
        : records.isFetching && !records.data
          ? PALETTE_TEXTS.loading
          : items.length === 0 && !records.isFetching
            ? PALETTE_TEXTS.empty
            : null;

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
          <Box
            component="li"
            key={item.key}
            id={`${id}-option-${index}`}
            role="option"
            aria-selected={index === current}
            aria-disabled={item.link ? undefined : true}
            onMouseMove={() => setActive(index)}
            onClick={() => choose(item)}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1.5,
              px: 1.5,
              py: 1,
              borderRadius: 1.5,
              cursor: item.link ? 'pointer' : 'default',
              pl: item.kind === 'action' ? 4 : 1.5,
              bgcolor: index === current ? 'action.selected' : 'transparent',
            }}
          >
            <Typography
              component="span"
              variant="caption"
              sx={{ width: 84, flexShrink: 0, color: 'text.secondary', fontWeight: 600 }}
            >
              {PALETTE_TEXTS.kinds[item.kind]}
            </Typography>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
                {item.title}
              </Typography>
              {item.subtitle ? (
                <Typography
                  variant="caption"
                  component="div"
                  // On a phone the subtitle wraps (a phone's status and order would be cut off).
                  sx={{
                    color: 'text.secondary',
                    whiteSpace: { xs: 'normal', sm: 'nowrap' },
                    overflow: 'hidden',
                    textOverflow: 'ellipsis',
                  }}
                >
                  {item.subtitle}
                </Typography>
              ) : null}
              {item.link ? null : (
                <Typography variant="caption" component="div" sx={{ color: 'text.secondary', fontStyle: 'italic' }}>
                  {PALETTE_TEXTS.noPage}
                </Typography>
              )}
            </Box>
          </Box>
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
