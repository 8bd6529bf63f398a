import { ORDER_STAGE_LABELS, ORDER_STAGE_STATUSES, ORDER_STAGES, type OrderStatusCount } from '@backoffice/contract';
import AssignmentTurnedInOutlinedIcon from '@mui/icons-material/AssignmentTurnedInOutlined';
import BoltOutlinedIcon from '@mui/icons-material/BoltOutlined';
import CancelOutlinedIcon from '@mui/icons-material/CancelOutlined';
import ContentPasteOutlinedIcon from '@mui/icons-material/ContentPasteOutlined';
import CreditScoreOutlinedIcon from '@mui/icons-material/CreditScoreOutlined';
import DeliveryDiningOutlinedIcon from '@mui/icons-material/DeliveryDiningOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import ThumbDownOutlinedIcon from '@mui/icons-material/ThumbDownOutlined';
import TwoWheelerIcon from '@mui/icons-material/TwoWheeler';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { ORDERS_PAGE_TEXTS } from '../texts';
import { PixWaitingChip } from './pix-waiting-chip';

const T = ORDERS_PAGE_TEXTS;

const ICONS: Record<number, ReactNode> = {
  1: <Inventory2OutlinedIcon />,
  2: <ContentPasteOutlinedIcon />,
  3: <TwoWheelerIcon />,
  4: <LocalShippingOutlinedIcon />,
  5: <AssignmentTurnedInOutlinedIcon />,
  6: <StorefrontOutlinedIcon />,
  7: <CancelOutlinedIcon />,
  8: <ErrorOutlineIcon />,
  9: <HourglassEmptyIcon />,
  10: <ReceiptLongOutlinedIcon />,
  11: <FactCheckOutlinedIcon />,
  12: <ThumbDownOutlinedIcon />,
  13: <TaskAltIcon />,
  15: <BoltOutlinedIcon />,
  16: <DeliveryDiningOutlinedIcon />,
  17: <CreditScoreOutlinedIcon />,
};

/** The cards shown: statuses with orders (spec: quantity above 0), the selected one first. */
export function visibleCards(counts: readonly OrderStatusCount[], selected: number): OrderStatusCount[] {
  const shown = counts.filter((count) => count.quantity > 0);
  const first = shown.filter((count) => count.key === selected);
  return [...first, ...shown.filter((count) => count.key !== selected)];
}

/**
 * The cards under the stages an owner thinks in (the contract's ORDER_STAGE_STATUSES): stages without a
 * card are left out; inside a stage, the selected card first, then the workflow's order.
 */
export function stageGroups(counts: readonly OrderStatusCount[], selected: number) {
  const byKey = new Map(counts.map((count) => [count.key, count]));
  return ORDER_STAGES.map((stage) => {
    const cards = ORDER_STAGE_STATUSES[stage]
      .map((key) => byKey.get(key))
      .filter((count): count is OrderStatusCount => count !== undefined);
    const shown = visibleCards(cards, selected);
    return { stage, label: ORDER_STAGE_LABELS[stage], cards: shown, total: shown.reduce((n, c) => n + c.quantity, 0) };
  }).filter((group) => group.cards.length > 0);
}

interface Props {
  counts: readonly OrderStatusCount[];
  selected: number;
  onSelect: (status: number) => void;
}

/**
 * The status dashboard: a card per status with orders (icon, label, quantity); the selected one highlighted. A
 * status holding orders whose Pix the bank confirmed and that wait for a click says how many ('1 Pix recebido').
 */
export function StatusCards({ counts, selected, onSelect }: Props) {
  const groups = stageGroups(counts, selected);
  return (
    // On a phone the stages stack, two cards a row; wider, the stages sit side by side (a stage with one card
    // takes one card's width), each wrapping its cards.
    <Box
      component="section"
      aria-label={T.cards}
      sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, flexWrap: 'wrap', columnGap: 3, rowGap: 1.5 }}
    >
      {groups.map((group) => (
        <Box
          key={group.stage}
          component="section"
          aria-labelledby={`stage-${group.stage}`}
          sx={{ flex: { sm: '0 1 auto' }, minWidth: 0, maxWidth: '100%' }}
        >
          <Typography
            id={`stage-${group.stage}`}
            variant="overline"
            component="h2"
            sx={{ display: 'block', lineHeight: 1.6, mb: 0.5, color: 'text.secondary', fontWeight: 700 }}
          >
            {T.stage(group.label, group.total)}
          </Typography>
          <Box
            component="ul"
            sx={{
              listStyle: 'none',
              m: 0,
              p: 0,
              display: { xs: 'grid', sm: 'flex' },
              flexWrap: 'wrap',
              gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
              '& > li': { width: { sm: 176 } },
              gap: { xs: 1, sm: 1.5 },
            }}
          >
            {group.cards.map((card) => (
              <StatusCard key={card.key} card={card} active={card.key === selected} onSelect={onSelect} />
            ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

function StatusCard({
  card,
  active,
  onSelect,
}: {
  card: OrderStatusCount;
  active: boolean;
  onSelect: (status: number) => void;
}) {
  return (
    <li>
      <ButtonBase
        onClick={() => onSelect(card.key)}
        aria-pressed={active}
        focusRipple
        sx={{
          width: '100%',
          height: '100%',
          justifyContent: 'flex-start',
          flexWrap: 'wrap',
          rowGap: 1,
          columnGap: { xs: 1, sm: 1.5 },
          p: { xs: 1, sm: 1.5 },
          borderRadius: 2,
          textAlign: 'left',
          border: 2,
          borderColor: active ? 'primary.main' : 'divider',
          bgcolor: active ? 'primary.main' : 'background.paper',
          color: active ? 'primary.contrastText' : 'text.primary',
          boxShadow: active ? 3 : 0,
          transition: 'background-color 150ms, border-color 150ms',
          '&:hover': { borderColor: 'primary.main' },
          '&.Mui-focusVisible': { outline: '3px solid', outlineColor: 'primary.dark', outlineOffset: 2 },
        }}
      >
        <Box
          aria-hidden
          sx={{
            display: 'flex',
            p: 1,
            borderRadius: '50%',
            bgcolor: active ? 'rgba(255,255,255,0.18)' : 'action.hover',
            color: active ? 'inherit' : 'primary.main',
          }}
        >
          {ICONS[card.key] ?? <TaskAltIcon />}
        </Box>
        {/* The name read is the text shown, e.g. '2.696 Finalizados' (the space keeps the two apart). */}
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography variant="h6" component="span" sx={{ display: 'block', lineHeight: 1.2, fontWeight: 700 }}>
            {card.quantity.toLocaleString('pt-BR')}
          </Typography>{' '}
          <Typography variant="body2" component="span" sx={{ display: 'block', lineHeight: 1.25 }}>
            {card.status}
          </Typography>
        </Box>
        {card.pixWaiting ? (
          <>
            {' '}
            {/* A line of its own, the card's whole width: '2 Pix recebidos' is never cut. */}
            <Box component="span" sx={{ flexBasis: '100%', display: 'flex' }}>
              <PixWaitingChip label={T.pixWaiting.card(card.pixWaiting)} />
            </Box>
          </>
        ) : null}
      </ButtonBase>
    </li>
  );
}
