import type { TFunction } from "i18next";
import { formatPercent, formatVariation } from "#domain/money";
import type { RoomCategoryJson } from "#app/components/business/types";
import type { Column } from "#app/components/ui/data-table";

type CategoryLine = Pick<RoomCategoryJson, "name" | "room_count" | "min_occupation" | "max_occupation" | "price_variation_type" | "price_variation_value" | "commission">;

/** The columns of a list of room categories (business overview, room configurations): name as the row header, rooms, occupancy, price variation, commission. */
export function categoryColumns<Row extends CategoryLine>(t: TFunction<"business">, locale: string): Column<Row>[] {
  return [
    { header: t("categories.name"), cell: (c) => c.name },
    { header: t("categories.rooms"), figure: true, cell: (c) => c.room_count },
    { header: t("categories.occupancy"), cell: (c) => t("categories.occupancyRange", { min: c.min_occupation, max: c.max_occupation }) },
    { header: t("categories.variation"), cell: (c) => formatVariation(c.price_variation_type, c.price_variation_value, locale) },
    { header: t("categories.commission"), figure: true, cell: (c) => formatPercent(c.commission, locale) },
  ];
}
