import AssignmentIndOutlinedIcon from '@mui/icons-material/AssignmentIndOutlined';
import BlockIcon from '@mui/icons-material/Block';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import HistoryIcon from '@mui/icons-material/History';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import LockOpenOutlinedIcon from '@mui/icons-material/LockOpenOutlined';
import ManageHistoryIcon from '@mui/icons-material/ManageHistory';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import TwoWheelerIcon from '@mui/icons-material/TwoWheeler';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import type { CustomerListKind } from '../api/customers-api';
import { CUSTOMERS_TEXTS as T } from '../texts';

export type Action =
  | 'approve'
  | 'history'
  | 'changes'
  | 'details'
  | 'associate'
  | 'block'
  | 'unblock'
  | 'edit'
  | 'remove';

/** The toolbar actions of each list (spec section 2). */
export const ACTIONS: Record<CustomerListKind, Action[]> = {
  awaiting: ['approve', 'details', 'associate', 'block', 'remove', 'changes'],
  active: ['history', 'associate', 'details', 'block', 'edit', 'remove', 'changes'],
  blocked: ['history', 'unblock', 'details', 'edit', 'changes'],
  reproved: ['history', 'approve', 'details', 'block', 'edit', 'changes'],
};

export const ACTION_ICONS: Record<Action, ReactNode> = {
  approve: <TaskAltIcon fontSize="small" />,
  history: <HistoryIcon fontSize="small" />,
  changes: <ManageHistoryIcon fontSize="small" />,
  details: <InfoOutlinedIcon fontSize="small" />,
  associate: <TwoWheelerIcon fontSize="small" />,
  block: <BlockIcon fontSize="small" />,
  unblock: <LockOpenOutlinedIcon fontSize="small" />,
  edit: <EditOutlinedIcon fontSize="small" />,
  remove: <DeleteOutlineIcon fontSize="small" />,
};

export function actionLabel(action: Action, kind: CustomerListKind): string {
  if (action === 'approve') return kind === 'awaiting' ? T.actions.approveOrReprove : T.actions.approve;
  return T.actions[action];
}

/** A list's button in the page's header ('Aguardando aprovação'), with how many customers it holds. */
export function CountButton({ label, count, onClick }: { label: string; count: number; onClick: () => void }) {
  return (
    <Badge badgeContent={count} color="error" max={999} overlap="rectangular">
      <Button variant="outlined" onClick={onClick} startIcon={<AssignmentIndOutlinedIcon />}>
        {label}
      </Button>
    </Badge>
  );
}
