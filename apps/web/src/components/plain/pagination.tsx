import { Icon } from './icon';
import './plain-controls.css';

/** One place of the pagination's row, as MUI's usePagination lists them. */
export type PaginationItem =
  | { type: 'previous'; page: number; disabled: boolean }
  | { type: 'next'; page: number; disabled: boolean }
  | { type: 'page'; page: number; selected: boolean }
  | { type: 'start-ellipsis' }
  | { type: 'end-ellipsis' };

const range = (start: number, end: number) => Array.from({ length: Math.max(0, end - start + 1) }, (_, i) => start + i);

/**
 * The row of a pagination of `count` pages at `page` (1-based), worked out as MUI's usePagination does:
 * previous, the first `boundaryCount` pages, `siblingCount` pages each side of the current one, the last
 * `boundaryCount` pages, an ellipsis for each gap of more than one page (a gap of one shows that page), next.
 */
export function paginationItems(count: number, page: number, boundaryCount = 1, siblingCount = 1): PaginationItem[] {
  const startPages = range(1, Math.min(boundaryCount, count));
  const endPages = range(Math.max(count - boundaryCount + 1, boundaryCount + 1), count);
  const siblingsStart = Math.max(
    Math.min(page - siblingCount, count - boundaryCount - siblingCount * 2 - 1),
    boundaryCount + 2,
  );
  const siblingsEnd = Math.min(
    Math.max(page + siblingCount, boundaryCount + siblingCount * 2 + 2),
    count - boundaryCount - 1,
  );
  const list: Array<number | 'start-ellipsis' | 'end-ellipsis'> = [
    ...startPages,
    ...(siblingsStart > boundaryCount + 2
      ? (['start-ellipsis'] as const)
      : boundaryCount + 1 < count - boundaryCount
        ? [boundaryCount + 1]
        : []),
    ...range(siblingsStart, siblingsEnd),
    ...(siblingsEnd < count - boundaryCount - 1
      ? (['end-ellipsis'] as const)
      : count - boundaryCount > boundaryCount
        ? [count - boundaryCount]
        : []),
    ...endPages,
  ];
  return [
    { type: 'previous', page: page - 1, disabled: page <= 1 },
    ...list.map(
      (item): PaginationItem =>
        typeof item === 'number' ? { type: 'page', page: item, selected: item === page } : { type: item },
    ),
    { type: 'next', page: page + 1, disabled: page >= count },
  ];
}

/** The buttons' names, as MUI's Portuguese locale (ptBR's MuiPagination getItemAriaLabel) says them. */
export function paginationItemLabel(type: 'previous' | 'next' | 'page', page: number, selected = false): string {
  if (type === 'page') return `${selected ? '' : 'Ir para a '}página ${page}`;
  if (type === 'next') return 'Ir para a próxima página';
  return 'Ir para a página anterior';
}

/**
 * Page buttons: MUI's Pagination (text, circular, standard colour, `size`) drawn with plain elements and
 * plain-controls.css (decision 0028): a navigation landmark named `label`, previous and next arrows, the page
 * numbers with ellipses as MUI places them, the current one marked aria-current="page". `page` is 1-based;
 * `onChange` gets the page clicked (the current one included, as MUI's).
 */
export function Pagination({
  count,
  page,
  onChange,
  label,
  size = 'medium',
  className,
}: {
  count: number;
  page: number;
  onChange: (page: number) => void;
  label: string;
  size?: 'medium' | 'large';
  className?: string;
}) {
  const items = paginationItems(count, page);
  return (
    <nav
      aria-label={label}
      className={`pl-pagination${size === 'large' ? ' pl-pagination-large' : ''}${className ? ` ${className}` : ''}`}
    >
      <ul className="pl-pagination-list">
        {items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: MUI keys its items by place too; the row is redrawn whole
          <li key={index}>
            {item.type === 'start-ellipsis' || item.type === 'end-ellipsis' ? (
              <div className="pl-pagination-item">…</div>
            ) : item.type === 'page' ? (
              <button
                type="button"
                className="pl-pagination-item pl-pagination-button"
                aria-label={paginationItemLabel('page', item.page, item.selected)}
                aria-current={item.selected ? 'page' : undefined}
                onClick={() => onChange(item.page)}
              >
                {item.page}
              </button>
            ) : (
              <button
                type="button"
                className="pl-pagination-item pl-pagination-button"
                aria-label={paginationItemLabel(item.type, item.page)}
                disabled={item.disabled}
                onClick={() => onChange(item.page)}
              >
                <Icon
                  name={item.type === 'previous' ? 'navigateBefore' : 'navigateNext'}
                  className="pl-pagination-icon"
                />
              </button>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
