import { type Customer, documentType, shownEmail, TRADE_IN_PERMISSIONS } from '@backoffice/contract';
import DownloadOutlinedIcon from '@mui/icons-material/DownloadOutlined';
import PersonOffOutlinedIcon from '@mui/icons-material/PersonOffOutlined';
import PhoneAndroidOutlinedIcon from '@mui/icons-material/PhoneAndroidOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { formatCep, formatDocument, formatMoney, formatPhone } from '../../../lib/format';
import { hasAccess } from '../../../lib/session';
import { CUSTOMERS_TEXTS } from '../texts';
import { CreditSection } from './credit-section';

const T = CUSTOMERS_TEXTS.details;

/** 'N/A' where a value is empty. */
export function orNA(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return T.na;
  const text = String(value).trim();
  return text === '' ? T.na : text;
}

function InfoTable({ title, cells }: { title: string; cells: Array<[string, string]> }) {
  return (
    <Box sx={{ mb: 3 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow sx={{ bgcolor: 'grey.50' }}>
              {cells.map(([label]) => (
                <TableCell key={label} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                  {label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            <TableRow>
              {cells.map(([label, value]) => (
                <TableCell key={label}>{value}</TableCell>
              ))}
            </TableRow>
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}

export interface DetailsDialogProps {
  /** The selected customer, with the fields of GET /administrator/customer/{email} merged in once loaded. */
  customer: Customer | null;
  loading?: boolean;
  onClose: () => void;
  /** LGPD actions, given to administrators only: the data as a file, and anonymisation. */
  privacy?: { onExport: () => void; onAnonymise?: () => void; busy?: boolean };
}

/**
 * 'Detalhes do Cliente': the customer table and the 'Endereço' table, 'N/A' where empty, then 'Crédito' for
 * whoever may read it.
 */
export function DetailsDialog({ customer, loading, onClose, privacy }: DetailsDialogProps) {
  if (!customer) return null;
  const doc = customer.document;
  const address = customer.address;
  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth aria-labelledby="details-title">
      <DialogTitle id="details-title">{T.title}</DialogTitle>
      {loading ? <LinearProgress aria-label="Carregando" /> : null}
      <DialogContent>
        <InfoTable
          title={T.customer}
          cells={[
            [T.name, orNA(customer.name)],
            [T.email, orNA(shownEmail(customer.email))],
            [T.phone, orNA(formatPhone(customer.phone))],
            [T.document, orNA(formatDocument(doc))],
            [T.documentType, doc ? documentType(doc) : T.na],
            [T.stateRegistration, orNA(customer.stateRegistration)],
            [T.level, orNA(customer.levelName)],
            [T.approved, customer.approved ? T.yes : T.no],
            [T.deliverer, orNA(customer.deliverer?.name ?? customer.delivererAssociated)],
          ]}
        />
        <InfoTable
          title={T.address}
          cells={[
            [T.street, orNA(address.street)],
            [T.number, orNA(address.number)],
            [T.complement, orNA(address.complement)],
            [T.neighborhood, orNA(address.neighborhood)],
            [T.zipCode, orNA(formatCep(address.zipCode))],
            [T.state, orNA(address.state)],
            [T.city, orNA(address.city)],
            [T.shippingCost, orNA(formatMoney(address.shippingCost))],
            [T.notes, orNA(customer.notes)],
          ]}
        />
        <CreditSection customer={customer} />
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {privacy ? (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mr: 'auto' }}>
            <Button onClick={privacy.onExport} disabled={privacy.busy} startIcon={<DownloadOutlinedIcon />}>
              {CUSTOMERS_TEXTS.privacy.exportData}
            </Button>
            {privacy.onAnonymise ? (
              <Button
                color="error"
                onClick={privacy.onAnonymise}
                disabled={privacy.busy}
                startIcon={<PersonOffOutlinedIcon />}
                title={CUSTOMERS_TEXTS.privacy.anonymiseExplained}
              >
                {CUSTOMERS_TEXTS.privacy.anonymise}
              </Button>
            ) : null}
          </Box>
        ) : null}
        {hasAccess({ permissions: TRADE_IN_PERMISSIONS }) ? (
          <Button
            component={RouterLink}
            to="/admin/trade-ins"
            state={{ tradeInCustomer: { id: customer.id, name: customer.name, document: customer.document } }}
            startIcon={<PhoneAndroidOutlinedIcon />}
          >
            {T.tradeIn}
          </Button>
        ) : null}
        <Button onClick={onClose} variant="contained">
          {CUSTOMERS_TEXTS.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
