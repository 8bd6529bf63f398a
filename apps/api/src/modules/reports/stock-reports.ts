import {
  type BrandReferenceRow,
  type LowStockRow,
  type ReportPaging,
  type StockSalesReport,
  type StockSalesRow,
  UNIT_AGE_BANDS,
  type UnitAgeReport,
} from '@backoffice/contract';
import { type ReportsContext, reais, windowOf } from './report-paging';
import { createStockReportsRepository } from './stock-reports.repository';

/** The stock's reports: low stock, stock x sales by level, the phones by age, the products of a brand's reference. */
export function stockReports({ db, now }: ReportsContext) {
  const repo = createStockReportsRepository();
  return {
    async lowStock(): Promise<LowStockRow[]> {
      return (await repo.lowStock(db)).map((p) => ({
        productId: p.id,
        name: p.name,
        code: p.code,
        stock: p.stock,
        stockAlert: p.stock_alert,
      }));
    },

    /** Report 18 (issue 17 §7): phones in stock by days since entry, with their cost; totals per age band. */
    async unitsByAge(paging: ReportPaging): Promise<UnitAgeReport> {
      const at = now();
      const limits = UNIT_AGE_BANDS.flatMap((b) => (b.maxDays === null ? [] : [b.maxDays]));
      const [rows, bands] = await Promise.all([
        repo.unitsByAge(db, at, windowOf(paging)),
        repo.unitsByAgeBands(db, at, limits),
      ]);
      const byBand = new Map(bands.map((b) => [b.band, b]));
      const summaryBands = UNIT_AGE_BANDS.map((b, i) => ({
        label: b.label,
        units: byBand.get(i)?.units ?? 0,
        cost: reais(Number(byBand.get(i)?.cost ?? 0)),
      }));
      const units = bands.reduce((sum, b) => sum + b.units, 0);
      const totalCost = bands.reduce((sum, b) => sum + Number(b.cost), 0);
      return {
        units: rows.map((u) => ({
          unitId: u.id,
          imei: u.imei,
          imei2: u.imei2,
          productId: u.product_id,
          code: u.code,
          name: u.name,
          enteredAt: new Date(u.entered_at).toISOString(),
          days: Number(u.days),
          cost: reais(u.cost_cents),
        })),
        summary: { units, totalCost: reais(totalCost), bands: summaryBands },
        total: units,
      };
    },

    async stockSales(level: number, paging: ReportPaging): Promise<StockSalesReport> {
      const [rows, totals] = await Promise.all([repo.stockSales(db, windowOf(paging)), repo.stockSalesTotals(db)]);
      const all = level === 0;
      const products: StockSalesRow[] = rows.map((p) => ({
        productId: p.id,
        code: p.code,
        name: p.name,
        stock: p.stock,
        unitPurchasePrice: reais(p.cost_cents),
        totalPurchase: reais(p.stock * p.cost_cents),
        ...(all ? { unitSalesPrice: reais(p.sell_price_cents), totalSales: reais(p.stock * p.sell_price_cents) } : {}),
        ...(all || level === 1
          ? { unitSalesPriceGold: reais(p.gold_cents), totalSalesGold: reais(p.stock * p.gold_cents) }
          : {}),
        ...(all || level === 2
          ? { unitSalesPriceSilver: reais(p.silver_cents), totalSalesSilver: reais(p.stock * p.silver_cents) }
          : {}),
        ...(all || level === 3
          ? { unitSalesPriceBronze: reais(p.bronze_cents), totalSalesBronze: reais(p.stock * p.bronze_cents) }
          : {}),
      }));
      return {
        level,
        products,
        total: totals.products,
        summary: {
          products: totals.products,
          stock: totals.stock,
          totalAmountPurchase: reais(Number(totals.purchase)),
          ...(all ? { totalAmountSales: reais(Number(totals.sales)) } : {}),
          ...(all || level === 1 ? { totalAmountSalesGold: reais(Number(totals.gold)) } : {}),
          ...(all || level === 2 ? { totalAmountSalesSilver: reais(Number(totals.silver)) } : {}),
          ...(all || level === 3 ? { totalAmountSalesBronze: reais(Number(totals.bronze)) } : {}),
        },
      };
    },

    async brandReference(brand: string, reference: string): Promise<BrandReferenceRow[]> {
      return (await repo.brandReference(db, brand, reference)).map((p) => ({
        productId: p.id,
        code: p.code,
        productName: p.name,
        reference: p.reference,
        brand: p.brand,
        archived: p.archived,
      }));
    },
  };
}
