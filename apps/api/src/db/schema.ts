/**
 * The database's types, under the names the code uses. The tables themselves are generated from the
 * migrated database by kysely-codegen (`npm run db:types` writes `schema.generated.ts`; a test fails when it
 * is stale); this file only names them. The closed sets of text columns are in `schema-columns.ts`.
 */
import type { Insertable, Selectable, Updateable } from 'kysely';
import type * as Generated from './schema.generated';

export type {
  BankSettingsType,
  CodePurpose,
  CustomerStatus,
  Figure,
  Grain,
  OrderAdjustmentKind,
  OrderImageKind,
  PaymentMethodColumn,
  PixUnmatchedReasonColumn,
  StockMovementKind,
  UnitStatus,
} from './schema-columns';

export type Database = Generated.DB;
export type AuditEventsTable = Generated.AuditEvents;
export type BankSettingsTable = Generated.BankSettings;
export type BootstrapStepsTable = Generated.BootstrapSteps;
export type BrandReferencesTable = Generated.BrandReferences;
export type BrandsTable = Generated.Brands;
export type CartItemsTable = Generated.CartItems;
export type CheckoutRequestsTable = Generated.CheckoutRequests;
export type CompanySettingsTable = Generated.CompanySettings;
export type CustomerLevelsTable = Generated.CustomerLevels;
export type CourierRunOrdersTable = Generated.CourierRunOrders;
export type CourierRunsTable = Generated.CourierRuns;
export type CustomersTable = Generated.Customers;
export type CustomerSigninsTable = Generated.CustomerSignins;
export type EmployeesTable = Generated.Employees;
export type FilesTable = Generated.Files;
export type ImportRequestsTable = Generated.ImportRequests;
export type OrderAdjustmentsTable = Generated.OrderAdjustments;
export type OrderPaymentsTable = Generated.OrderPayments;
export type OrderRefundsTable = Generated.OrderRefunds;
export type OrderImagesTable = Generated.OrderImages;
export type OrderItemsTable = Generated.OrderItems;
export type OrderMoveRequestsTable = Generated.OrderMoveRequests;
export type OrdersTable = Generated.Orders;
export type OrderStatusCountsTable = Generated.OrderStatusCounts;
export type OrderStatusDaysTable = Generated.OrderStatusDays;
export type OrderStatusHistoryTable = Generated.OrderStatusHistory;
export type PasswordCodesTable = Generated.PasswordCodes;
export type PixReceivedTable = Generated.PixReceived;
export type ProductImagesTable = Generated.ProductImages;
export type ProductUnitsTable = Generated.ProductUnits;
export type TradeInsTable = Generated.TradeIns;
export type ProductsTable = Generated.Products;
export type ProductSourcesTable = Generated.ProductSources;
export type ProductViewsTable = Generated.ProductViews;
export type ReportCustomerSalesTable = Generated.ReportCustomerSales;
export type ReportCustomerSigninsTable = Generated.ReportCustomerSignins;
export type ReportProductSalesTable = Generated.ReportProductSales;
export type ReportProductViewsTable = Generated.ReportProductViews;
export type ReportRankCustomerSalesTable = Generated.ReportRankCustomerSales;
export type ReportRankCustomerSigninsTable = Generated.ReportRankCustomerSignins;
export type ReportRankProductSalesTable = Generated.ReportRankProductSales;
export type ReportRankProductViewsTable = Generated.ReportRankProductViews;
export type ReportSearchTermsTable = Generated.ReportSearchTerms;
export type RolesTable = Generated.Roles;
export type SearchTermsTable = Generated.SearchTerms;
export type StockMovementsTable = Generated.StockMovements;
export type StockMovementUnitsTable = Generated.StockMovementUnits;
export type ThrottleEventsTable = Generated.ThrottleEvents;
export type TrustedSignInAddressesTable = Generated.TrustedSignInAddresses;
export type UnitImeisTable = Generated.UnitImeis;

export type Role = Selectable<RolesTable>;
export type Employee = Selectable<EmployeesTable>;
export type NewEmployee = Insertable<EmployeesTable>;
export type EmployeeUpdate = Updateable<EmployeesTable>;
export type Customer = Selectable<CustomersTable>;
export type Product = Selectable<ProductsTable>;
export type Order = Selectable<OrdersTable>;
