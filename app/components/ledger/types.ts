import type { SubmissionResult } from "@conform-to/react";
import type { AccountJson, FolioJson, ItemJson, PointOfSaleJson } from "#contract/ledger";

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
} from "#contract/ledger";

/** The folio section of a reservation's page: what its loader adds. */
export interface FolioData {
  folio: FolioJson;
  items: ItemJson[];
  pointsOfSale: PointOfSaleJson[];
  accounts: AccountJson[];
}

/** What the folio's forms answer. */
export interface FolioActionData {
  folio: { extra?: SubmissionResult<string[]>; payment?: SubmissionResult<string[]>; error?: string };
}
