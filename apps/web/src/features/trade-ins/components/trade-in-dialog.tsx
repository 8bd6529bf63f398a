import {
  BODY_CONDITION_LABELS,
  SCREEN_CONDITION_LABELS,
  TRADE_IN_RELEASE_PERMISSIONS,
  TRADE_IN_SETTLEMENT_LABELS,
  type TradeIn,
  tradeInCancelBodySchema,
  UNIT_STATUS_LABELS,
  type UnitStatus,
} from '@backoffice/contract';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { DetailsDialog } from '../../../components/details-dialog';
import { SubmitButton } from '../../../components/form/submit-button';
import { OrderPaymentsSection } from '../../../components/orders/order-payments';
import { ReasonDialog } from '../../../components/reason-dialog';
import { formatDate, formatDateTime, formatDocument, formatMoney } from '../../../lib/format';
import { hasAccess, useSession } from '../../../lib/session';
import { useCancel, useRelease, useTradeIn } from '../api/trade-ins-api';
import { TRADE_INS_TEXTS as T } from '../texts';
import { AcceptDialog } from './accept-dialog';
import { CheckStep } from './check-step';
import { EvaluationLines } from './evaluation-lines';
import { SignStep } from './sign-step';
import { StepBox } from './step-box';
import { TradeInStatusChip } from './trade-in-status-chip';
import { ValueDialog } from './value-dialog';

const unitLabel = (status: string) => UNIT_STATUS_LABELS[status as UnitStatus] ?? status;
const works = (ok: boolean) => (ok ? T.works : T.broken);

/** The phone, its seller and its condition, as evaluated. */
function Summary({ tradeIn }: { tradeIn: TradeIn }) {
  const c = tradeIn.checklist;
  const condition = [
    `${T.screen}: ${SCREEN_CONDITION_LABELS[c.screen]}`,
    `${T.body}: ${BODY_CONDITION_LABELS[c.body]}`,
    `${T.batteryShort}: ${T.batteryLine(c.batteryHealth)}`,
    `${T.biometricsShort}: ${works(c.biometrics)}`,
    `${T.cameraShort}: ${works(c.camera)}`,
    `${T.chargingShort}: ${works(c.charging)}`,
    `${T.accountShort}: ${c.accountRemoved ? T.yes : T.no}`,
  ];
  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 1 }}>
        <TradeInStatusChip status={tradeIn.status} />
        <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
          {tradeIn.phone}
          {tradeIn.colour ? ` · ${tradeIn.colour}` : ''}
        </Typography>
      </Stack>
      <Typography variant="body2">
        {T.imeis}: {[tradeIn.imei, tradeIn.imei2].filter(Boolean).join(' · ')}
      </Typography>
      <Typography variant="body2">{T.sellerLine(tradeIn.sellerName, formatDocument(tradeIn.sellerCpf))}</Typography>
      {tradeIn.customer ? <Typography variant="body2">{T.customerLine(tradeIn.customer.name)}</Typography> : null}
      <Typography variant="body2" color="text.secondary">
        {T.createdLine(formatDateTime(tradeIn.createdAt))}
      </Typography>
      <Typography variant="body2" sx={{ mt: 1 }}>
        {T.checklist}: {condition.join(' · ')}
      </Typography>
      {tradeIn.photos.length ? (
        <Box
          aria-label={T.photos}
          role="list"
          sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(72px, 1fr))', mt: 1 }}
        >
          {tradeIn.photos.map((url, index) => (
            <Link key={url} href={url} target="_blank" rel="noopener" role="listitem">
              <Box
                component="img"
                src={url}
                alt={T.photo(index + 1)}
                sx={{ width: '100%', aspectRatio: '1', objectFit: 'cover', borderRadius: 1, display: 'block' }}
              />
            </Link>
          ))}
        </Box>
      ) : null}
    </Box>
  );
}

/** The IMEI is already a phone of ours (sold by us, under warranty, taken in before). */
function KnownUnit({ unit }: { unit: NonNullable<TradeIn['knownUnit']> }) {
  return (
    <Alert severity="warning" data-testid="trade-in-known-unit">
      {T.knownUnit(`${unit.product.code} · ${unit.product.name}`, unit.status)}
      {unit.order ? ` ${T.knownUnitOrder(unit.order.code)}` : ''}
      {unit.warrantyEndsAt ? ` ${T.knownUnitWarranty(formatDate(unit.warrantyEndsAt))}` : ''}
    </Alert>
  );
}

/** The offer worked out and the value agreed, with 'Alterar valor' while it is open. */
function Evaluation({ tradeIn, onChange }: { tradeIn: TradeIn; onChange: (() => void) | null }) {
  return (
    <StepBox title={T.evaluationSection}>
      <EvaluationLines evaluation={tradeIn.evaluation} label={T.evaluationSection} />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="body1" sx={{ fontWeight: 700 }} data-testid="trade-in-value">
          {tradeIn.value === null ? T.noValue : T.valueLine(formatMoney(tradeIn.value))}
        </Typography>
        {tradeIn.value !== null && tradeIn.valueSetBy ? (
          <Typography variant="body2" color="text.secondary">
            ({T.valueSetBy(tradeIn.valueSetBy)})
          </Typography>
        ) : null}
        {onChange ? (
          <Button size="small" onClick={onChange}>
            {T.changeValue}
          </Button>
        ) : null}
      </Stack>
    </StepBox>
  );
}

/** What became of an accepted phone: how the seller was paid, the product, its unit, and the order's payments. */
function Accepted({ tradeIn }: { tradeIn: TradeIn }) {
  useSession(); // re-render when the session changes
  const canRelease = hasAccess({ permissions: [...TRADE_IN_RELEASE_PERMISSIONS] });
  const release = useRelease(tradeIn.id);
  return (
    <StepBox title={T.acceptTitle} done>
      <Typography variant="body2">
        {T.acceptedLine(
          tradeIn.settlement ? TRADE_IN_SETTLEMENT_LABELS[tradeIn.settlement] : '',
          tradeIn.acceptedAt ? formatDateTime(tradeIn.acceptedAt) : '',
        )}
      </Typography>
      {tradeIn.product ? (
        <Typography variant="body2">{T.productLine(tradeIn.product.code, tradeIn.product.name)}</Typography>
      ) : null}
      {tradeIn.unitStatus ? <Typography variant="body2">{T.unitLine(unitLabel(tradeIn.unitStatus))}</Typography> : null}
      {tradeIn.unitStatus === 'PREPARING' && canRelease ? (
        <SubmitButton
          type="button"
          variant="outlined"
          busy={release.isPending}
          onClick={() => release.mutate()}
          sx={{ alignSelf: 'flex-start' }}
        >
          {T.release}
        </SubmitButton>
      ) : null}
      {tradeIn.order ? (
        <Box>
          <Typography variant="body2">{T.orderLine(tradeIn.order.code)}</Typography>
          <OrderPaymentsSection orderId={tradeIn.order.id} />
        </Box>
      ) : null}
    </StepBox>
  );
}

/**
 * A trade-in's details (issue 42 §1): the phone, its seller and condition, a warning when its IMEI is a phone of
 * ours, the evaluation and the value (changed while open), what is still missing, then the steps: the stolen-phone
 * check, the term signed by the seller, and 'Aceitar aparelho' (its product and how the seller is paid; `orderCode`
 * prefilled when it came from an order). Accepted: what became of it, 'Liberar para venda' while in preparation;
 * open: 'Cancelar avaliação' with a reason. Full screen on a phone.
 */
export function TradeInDialog({ id, orderCode, onClose }: { id: number; orderCode?: string; onClose: () => void }) {
  const tradeIn = useTradeIn(id);
  const data = tradeIn.data;
  const [dialog, setDialog] = useState<'value' | 'accept' | 'cancel' | null>(null);
  const [cancelProblem, setCancelProblem] = useState<string | null>(null);
  const cancel = useCancel(id, () => setDialog(null), setCancelProblem);
  const open = data?.status === 'OPEN';
  const canAccept = open && data.missing.length === 0;

  return (
    <DetailsDialog
      titleId="trade-in-title"
      title={data ? T.detailsTitle(data.code) : T.detailsTitle('…')}
      record={data}
      onClose={onClose}
      closeText={T.close}
      action={canAccept ? { text: T.accept, onClick: () => setDialog('accept') } : null}
      sideActions={
        open ? (
          <Button color="error" onClick={() => setDialog('cancel')}>
            {T.cancel}
          </Button>
        ) : null
      }
      nested={
        data ? (
          <>
            {dialog === 'value' ? <ValueDialog tradeIn={data} onClose={() => setDialog(null)} /> : null}
            {dialog === 'accept' ? (
              <AcceptDialog tradeIn={data} orderCode={orderCode} onClose={() => setDialog(null)} />
            ) : null}
            <ReasonDialog
              open={dialog === 'cancel'}
              titleId="trade-in-cancel-title"
              title={T.cancelTitle}
              text={T.cancelText}
              label={T.reason}
              keepText={T.keep}
              confirmText={T.confirmCancel}
              schema={tradeInCancelBodySchema}
              busy={cancel.isPending}
              problem={cancelProblem}
              onConfirm={(reason) => {
                setCancelProblem(null);
                cancel.mutate(reason);
              }}
              onClose={() => setDialog(null)}
            />
          </>
        ) : null
      }
    >
      {(record) => (
        <>
          <Summary tradeIn={record} />
          {record.knownUnit ? <KnownUnit unit={record.knownUnit} /> : null}
          {record.status === 'BLOCKED' ? <Alert severity="error">{T.blockedLine}</Alert> : null}
          {record.status === 'CANCELLED' && record.cancelReason ? (
            <Alert severity="info">{T.cancelledLine(record.cancelReason)}</Alert>
          ) : null}
          <Evaluation tradeIn={record} onChange={record.status === 'OPEN' ? () => setDialog('value') : null} />
          {record.missing.length ? (
            <Alert severity="warning" data-testid="trade-in-missing">
              <AlertTitle>{T.missingTitle}</AlertTitle>
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {record.missing.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </Box>
            </Alert>
          ) : null}
          <CheckStep tradeIn={record} />
          <SignStep tradeIn={record} />
          {record.status === 'ACCEPTED' ? <Accepted tradeIn={record} /> : null}
          {record.status === 'OPEN' && orderCode ? (
            <Typography variant="body2" color="text.secondary">
              {T.forOrder(orderCode)}
            </Typography>
          ) : null}
        </>
      )}
    </DetailsDialog>
  );
}
