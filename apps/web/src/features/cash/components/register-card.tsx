import type { CashRegister } from '@backoffice/contract';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { STATUS_TONE_COLORS } from '../../../components/orders/order-format';
import { formatWhen } from '../lib/cash-format';
import { CASH_PAGE_TEXTS as T } from '../texts';
import { CashFigures } from './cash-figures';

/** A button whose clickable area covers the whole card (its ripple too), under the card's other buttons. */
const STRETCHED = {
  position: 'static',
  '&::after': { content: '""', position: 'absolute', inset: 0, borderRadius: 'inherit' },
  '&:hover::after': { bgcolor: 'action.hover' },
} as const;

/** What a card's buttons ask the page for. */
export type RegisterAction = 'open' | 'TOP_UP' | 'REMOVAL' | 'close' | 'entries' | 'edit';

/**
 * One register: its name and state ('Aberto por … desde …', 'Fechado'), the open session's figures, and the
 * buttons of who looks: 'Abrir caixa' when it is closed and the caller has no register open; 'Suprimento',
 * 'Sangria', 'Fechar caixa' on the caller's own session; 'Fechar caixa' on another's for a manager. The figures
 * (the whole card, or 'Lançamentos') open the session's entries.
 */
export function RegisterCard({
  register,
  mine,
  mayOpen,
  mayCloseOthers,
  mayEdit = false,
  onAction,
}: {
  register: CashRegister;
  /** The open session is the caller's. */
  mine: boolean;
  /** The caller has no register open. */
  mayOpen: boolean;
  mayCloseOthers: boolean;
  /** The caller administers registers: 'Editar' (name, active). */
  mayEdit?: boolean;
  onAction: (action: RegisterAction, register: CashRegister) => void;
}) {
  const session = register.openSession;
  const titleId = `cash-register-${register.id}`;
  const tone = STATUS_TONE_COLORS[session ? 'done' : 'neutral'];
  const state = session
    ? T.openBy(session.operator.name, formatWhen(session.openedAt))
    : register.lastClosedAt
      ? T.closedSince(formatWhen(register.lastClosedAt))
      : T.neverOpened;
  const header = (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography
          id={titleId}
          variant="subtitle1"
          component="h2"
          sx={{ fontWeight: 600, flex: '1 1 auto', minWidth: 0 }}
        >
          {register.name}
        </Typography>
        {mine ? <Chip size="small" color="primary" variant="outlined" label={T.yours} /> : null}
        <Chip
          size="small"
          label={!register.active ? T.inactive : session ? T.statusOpen : T.statusClosed}
          sx={{ bgcolor: tone.bg, color: tone.fg, fontWeight: 600 }}
        />
        {mayEdit ? (
          <Tooltip title={T.edit(register.name)}>
            <IconButton
              size="small"
              aria-label={T.edit(register.name)}
              onClick={() => onAction('edit', register)}
              sx={{ zIndex: 1, my: -0.5 }}
            >
              <EditOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
        ) : null}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {state}
      </Typography>
    </>
  );
  const act = (action: RegisterAction) => () => onAction(action, register);
  const mayOpenIt = !session && register.active && mayOpen;

  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      sx={{
        position: 'relative',
        display: 'flex',
        flexDirection: 'column',
        borderColor: mine ? 'primary.main' : undefined,
        '& .MuiCardActions-root .MuiButton-root': { zIndex: 1 },
      }}
    >
      <CardContent sx={{ flex: '1 1 auto' }}>
        {header}
        {session ? (
          <Box sx={{ mt: 1.5 }}>
            <CashFigures totals={session.totals} label={T.figures(register.name)} />
          </Box>
        ) : null}
      </CardContent>
      {session || mayOpenIt ? (
        <CardActions sx={{ flexWrap: 'wrap', gap: 1, px: 2, pb: 2, pt: 0, '& > :not(style) ~ :not(style)': { ml: 0 } }}>
          {session ? (
            <>
              {/* The whole card opens the entries: this button's area stretched over it (the other buttons above). */}
              <Button size="small" onClick={act('entries')} sx={STRETCHED}>
                {T.entries}
              </Button>
              <Box sx={{ flex: 1 }} />
              {mine ? (
                <>
                  <Button size="small" variant="outlined" onClick={act('TOP_UP')}>
                    {T.topUp}
                  </Button>
                  <Button size="small" variant="outlined" onClick={act('REMOVAL')}>
                    {T.removal}
                  </Button>
                </>
              ) : null}
              {mine || mayCloseOthers ? (
                <Button size="small" variant="contained" onClick={act('close')}>
                  {T.close}
                </Button>
              ) : null}
            </>
          ) : (
            <Button size="small" variant="contained" onClick={act('open')}>
              {T.open}
            </Button>
          )}
        </CardActions>
      ) : null}
    </Card>
  );
}
