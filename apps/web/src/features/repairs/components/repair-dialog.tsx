import {
  FINAL_REPAIR_STATUSES,
  PERMISSIONS,
  REPAIR_ACTION_LABELS,
  REPAIR_TEXTS,
  REPAIRS_MANAGE_ACCESS,
  type Repair,
  type RepairAction,
} from '@backoffice/contract';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useConfirm } from '../../../components/confirm-dialog';
import { DetailsDialog } from '../../../components/details-dialog';
import { DownloadButton } from '../../../components/download-button';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { hasAccess, hasPermission, useSession } from '../../../lib/session';
import { downloadRepairReceipt, useRepair, useRepairMove } from '../api/repairs-api';
import { REPAIR_NFSE_TEXTS as NFSE_T, REPAIRS_TEXTS as T } from '../texts';
import { DevicePasswordReveal } from './device-password-reveal';
import { EditRepairDialog } from './edit-repair-dialog';
import { EstimateDialog } from './estimate-dialog';
import { ASKING_ACTIONS, type AskingAction, MoveDialog } from './move-dialog';
import { RepairNfse } from './repair-nfse';
import { RepairStatusChip } from './repair-status-chip';

/** 'Comprovante (PDF)': the customer's receipt with the status page's QR code, fetched with the token. */
export function ReceiptButton({
  repair,
  variant = 'outlined',
}: {
  repair: Repair;
  variant?: 'outlined' | 'contained';
}) {
  return (
    <DownloadButton
      variant={variant}
      startIcon={<PictureAsPdfOutlinedIcon />}
      download={() => downloadRepairReceipt(repair)}
      failedText={T.receiptFailed}
    >
      {T.receipt}
    </DownloadButton>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section">
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 0.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * The moves this employee may make now (the server's `actions`, from the contract's table), as buttons in
 * Portuguese: the bench's simple moves are confirmed and made; the estimate opens its editor; approving, refusing,
 * returning and delivering open their form.
 */
export function RepairMoves({
  repair,
  onEstimate,
  onAsk,
}: {
  repair: Repair;
  onEstimate: () => void;
  onAsk: (action: AskingAction) => void;
}) {
  const confirm = useConfirm();
  const move = useRepairMove();
  const run = async (action: RepairAction) => {
    const label = REPAIR_ACTION_LABELS[action];
    if (action === 'sendEstimate') return onEstimate();
    if (ASKING_ACTIONS.includes(action)) return onAsk(action as AskingAction);
    if (await confirm(T.confirmMove(label, repair.number), { title: label, confirmText: label, cancelText: T.keep }))
      move.mutate({ repair, action, label });
  };
  if (repair.actions.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {T.noActions}
      </Typography>
    );
  }
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
      {repair.actions.map((action) => (
        <Button
          key={action}
          variant={action === 'refuse' || action === 'returnDevice' ? 'outlined' : 'contained'}
          color={action === 'refuse' || action === 'returnDevice' ? 'error' : 'primary'}
          onClick={() => void run(action)}
          disabled={move.isPending}
        >
          {REPAIR_ACTION_LABELS[action]}
        </Button>
      ))}
    </Stack>
  );
}

/** The estimate as sent: the diagnosis, each part (quantity, price, subtotal), parts, labour and the total. */
function EstimateView({ repair }: { repair: Repair }) {
  const sent = repair.parts.length > 0 || repair.labour > 0;
  return (
    <Stack spacing={1}>
      {repair.diagnosis ? <Typography variant="body2">{`${T.diagnosis}: ${repair.diagnosis}`}</Typography> : null}
      {!sent ? (
        <Typography variant="body2" color="text.secondary">
          {T.noEstimate}
        </Typography>
      ) : (
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: '1fr auto',
            columnGap: 2,
            rowGap: 0.5,
            m: 0,
            '& dd': { m: 0, textAlign: 'right' },
          }}
          data-testid="repair-estimate"
        >
          {repair.parts.map((part) => (
            <Box key={part.productId} sx={{ display: 'contents' }}>
              <dt>
                <Typography variant="body2">{`${part.quantity} × ${part.name} (${formatMoney(part.unitPrice)})`}</Typography>
              </dt>
              <dd>
                <Typography variant="body2">{formatMoney(part.total)}</Typography>
              </dd>
            </Box>
          ))}
          <dt>
            <Typography variant="body2">{T.labour}</Typography>
          </dt>
          <dd>
            <Typography variant="body2">{formatMoney(repair.labour)}</Typography>
          </dd>
          <dt>
            <Typography variant="subtitle2">{T.estimateTotal}</Typography>
          </dt>
          <dd>
            <Typography variant="subtitle2">{formatMoney(repair.total)}</Typography>
          </dd>
        </Box>
      )}
      {repair.underWarranty ? <Alert severity="success">{T.warrantyFree}</Alert> : null}
    </Stack>
  );
}

/**
 * A service order (issue 42 §2): status, customer and device, the arrival (problem, checklist, notes, accessories,
 * photos), the estimate, the moves this employee may make, the bill's order and the warranty, the history; the
 * receipt PDF, 'Corrigir dados' while it is open, the WhatsApp message of its status and the public status page.
 */
export function RepairDialog({ id, onClose }: { id: number; onClose: () => void }) {
  useSession(); // re-render when the session changes
  const canOpenOrders = hasPermission(PERMISSIONS.orders);
  const canReadNotes = canOpenOrders || hasPermission(PERMISSIONS.invoices);
  /** 'Corrigir dados': the counter's ('Assistência técnica'), while the device is with us. */
  const canEdit = hasAccess(REPAIRS_MANAGE_ACCESS);
  const repair = useRepair(id);
  const [estimating, setEstimating] = useState(false);
  const [asking, setAsking] = useState<AskingAction | null>(null);
  const [editing, setEditing] = useState(false);
  const data = repair.data;
  const closed = data ? FINAL_REPAIR_STATUSES.includes(data.status) : false;
  return (
    <DetailsDialog
      titleId="repair-title"
      title={data ? T.detailsTitle(data.number) : T.detailsLoading}
      record={data}
      onClose={onClose}
      closeText={T.close}
      nested={
        data ? (
          <>
            {estimating ? <EstimateDialog repair={data} onClose={() => setEstimating(false)} /> : null}
            {asking ? <MoveDialog repair={data} action={asking} onClose={() => setAsking(null)} /> : null}
            {editing ? <EditRepairDialog repair={data} onClose={() => setEditing(false)} /> : null}
          </>
        ) : null
      }
    >
      {(r) => (
        <>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <RepairStatusChip status={r.status} />
            {r.late ? <Chip size="small" color="error" label={T.lateChip} /> : null}
            {r.underWarranty ? <Chip size="small" color="success" variant="outlined" label={T.warrantyChip} /> : null}
          </Stack>
          <Box>
            <Typography variant="h6" component="p">
              {r.customer.name}
            </Typography>
            <Typography variant="body2">{`${r.model} · ${T.imei} ${r.imei}`}</Typography>
            <Typography variant="body2" color="text.secondary">
              {closed ? T.passwordErased : r.hasDevicePassword ? T.passwordKept : T.passwordNone}
            </Typography>
            {!closed && r.hasDevicePassword ? <DevicePasswordReveal repairId={r.id} /> : null}
            <Typography variant="body2" color={r.late ? 'error' : 'text.secondary'}>
              {`${T.receivedOn(formatDate(r.createdAt))} · ${
                r.late ? T.lateSince(formatDate(r.estimatedDate)) : T.estimatedOn(formatDate(r.estimatedDate))
              }`}
              {r.technician ? ` · ${T.technician}: ${r.technician.name}` : ''}
            </Typography>
          </Box>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <ReceiptButton repair={r} />
            {canEdit && !closed ? (
              <Button variant="outlined" startIcon={<EditOutlinedIcon />} onClick={() => setEditing(true)}>
                {T.edit}
              </Button>
            ) : null}
            {r.whatsAppLink ? (
              <Button
                variant="outlined"
                color="success"
                startIcon={<WhatsAppIcon />}
                href={r.whatsAppLink}
                target="_blank"
                rel="noopener noreferrer"
              >
                {T.whatsApp}
              </Button>
            ) : (
              <Typography variant="body2" color="text.secondary">
                {T.whatsAppNoPhone}
              </Typography>
            )}
            <Button variant="text" href={r.statusUrl} target="_blank" rel="noopener noreferrer">
              {T.statusPage}
            </Button>
          </Stack>
          <Section title={T.actions}>
            <RepairMoves repair={r} onEstimate={() => setEstimating(true)} onAsk={setAsking} />
          </Section>
          <Divider />
          <Section title={T.sectionEstimate}>
            <EstimateView repair={r} />
          </Section>
          <Divider />
          <Section title={T.sectionBill}>
            {r.order ? (
              <Stack spacing={0.5}>
                {canOpenOrders ? (
                  <Link component={RouterLink} to={`/admin/orders?order=${r.order.id}`} variant="body2">
                    {T.billOrder(r.order.code)}
                  </Link>
                ) : (
                  <Typography variant="body2">{T.billOrder(r.order.code)}</Typography>
                )}
                <Typography variant="body2" color="text.secondary">
                  {T.billHint}
                </Typography>
              </Stack>
            ) : (
              <Typography variant="body2" color="text.secondary">
                {r.underWarranty ? T.warrantyFree : T.noBill}
              </Typography>
            )}
          </Section>
          {r.order && r.labour > 0 && !r.underWarranty && canReadNotes ? (
            <>
              <Divider />
              <Section title={NFSE_T.title}>
                <RepairNfse repair={r} canWrite={hasPermission(PERMISSIONS.invoices)} />
              </Section>
            </>
          ) : null}
          <Divider />
          <Section title={T.sectionWarranty}>
            <Stack spacing={0.5}>
              {r.warranty ? (
                <Typography variant="body2">
                  {REPAIR_TEXTS.warrantyCovers(r.warranty.source, formatDate(r.warranty.until))}
                </Typography>
              ) : null}
              <Typography variant="body2">
                {r.repairWarrantyEndsAt
                  ? T.repairWarrantyUntil(formatDate(r.repairWarrantyEndsAt))
                  : T.repairWarrantyStarts}
              </Typography>
            </Stack>
          </Section>
          <Divider />
          <Section title={T.sectionArrival}>
            <Stack spacing={0.5}>
              <Typography variant="body2">{T.problemLine(r.problem)}</Typography>
              {r.checklist.length === 0 ? (
                <Typography variant="body2" color="text.secondary">
                  {T.noChecklist}
                </Typography>
              ) : (
                <Box aria-label={T.checklist} role="group">
                  {r.checklist.some((entry) => entry.ok) ? (
                    <Typography variant="body2">
                      {T.checklistOk(
                        r.checklist
                          .filter((entry) => entry.ok)
                          .map((entry) => entry.item)
                          .join(', '),
                      )}
                    </Typography>
                  ) : null}
                  {r.checklist.some((entry) => !entry.ok) ? (
                    <Typography variant="body2">
                      {T.checklistNotOk(
                        r.checklist
                          .filter((entry) => !entry.ok)
                          .map((entry) => entry.item)
                          .join(', '),
                      )}
                    </Typography>
                  ) : null}
                </Box>
              )}
              {r.conditionNotes ? <Typography variant="body2">{r.conditionNotes}</Typography> : null}
              <Typography variant="body2">{`${T.accessories}: ${r.accessories ?? T.noAccessories}`}</Typography>
              {r.photos.length > 0 ? (
                <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, pt: 0.5 }}>
                  {r.photos.map((url, index) => (
                    <a
                      key={url}
                      href={url}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={T.photoLink(index + 1)}
                    >
                      <img
                        src={url}
                        alt={T.photoAlt(index + 1)}
                        width={64}
                        height={64}
                        style={{ objectFit: 'cover', borderRadius: 6, display: 'block' }}
                      />
                    </a>
                  ))}
                </Stack>
              ) : null}
            </Stack>
          </Section>
          {r.signature ? (
            <>
              <Divider />
              <Section title={T.signature}>
                <img
                  src={r.signature}
                  alt={T.signatureAlt}
                  style={{ maxWidth: 240, width: '100%', border: '1px solid #e2e8f0' }}
                />
              </Section>
            </>
          ) : null}
          <Divider />
          <Section title={T.sectionHistory}>
            <Box component="ol" sx={{ m: 0, pl: 2.5 }} data-testid="repair-history">
              {r.history.map((entry) => (
                <li key={`${entry.status}-${entry.at}`}>
                  <Typography variant="body2">
                    {`${formatDateTime(entry.at)} · ${entry.statusLabel}${T.historyBy(entry.employee)}`}
                    {entry.note ? ` — ${entry.note}` : ''}
                  </Typography>
                </li>
              ))}
            </Box>
          </Section>
        </>
      )}
    </DetailsDialog>
  );
}
