import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * The payments of a record (a bill's, an instalment's) under a divider and their heading ('Pagamentos'): one item
 * each (`PaymentItem`), or `emptyText` when there are none. `label` names the list for assistive technology.
 */
export function PaymentList({
  title,
  emptyText,
  label,
  children,
}: {
  title: string;
  emptyText: string;
  label?: string;
  /** The PaymentItems; none: `emptyText`. */
  children: ReactNode[];
}) {
  return (
    <>
      <Divider />
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {children.length === 0 ? (
        <Typography color="text.secondary">{emptyText}</Typography>
      ) : (
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={label}>
          {children}
        </Stack>
      )}
    </>
  );
}

/**
 * One payment: its amount in bold, `children` under it (its day, method and who…), then, once it was undone, the
 * amount struck through and `undoneText` (who, when and why) in red; its buttons (`actions`) at the right, or
 * under it on a narrow screen.
 */
export function PaymentItem({
  amount,
  undoneText,
  actions,
  children,
}: {
  /** The amount, formatted. */
  amount: string;
  /** Null: the payment counts. */
  undoneText: string | null;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box
      component="li"
      sx={{ display: 'flex', gap: 1, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
    >
      <div>
        <Typography sx={{ fontWeight: 600, textDecoration: undoneText === null ? 'none' : 'line-through' }}>
          {amount}
        </Typography>
        {children}
        {undoneText === null ? null : (
          <Typography variant="body2" color="error">
            {undoneText}
          </Typography>
        )}
      </div>
      {actions}
    </Box>
  );
}
