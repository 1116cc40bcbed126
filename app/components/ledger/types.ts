export type { AccountJson } from "../../../api/services/ledger/accounts";
export type { ItemJson, PointOfSaleJson } from "../../../api/services/ledger/catalog";
export type { FolioJson } from "../../../api/services/ledger/folio";
export type { IcalFeedJson } from "../../../api/services/ledger/ical-feeds";
export type { IcalImportJson } from "../../../api/services/ledger/ical-imports";
export type { ExpenseJson, SupplierJson } from "../../../api/services/ledger/suppliers";

export interface ItemCategoryJson {
  uuid: string;
  name: string;
  item_count: number;
}
