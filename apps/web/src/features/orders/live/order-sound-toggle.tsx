import VolumeOffOutlinedIcon from '@mui/icons-material/VolumeOffOutlined';
import VolumeUpOutlinedIcon from '@mui/icons-material/VolumeUpOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { beep, unlockSound } from './beep';
import { setSoundOn, useSoundOn } from './live-store';
import { LIVE_TEXTS } from './texts';
import { canFollowOrders } from './use-order-events';

/**
 * The top bar's sound switch for new orders (off by default, remembered in this browser). Turning it on
 * is the click that lets the page play sound, and plays the beep once so the user knows what to expect.
 */
export function OrderSoundToggle() {
  const on = useSoundOn();
  if (!canFollowOrders()) return null;
  const label = on ? LIVE_TEXTS.soundOff : LIVE_TEXTS.soundOn;
  return (
    <Tooltip title={label}>
      <IconButton
        aria-label={label}
        onClick={() => {
          if (on) {
            setSoundOn(false);
            return;
          }
          unlockSound();
          setSoundOn(true);
          beep();
        }}
      >
        {on ? <VolumeUpOutlinedIcon /> : <VolumeOffOutlinedIcon />}
      </IconButton>
    </Tooltip>
  );
}
