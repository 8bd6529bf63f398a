import { Icon } from '../../../components/plain/icon';
import { beep, unlockSound } from './beep';
import { setSoundOn, useSoundOn } from './live-store';
import { LIVE_TEXTS } from './texts';
import { canFollowOrders } from './use-order-events';

/**
 * The top bar's sound switch for new orders (off by default, remembered in this browser). Turning it on
 * is the click that lets the page play sound, and plays the beep once so the user knows what to expect.
 * A plain icon button (the browser's tooltip says what it does): the top bar loads no MUI (decision 0028).
 */
export function OrderSoundToggle() {
  const on = useSoundOn();
  if (!canFollowOrders()) return null;
  const label = on ? LIVE_TEXTS.soundOff : LIVE_TEXTS.soundOn;
  return (
    <button
      type="button"
      className="pl-icon-button"
      aria-label={label}
      title={label}
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
      <Icon name={on ? 'volumeUp' : 'volumeOff'} />
    </button>
  );
}
