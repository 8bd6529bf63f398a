import type { SvgIconComponent } from '@mui/icons-material';
import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import AssessmentOutlinedIcon from '@mui/icons-material/AssessmentOutlined';
import AssignmentTurnedInOutlinedIcon from '@mui/icons-material/AssignmentTurnedInOutlined';
import BadgeOutlinedIcon from '@mui/icons-material/BadgeOutlined';
import DashboardOutlinedIcon from '@mui/icons-material/DashboardOutlined';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import PeopleAltOutlinedIcon from '@mui/icons-material/PeopleAltOutlined';
import PointOfSaleOutlinedIcon from '@mui/icons-material/PointOfSaleOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';

/** Sidebar icon of each admin page (by path). */
export const NAV_ICONS: Record<string, SvgIconComponent> = {
  dashboard: DashboardOutlinedIcon,
  customers: PeopleAltOutlinedIcon,
  products: Inventory2OutlinedIcon,
  employees: BadgeOutlinedIcon,
  roles: AdminPanelSettingsOutlinedIcon,
  orders: ReceiptLongOutlinedIcon,
  dispatch: LocalShippingOutlinedIcon,
  tasks: AssignmentTurnedInOutlinedIcon,
  reports: AssessmentOutlinedIcon,
  selling: PointOfSaleOutlinedIcon,
  settings: SettingsOutlinedIcon,
};
