import type { OrderSummary } from '@backoffice/contract';
import AssignmentTurnedInOutlinedIcon from '@mui/icons-material/AssignmentTurnedInOutlined';
import CancelOutlinedIcon from '@mui/icons-material/CancelOutlined';
import CreditScoreOutlinedIcon from '@mui/icons-material/CreditScoreOutlined';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import DirectionsBikeOutlinedIcon from '@mui/icons-material/DirectionsBikeOutlined';
import DrawOutlinedIcon from '@mui/icons-material/DrawOutlined';
import EditNoteOutlinedIcon from '@mui/icons-material/EditNoteOutlined';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import HistoryIcon from '@mui/icons-material/History';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';
import ManageHistoryIcon from '@mui/icons-material/ManageHistory';
import PhotoLibraryOutlinedIcon from '@mui/icons-material/PhotoLibraryOutlined';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import TwoWheelerIcon from '@mui/icons-material/TwoWheeler';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import type { useOrderActor } from '../../../components/orders/order-actor';
import { OrderWhatsAppButton } from '../../../components/orders/whatsapp-button';
import { enabledActions, TOOLBAR_ACTIONS, type ToolbarAction } from '../lib/toolbar-actions';
import { ORDERS_PAGE_TEXTS as T } from '../texts';

const ACTION_ICONS: Record<ToolbarAction, ReactNode> = {
  details: <InfoOutlinedIcon fontSize="small" />,
  history: <HistoryIcon fontSize="small" />,
  changes: <ManageHistoryIcon fontSize="small" />,
  pdf: <PictureAsPdfOutlinedIcon fontSize="small" />,
  receipt: <ReceiptLongOutlinedIcon fontSize="small" />,
  packaging: <PhotoLibraryOutlinedIcon fontSize="small" />,
  signature: <DrawOutlinedIcon fontSize="small" />,
  approve: <FactCheckOutlinedIcon fontSize="small" />,
  credit: <CreditScoreOutlinedIcon fontSize="small" />,
  deliverer: <TwoWheelerIcon fontSize="small" />,
  edit: <EditNoteOutlinedIcon fontSize="small" />,
  discount: <LocalOfferOutlinedIcon fontSize="small" />,
  invoice: <DescriptionOutlinedIcon fontSize="small" />,
  withdraw: <DirectionsBikeOutlinedIcon fontSize="small" />,
  finalize: <AssignmentTurnedInOutlinedIcon fontSize="small" />,
  cancel: <CancelOutlinedIcon fontSize="small" />,
};

/**
 * The toolbar of the order selected: every action, those its status and the employee allow enabled, and its
 * WhatsApp button.
 */
export function orderToolbar(
  order: OrderSummary,
  actor: ReturnType<typeof useOrderActor>,
  act: (action: ToolbarAction, order: OrderSummary) => Promise<void>,
) {
  const enabled = enabledActions(order, actor);
  const buttons = TOOLBAR_ACTIONS.map((action) => (
    <Button
      key={action}
      size="small"
      color={action === 'cancel' ? 'error' : 'primary'}
      startIcon={ACTION_ICONS[action]}
      disabled={!enabled.has(action)}
      onClick={() => void act(action, order)}
    >
      {T.actions[action]}
    </Button>
  ));
  return [...buttons, <OrderWhatsAppButton key="whatsapp" orderId={order.orderId} size="small" />];
}
