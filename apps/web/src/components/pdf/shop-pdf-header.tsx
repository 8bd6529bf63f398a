import type { CompanySettings } from '@backoffice/contract';
import { StyleSheet, Text, View } from '@react-pdf/renderer';

/** What a document prints of the shop: its name, CNPJ and address as saved in 'Configurações da Empresa'. */
export type ShopIdentity = Pick<CompanySettings, 'name' | 'cnpj' | 'address'>;

export const SHOP_PDF_TEXTS = {
  cnpj: (cnpj: string) => `CNPJ ${cnpj}`,
} as const;

const styles = StyleSheet.create({
  shop: { marginBottom: 14, paddingBottom: 8, borderBottomWidth: 1, borderBottomColor: '#999999' },
  shopName: { fontSize: 12, fontFamily: 'Helvetica-Bold' },
  shopLine: { fontSize: 9, color: '#333333', marginTop: 2 },
});

/**
 * The shop at the top of its documents (the order's PDF, the quote's): its name, CNPJ and each line of its
 * address; nothing while none is saved. Only for react-pdf documents (loaded with them, in their own chunk).
 */
export function ShopPdfHeader({ shop }: { shop: ShopIdentity | null | undefined }) {
  const name = shop?.name?.trim() || null;
  const cnpj = shop?.cnpj?.trim() || null;
  const address = (shop?.address ?? '').split('\n').filter((line) => line.trim());
  if (!name && !cnpj && address.length === 0) return null;
  return (
    <View style={styles.shop}>
      {name ? <Text style={styles.shopName}>{name}</Text> : null}
      {cnpj ? <Text style={styles.shopLine}>{SHOP_PDF_TEXTS.cnpj(cnpj)}</Text> : null}
      {address.map((line) => (
        <Text key={line} style={styles.shopLine}>
          {line}
        </Text>
      ))}
    </View>
  );
}
