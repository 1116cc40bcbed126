import type { z } from "zod";
import type { AccountJson, ExpenseJson, ItemCategoryJson, ItemJson, PointOfSaleJson, SupplierJson } from "#contract/ledger";
import type {
  accountSchema,
  activeQuerySchema,
  expenseSchema,
  itemCategorySchema,
  itemSchema,
  pointOfSaleSchema,
  supplierSchema,
} from "#domain/schemas/ledger";
import type { ApiVerbs } from "#app/lib/api/verbs.ts";

/** A list of the business's ledger settings (items, categories, points of sale, accounts, suppliers): its calls. */
export interface LedgerRows<Row, Key extends string, Body> {
  /** GET: every row. */
  list: (businessUuid: string) => Promise<Row[]>;
  /** POST (201): the row created, under its key. */
  create: (businessUuid: string, body: Body) => Promise<Record<Key, Row>>;
  /** PUT: the row saved, under its key. */
  update: (businessUuid: string, id: string, body: Body) => Promise<Record<Key, Row>>;
  /** DELETE (204). */
  delete: (businessUuid: string, id: string) => Promise<void>;
}

/** The ledger's settings calls (docs/api/ledger.md); the folio's own calls are the bookings area's. */
export function ledgerApi(http: ApiVerbs) {
  function rows<Row, Key extends string, Body>(collection: string, key: Key): LedgerRows<Row, Key, Body> {
    const path = (businessUuid: string) => `/api/v1/businesses/${businessUuid}/${collection}`;
    return {
      list: async (businessUuid) => (await http.get<{ data: Row[] }>(path(businessUuid))).data,
      create: (businessUuid, body) => http.post<Record<Key, Row>>(path(businessUuid), body),
      update: (businessUuid, id, body) => http.put<Record<Key, Row>>(`${path(businessUuid)}/${id}`, body),
      delete: async (businessUuid, id) => {
        await http.delete(`${path(businessUuid)}/${id}`);
      },
    };
  }
  const expenses = (businessUuid: string, supplierId: string) => `/api/v1/businesses/${businessUuid}/suppliers/${supplierId}/expenses`;
  return {
    itemCategories: rows<ItemCategoryJson, "item_category", z.input<typeof itemCategorySchema>>("item-categories", "item_category"),
    items: rows<ItemJson, "item", z.input<typeof itemSchema>>("items", "item"),
    pointsOfSale: rows<PointOfSaleJson, "point_of_sale", z.input<typeof pointOfSaleSchema>>("points-of-sale", "point_of_sale"),
    accounts: rows<AccountJson, "account", z.input<typeof accountSchema>>("accounts", "account"),
    /** GET /businesses/{id}/accounts?active=: the active accounts only with "1". */
    accountsWhere: async (businessUuid: string, query: z.input<typeof activeQuerySchema>): Promise<AccountJson[]> =>
      (await http.get<{ data: AccountJson[] }>(`/api/v1/businesses/${businessUuid}/accounts`, { query })).data,
    suppliers: rows<SupplierJson, "supplier", z.input<typeof supplierSchema>>("suppliers", "supplier"),
    /** GET /businesses/{id}/suppliers/{supplier} (404 when it names none). */
    supplier: async (businessUuid: string, supplierId: string): Promise<SupplierJson> =>
      (await http.get<{ data: SupplierJson }>(`/api/v1/businesses/${businessUuid}/suppliers/${supplierId}`)).data,
    /** GET /businesses/{id}/suppliers/{supplier}/expenses. */
    expenses: async (businessUuid: string, supplierId: string): Promise<ExpenseJson[]> =>
      (await http.get<{ data: ExpenseJson[] }>(expenses(businessUuid, supplierId))).data,
    /** POST …/suppliers/{supplier}/expenses (201). */
    addExpense: (businessUuid: string, supplierId: string, body: z.input<typeof expenseSchema>) =>
      http.post<{ expense: ExpenseJson }>(expenses(businessUuid, supplierId), body),
    /** DELETE …/suppliers/{supplier}/expenses/{expense} (204). */
    deleteExpense: async (businessUuid: string, supplierId: string, expenseId: string): Promise<void> => {
      await http.delete(`${expenses(businessUuid, supplierId)}/${expenseId}`);
    },
  };
}
