import { useTranslation } from "react-i18next";
import { weekdayName } from "#app/lib/format-date";
import { useFormats } from "./format";

/** A group's name in the reader's words: channel names, weekdays, countries (Intl), buckets, nights and months. */
export function useGroupLabel(currency: string) {
  const { t } = useTranslation("intelligence");
  const { t: tb } = useTranslation("bookings");
  const f = useFormats(currency);
  let regions: Intl.DisplayNames | null = null;
  try {
    regions = new Intl.DisplayNames([f.locale], { type: "region" });
  } catch {
    regions = null;
  }
  return (dimension: string, key: string, label: string | null): string => {
    if (label) return label;
    switch (dimension) {
      case "channel":
        return tb(`channel.${key}`, { defaultValue: key });
      case "weekday":
        return weekdayName(Number(key), f.locale);
      case "country":
        return key ? (regions?.of(key) ?? key) : t("group.unknownCountry");
      case "lead_time":
        return t("group.leadTime", { range: key.replace("-", "–") });
      case "length_of_stay":
        return t("group.lengthOfStay", { count: Number(key.replace(/[^0-9].*$/, "")), range: key.replace("-", "–") });
      case "night":
        return f.date(key, { weekday: "short", day: "numeric", month: "short" });
      case "month":
        return f.month(key);
      default:
        return key;
    }
  };
}
