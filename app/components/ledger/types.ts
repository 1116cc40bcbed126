export type {
  AccountJson,
  ExpenseJson,
  FolioJson,
  IcalFeedJson,
  IcalImportJson,
  ItemCategoryJson,
  ItemJson,
  PointOfSaleJson,
  SupplierJson,
} from "../../../contract/ledger";
