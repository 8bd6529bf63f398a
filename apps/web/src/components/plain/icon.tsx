import { ICON_PATHS, type IconName } from './icon-paths';
import './plain.css';

/**
 * A Material icon drawn as a bare SVG (decision 0028): 24 px, or 20 px `small`, in the text's colour, hidden
 * from assistive technology like MUI's SvgIcon (the control around it carries the name).
 */
export function Icon({ name, small = false, className }: { name: IconName; small?: boolean; className?: string }) {
  return (
    <svg
      className={`pl-icon${small ? ' pl-icon-small' : ''}${className ? ` ${className}` : ''}`}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      <path d={ICON_PATHS[name]} />
    </svg>
  );
}
