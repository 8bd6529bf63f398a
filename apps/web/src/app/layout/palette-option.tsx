import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PALETTE_TEXTS } from './command-palette-texts';
import type { PaletteItem } from './use-palette-search';

/** One option of the palette's list: its kind, its title and subtitle; a record no page opens says so. */
export function PaletteOption({
  item,
  optionId,
  selected,
  onActivate,
  onChoose,
}: {
  item: PaletteItem;
  optionId: string;
  selected: boolean;
  onActivate: () => void;
  onChoose: () => void;
}) {
  return (
    <Box
      component="li"
      id={optionId}
      role="option"
      aria-selected={selected}
      aria-disabled={item.link ? undefined : true}
      onMouseMove={onActivate}
      onClick={onChoose}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        px: 1.5,
        py: 1,
        borderRadius: 1.5,
        cursor: item.link ? 'pointer' : 'default',
        pl: item.kind === 'action' ? 4 : 1.5,
        bgcolor: selected ? 'action.selected' : 'transparent',
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
  );
}
