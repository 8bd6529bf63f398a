import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** A timestamp column: read as Date, written as Date or ISO string, defaulted by the database. */
type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** Arrays of text: read as string[], written as string[]. */
type TextArray = ColumnType<string[], string[] | undefined, string[]>;
type Json = ColumnType<unknown, string | undefined, string>;

// ---------- people and access ----------
export interface RolesTable {
  id: Generated<number>;
  name: string;
  permissions: TextArray;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

/** func: 1 Atendente, 2 Motoboy (deliverer), 3 Estoquista. */
export interface EmployeesTable {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string;
  document: string;
  func: number;
  role_id: number | null;
  password_hash: string | null;
  blocked: Generated<boolean>;
  /** Carried by each token; raised to end every session issued before (password change, block, sign-out). */
  token_version: Generated<number>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface PasswordCodesTable {
  id: Generated<number>;
  employee_id: number;
  code_hash: string;
  expires_at: Timestamp;
  failed_attempts: Generated<number>;
  used_at: NullableTimestamp;
  created_at: CreatedAt;
  /** 'activation' (a new employee's 48-hour code) or 'recovery' (15 minutes); migration 0015. */
  purpose: Generated<CodePurpose>;
}

export type CodePurpose = 'recovery' | 'activation';

/** One counted event of a limiter: a failed sign-in (`sign_in`) or a recovery e-mail (`recovery_mail`). */
export interface ThrottleEventsTable {
  id: Generated<number>;
  kind: string;
  /** The lower-case e-mail the event is about. */
  subject: string;
  /** The client address ('' when the limiter does not count per address). */
  address: Generated<string>;
  created_at: CreatedAt;
}

/** Addresses where an account signed in successfully lately: its owner is not slowed there. */
export interface TrustedSignInAddressesTable {
  email: string;
  address: string;
  last_signed_in_at: CreatedAt;
}

export interface AuditEventsTable {
  id: Generated<number>;
  employee_id: number | null;
  entity: string;
  entity_id: string;
  action: string;
  changes: Json;
  created_at: CreatedAt;
}

// ---------- customers ----------
export type CustomerStatus = 'AWAITING' | 'APPROVED' | 'REPROVED' | 'BLOCKED';

export interface CustomerLevelsTable {
  id: number;
  name: string;
}

export interface CustomersTable {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string;
  /** CPF (11) or CNPJ (14, possibly alphanumeric), without punctuation. */
  document: string;
  /** 0 none, 1 Ouro, 2 Prata, 3 Bronze. */
  level: Generated<number>;
  status: Generated<CustomerStatus>;
  /** The reason of the last reproval or block. */
  status_note: string | null;
  status_changed_by: number | null;
  status_changed_at: NullableTimestamp;
  approved_by: number | null;
  approved_at: NullableTimestamp;
  deliverer_id: number | null;
  shipping_cost_cents: Generated<number>;
  warranty_percentage: Generated<number>;
  fast_delivery_tax_cents: Generated<number>;
  notes: string | null;
  street: string | null;
  number: string | null;
  complement: string | null;
  neighborhood: string | null;
  zip_code: string | null;
  city: string | null;
  state: string | null;
  /** Lower-case, accent-free name, e-mail, document and phone, for search. */
  search_text: string;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

// ---------- catalogue and stock ----------
export interface BrandsTable {
  id: Generated<number>;
  name: string;
  created_at: CreatedAt;
}

export interface BrandReferencesTable {
  id: Generated<number>;
  brand_id: number;
  name: string;
  created_at: CreatedAt;
}

export interface ProductsTable {
  id: Generated<number>;
  code: string;
  name: string;
  description: string | null;
  brand_id: number;
  reference_id: number | null;
  cost_cents: number;
  sell_price_cents: number;
  gold_percentage: Generated<number>;
  silver_percentage: Generated<number>;
  bronze_percentage: Generated<number>;
  stock: Generated<number>;
  stock_alert: Generated<number>;
  tags: TextArray;
  archived: Generated<boolean>;
  search_text: string;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface ProductImagesTable {
  id: Generated<number>;
  product_id: number;
  /** The file's storage key, `products/<sha256>.jpg` (lib/storage.ts). */
  path: string;
  name: string;
  position: Generated<number>;
  created_at: CreatedAt;
}

/** Operation types of a stock entry (purchase from a supplier, customer return, …). */
export interface ProductSourcesTable {
  id: Generated<number>;
  key: string;
  name: string;
}

export type StockMovementKind =
  | 'SALE'
  | 'PURCHASE'
  | 'INVENTORY'
  | 'CANCELLATION'
  | 'EXCHANGE'
  | 'RETURN'
  | 'ADJUSTMENT';

/** The stock ledger: every change of a product's stock is one row. */
export interface StockMovementsTable {
  id: Generated<number>;
  product_id: number;
  kind: StockMovementKind;
  source_id: number | null;
  stock_before: number;
  quantity_in: Generated<number>;
  quantity_out: Generated<number>;
  stock_after: number;
  cost_before_cents: number;
  cost_after_cents: number;
  unit_price_cents: number | null;
  order_id: number | null;
  employee_id: number | null;
  note: string | null;
  created_at: CreatedAt;
}

// ---------- orders ----------
export type PaymentMethodColumn = 'CASH' | 'BANK_TRANSFER' | 'PIX';

export interface OrdersTable {
  id: Generated<number>;
  /** Short code staff can read aloud, e.g. "K7M-4QP". */
  code: string;
  customer_id: number;
  status: number;
  /** 1 Motoboy, 2 Retirada na loja. */
  delivery_type: number;
  fast_delivery: Generated<boolean>;
  with_warranty: Generated<boolean>;
  payment_method: PaymentMethodColumn;
  items_total_cents: number;
  shipping_cost_cents: Generated<number>;
  fast_delivery_tax_cents: Generated<number>;
  warranty_cents: Generated<number>;
  discount_cents: Generated<number>;
  total_cents: number;
  neighborhood: string | null;
  comments: string | null;
  attendant_id: number | null;
  stocker_id: number | null;
  deliverer_id: number | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  finished_at: NullableTimestamp;
}

export interface OrderItemsTable {
  id: Generated<number>;
  order_id: number;
  product_id: number;
  product_name: string;
  product_code: string;
  quantity: number;
  unit_price_cents: number;
  unit_cost_cents: number;
  total_cents: number;
}

export interface OrderStatusHistoryTable {
  id: Generated<number>;
  order_id: number;
  status: number;
  employee_id: number | null;
  note: string | null;
  created_at: CreatedAt;
}

/** Stored files, one row per distinct content (migration 0013; lib/storage.ts). */
export interface FilesTable {
  /** SHA-256 of `data`, hex. */
  hash: string;
  content_type: string;
  size: number;
  data: Buffer;
  created_at: CreatedAt;
}

/** One-time steps of the start that need more than SQL (db/files-from-disk.ts). */
export interface BootstrapStepsTable {
  name: string;
  done_at: CreatedAt;
  details: unknown;
}

export type OrderImageKind = 'RECEIPT' | 'SIGNATURE' | 'PACKAGING';

export interface OrderImagesTable {
  id: Generated<number>;
  order_id: number;
  kind: OrderImageKind;
  path: string;
  created_at: CreatedAt;
}

export type OrderAdjustmentKind = 'EXCHANGE' | 'RETURN';

/** Exchanges and returns of goods of a delivered order. */
export interface OrderAdjustmentsTable {
  id: Generated<number>;
  kind: OrderAdjustmentKind;
  original_order_id: number;
  /** The order that carries the exchange or return (collected by a courier). */
  adjustment_order_id: number | null;
  product_id: number;
  quantity: number;
  unit_price_cents: number;
  employee_id: number | null;
  deliverer_id: number | null;
  comments: string | null;
  created_at: CreatedAt;
}

export interface CartItemsTable {
  customer_id: number;
  product_id: number;
  quantity: number;
  added_at: CreatedAt;
}

/** One checkout attempt of internal selling, by its idempotency key (migration 0011). */
export interface CheckoutRequestsTable {
  idempotency_key: string;
  customer_id: number;
  employee_id: number | null;
  /** sha256 of what the attempt asked (customer, payment, choices, proof): the same key asking otherwise is refused. */
  request_hash: string;
  /** The order made (set in the same transaction). */
  order_id: number | null;
  created_at: CreatedAt;
}

// ---------- settings ----------
export interface BankSettingsTable {
  id: Generated<number>;
  type: 'Pix' | 'Transfer';
  name: string;
  /** "Name (NNN)" with the 3-digit COMPE code. */
  bank: string | null;
  account: string | null;
  agency: string | null;
  cnpj: string | null;
  /** CPF, CNPJ, PHONE, EMAIL or EVP; at most one active Pix setting per type (partial unique index). */
  pix_type: string | null;
  /** As the DICT holds it: CPF/CNPJ without punctuation, +55DDDNUMBER, lower-case e-mail or UUID. */
  pix_key: string | null;
  disabled: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface CompanySettingsTable {
  company_id: number;
  name: string;
  pix_auto: Generated<boolean>;
  /** BR Code field 59: upper-case ASCII, up to 25 ('' until set). */
  merchant_name: Generated<string>;
  /** BR Code field 60: upper-case ASCII, up to 15 ('' until set). */
  merchant_city: Generated<string>;
  updated_at: CreatedAt;
}

// ---------- analytics ----------
export interface CustomerSigninsTable {
  id: Generated<number>;
  customer_id: number;
  created_at: CreatedAt;
}

export interface ProductViewsTable {
  id: Generated<number>;
  product_id: number;
  customer_id: number | null;
  created_at: CreatedAt;
}

export interface SearchTermsTable {
  id: Generated<number>;
  term: string;
  normalized_term: string;
  result_count: number;
  customer_id: number | null;
  created_at: CreatedAt;
}

// ---------- report summaries (migration 0007, kept by triggers; docs/reports.md) ----------
/** 'D': a São Paulo day (bucket = that date); 'M': a São Paulo month (bucket = its first day). */
type Grain = 'D' | 'M';
type Bucket = ColumnType<string, string, string>;
type Figure = ColumnType<string | number, number | undefined, number>;

export interface ReportProductSalesTable {
  grain: Grain;
  bucket: Bucket;
  product_id: number;
  quantity: Figure;
}

export interface ReportCustomerSalesTable {
  grain: Grain;
  bucket: Bucket;
  customer_id: number;
  orders: Figure;
  total_cents: Figure;
}

export interface ReportProductViewsTable {
  grain: Grain;
  bucket: Bucket;
  product_id: number;
  views: Figure;
}

export interface ReportSearchTermsTable {
  grain: Grain;
  bucket: Bucket;
  normalized_term: string;
  with_result: boolean;
  searches: Figure;
}

export interface ReportCustomerSigninsTable {
  grain: Grain;
  bucket: Bucket;
  customer_id: number;
  signins: Figure;
}

/** Migration 0008: how many orders each status holds, kept by a trigger on orders. */
export interface OrderStatusCountsTable {
  status: number;
  orders: Figure;
}

/** Migration 0012: orders of a status whose last change fell on a day (UTC). */
export interface OrderStatusDaysTable {
  status: number;
  day: Date;
  orders: Figure;
}

/** Migration 0009: figures of a key from `month` to the end of its year (rest of the year). */
type Month = ColumnType<string, string, string>;
export interface ReportRankProductSalesTable {
  month: Month;
  product_id: number;
  quantity: Figure;
}
export interface ReportRankCustomerSalesTable {
  month: Month;
  customer_id: number;
  orders: Figure;
  total_cents: Figure;
}
export interface ReportRankProductViewsTable {
  month: Month;
  product_id: number;
  views: Figure;
}
export interface ReportRankCustomerSigninsTable {
  month: Month;
  customer_id: number;
  signins: Figure;
}

export interface Database {
  roles: RolesTable;
  employees: EmployeesTable;
  password_codes: PasswordCodesTable;
  audit_events: AuditEventsTable;
  throttle_events: ThrottleEventsTable;
  trusted_sign_in_addresses: TrustedSignInAddressesTable;
  customer_levels: CustomerLevelsTable;
  customers: CustomersTable;
  brands: BrandsTable;
  brand_references: BrandReferencesTable;
  products: ProductsTable;
  product_images: ProductImagesTable;
  product_sources: ProductSourcesTable;
  stock_movements: StockMovementsTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  order_status_history: OrderStatusHistoryTable;
  order_images: OrderImagesTable;
  order_adjustments: OrderAdjustmentsTable;
  cart_items: CartItemsTable;
  checkout_requests: CheckoutRequestsTable;
  bank_settings: BankSettingsTable;
  company_settings: CompanySettingsTable;
  customer_signins: CustomerSigninsTable;
  product_views: ProductViewsTable;
  search_terms: SearchTermsTable;
  report_product_sales: ReportProductSalesTable;
  report_customer_sales: ReportCustomerSalesTable;
  report_product_views: ReportProductViewsTable;
  report_search_terms: ReportSearchTermsTable;
  report_customer_signins: ReportCustomerSigninsTable;
  order_status_counts: OrderStatusCountsTable;
  order_status_days: OrderStatusDaysTable;
  report_rank_product_sales: ReportRankProductSalesTable;
  report_rank_customer_sales: ReportRankCustomerSalesTable;
  report_rank_product_views: ReportRankProductViewsTable;
  report_rank_customer_signins: ReportRankCustomerSigninsTable;
  files: FilesTable;
  bootstrap_steps: BootstrapStepsTable;
}

export type Role = Selectable<RolesTable>;
export type Employee = Selectable<EmployeesTable>;
export type NewEmployee = Insertable<EmployeesTable>;
export type EmployeeUpdate = Updateable<EmployeesTable>;
export type Customer = Selectable<CustomersTable>;
export type Product = Selectable<ProductsTable>;
export type Order = Selectable<OrdersTable>;
