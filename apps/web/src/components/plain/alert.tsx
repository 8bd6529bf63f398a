import type { ReactNode } from 'react';
import { Icon } from './icon';
import type { IconName } from './icon-paths';
import './plain-controls.css';

export type AlertSeverity = 'info' | 'warning' | 'error';

/** The icons MUI's Alert draws for each severity. */
const ICONS: Record<AlertSeverity, IconName> = {
  info: 'infoOutlined',
  warning: 'reportProblemOutlined',
  error: 'errorOutline',
};

/**
 * A message in a coloured box: MUI's standard Alert (role="alert", the severity's icon and colours, an action on
 * the right) drawn with plain elements and plain-controls.css (decision 0028).
 */
export function Alert({
  severity,
  action,
  className,
  children,
}: {
  severity: AlertSeverity;
  /** Drawn on the right, e.g. an AlertButton. */
  action?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div role="alert" className={`pl-alert pl-alert-${severity}${className ? ` ${className}` : ''}`}>
      <div className="pl-alert-icon">
        <Icon name={ICONS[severity]} />
      </div>
      <div className="pl-alert-message">{children}</div>
      {action != null ? <div className="pl-alert-action">{action}</div> : null}
    </div>
  );
}

/** An alert's action: MUI's text Button with color="inherit" (the alert's text colour). */
export function AlertButton({
  onClick,
  disabled,
  children,
}: {
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <button type="button" className="pl-text-button pl-alert-button" onClick={onClick} disabled={disabled}>
      {children}
    </button>
  );
}
