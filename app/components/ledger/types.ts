import type { SubmissionResult } from "@conform-to/react";
import type { AccountJson } from "../../../api/services/ledger/accounts";
import type { ItemJson, PointOfSaleJson } from "../../../api/services/ledger/catalog";
import type { FolioJson } from "../../../api/services/ledger/folio";
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
