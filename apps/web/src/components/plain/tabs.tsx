import type { KeyboardEvent, ReactNode } from 'react';
import './plain-controls.css';

export interface TabItem<T extends string> {
  value: T;
  label: ReactNode;
}

/**
 * A row of tabs of equal width with the primary indicator under the chosen one: MUI's Tabs variant="fullWidth"
 * drawn with plain elements and plain-controls.css (decision 0028). As MUI's: a click (or Enter, Space) on
 * another tab calls `onChange`; the arrow keys, Home and End move the focus between the tabs (wrapping) without
 * choosing; only the chosen tab (the first one when none is) is in the Tab order.
 */
export function Tabs<T extends string>({
  value,
  tabs,
  onChange,
  label,
  className,
}: {
  /** The chosen tab; none is marked when undefined. */
  value: T | undefined;
  tabs: readonly TabItem<T>[];
  onChange: (value: T) => void;
  /** The tab list's accessible name. */
  label: string;
  className?: string;
}) {
  const index = tabs.findIndex((tab) => tab.value === value);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]'));
    const current = all.indexOf(event.currentTarget.ownerDocument.activeElement as HTMLElement);
    if (current < 0 || all.length === 0) return;
    const last = all.length - 1;
    const next =
      event.key === 'ArrowLeft'
        ? current === 0
          ? last
          : current - 1
        : event.key === 'ArrowRight'
          ? current === last
            ? 0
            : current + 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : undefined;
    if (next === undefined) return;
    event.preventDefault();
    all[next]?.focus();
  };
  return (
    <div className={`pl-tabs${className ? ` ${className}` : ''}`}>
      <div role="tablist" aria-label={label} className="pl-tabs-list" onKeyDown={onKeyDown}>
        {tabs.map((tab, position) => {
          const selected = position === index;
          return (
            <button
              key={tab.value}
              type="button"
              role="tab"
              className="pl-tab"
              aria-selected={selected}
              tabIndex={selected || (index < 0 && position === 0) ? 0 : -1}
              onClick={() => {
                if (!selected) onChange(tab.value);
              }}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {index >= 0 ? (
        <span
          className="pl-tabs-indicator"
          aria-hidden="true"
          style={{ left: `${(index * 100) / tabs.length}%`, width: `${100 / tabs.length}%` }}
        />
      ) : null}
    </div>
  );
}
