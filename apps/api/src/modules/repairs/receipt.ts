import {
  formatBRL,
  formatBusinessDateTimeMinutes,
  formatDay,
  REPAIR_STATUS_LABELS,
  REPAIR_TEXTS,
  type Repair,
  repairDate,
} from '@backoffice/contract';
import { Document, Page, renderToBuffer, StyleSheet, Text, View } from '@react-pdf/renderer';
import { createElement as h, type ReactElement } from 'react';
import { qrCodeSvg } from '../fiscal/fiscal.service';

const money = (reais: number) => formatBRL(reais).replace(/\s/g, ' ');

const styles = StyleSheet.create({
  page: { padding: 36, paddingBottom: 56, fontSize: 10, fontFamily: 'Helvetica' },
  company: { fontSize: 9, color: '#333333', marginBottom: 10 },
  head: { flexDirection: 'row', justifyContent: 'space-between', marginBottom: 10 },
  title: { fontSize: 16, fontFamily: 'Helvetica-Bold' },
  section: { marginTop: 8, fontFamily: 'Helvetica-Bold' },
  row: {
    flexDirection: 'row',
    justifyContent: 'space-between',
    paddingVertical: 2,
    borderBottomWidth: 0.5,
    borderColor: '#cccccc',
  },
  body: { lineHeight: 1.4 },
  sign: { marginTop: 24 },
  footer: { position: 'absolute', bottom: 22, left: 36, right: 36, fontSize: 8, color: '#555555' },
});

const line = (label: string, value: string) =>
  h(View, { style: styles.row }, h(Text, null, label), h(Text, null, value));

function receipt(
  repair: Repair,
  company: { name: string; cnpj: string | null; address: string | null },
  generatedAt: Date,
): ReactElement {
  const title = `${REPAIR_TEXTS.receiptTitle} OS ${repair.number}`;
  return h(
    Document,
    { title, language: 'pt-BR' },
    h(
      Page,
      { size: 'A5', style: styles.page },
      h(Text, { style: styles.company }, [company.name, company.cnpj, company.address].filter(Boolean).join(' · ')),
      h(
        View,
        { style: styles.head },
        h(
          View,
          null,
          h(Text, { style: styles.title }, title),
          h(Text, null, `Situação: ${REPAIR_STATUS_LABELS[repair.status]}`),
          h(Text, null, `Entrada: ${formatBusinessDateTimeMinutes(new Date(repair.createdAt))}`),
          h(Text, null, `Previsão: ${formatDay(repair.estimatedDate)}`),
        ),
        qrCodeSvg(repair.statusUrl, 84),
      ),
      line('Cliente', repair.customer.name),
      line('Aparelho', repair.model),
      line('IMEI', repair.imei),
      line('Senha/padrão', repair.hasDevicePassword ? 'Informada (guardada em sigilo)' : 'Não informada'),
      h(Text, { style: styles.section }, 'Problema relatado'),
      h(Text, { style: styles.body }, repair.problem),
      repair.checklist.length > 0 ? h(Text, { style: styles.section }, 'Estado na entrada') : null,
      // An item left unticked was not seen working: the form asks only what works ('Marque o que funciona'), so the
      // receipt cannot say it is broken (issue 54); a defect seen is written in the notes below.
      ...repair.checklist.map((item) => line(item.item, item.ok ? 'OK' : 'Não testado')),
      repair.conditionNotes ? h(Text, { style: styles.body }, repair.conditionNotes) : null,
      h(Text, { style: styles.section }, 'Acessórios deixados'),
      h(Text, { style: styles.body }, repair.accessories ?? 'Nenhum'),
      repair.parts.length > 0 || repair.labour > 0 ? h(Text, { style: styles.section }, 'Orçamento') : null,
      ...repair.parts.map((part) => line(`${part.quantity} × ${part.name}`, money(part.total))),
      repair.labour > 0 ? line('Mão de obra', money(repair.labour)) : null,
      repair.warranty
        ? h(
            Text,
            { style: styles.body },
            REPAIR_TEXTS.warrantyCovers(repair.warranty.source, repairDate(repair.warranty.until)),
          )
        : repair.total > 0
          ? line('Total', money(repair.total))
          : null,
      // The line and the name under it stay together (a full checklist once sent the name alone to a second page).
      h(
        View,
        { style: styles.sign, wrap: false },
        h(Text, null, '______________________________'),
        h(Text, null, repair.customer.name),
      ),
      h(
        Text,
        { style: styles.footer, fixed: true },
        REPAIR_TEXTS.receiptFooter(formatBusinessDateTimeMinutes(generatedAt)),
      ),
    ),
  );
}

/** A service order's receipt for the customer (A5 PDF): its number, the device, the estimate, the status page's QR code. */
export function repairPdf(
  repair: Repair,
  company: { name: string; cnpj: string | null; address: string | null },
  generatedAt = new Date(),
): Promise<Buffer> {
  return renderToBuffer(receipt(repair, company, generatedAt) as Parameters<typeof renderToBuffer>[0]);
}
