// The shared reference hotel's bookings as forecast stays: N. Antonio, A. de Almeida, L. Nunes,
// "Hotel booking demand datasets", Data in Brief 22 (2019) 41–49, doi:10.1016/j.dib.2018.11.126,
// data set H1 (a 187-room resort in the Algarve), CC BY 4.0 — tests/fixtures/hotel-booking-demand/.
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { parse } from "csv-parse/sync";
import { parseDate } from "#domain/imports/rows.ts";
import { toDayNumber } from "#domain/pricing/dates.ts";
import type { Stay } from "#domain/forecast/types.ts";

const FILE = new URL("../../tests/fixtures/hotel-booking-demand/resort-hotel.csv.gz", import.meta.url);
/** The resort's rooms, as the data set's article gives them. */
export const RESORT_ROOMS = 187;

export interface ResortStay extends Stay {
  /** The room type reserved (A…P), which the bench treats as room categories. */
  roomType: string;
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/**
 * Each row one room: booked on arrival − lead_time; a cancelled row (is_canceled = 1, which
 * includes the no-shows) left the books on its reservation_status_date.
 */
export function resortStays(): ResortStay[] {
  const rows = parse(gunzipSync(readFileSync(FILE)), { columns: true, skip_empty_lines: true }) as Record<string, string>[];
  const stays: ResortStay[] = [];
  for (const row of rows) {
    const month = MONTHS.indexOf(row.arrival_date_month!) + 1;
    const arrival = toDayNumber(`${row.arrival_date_year}-${String(month).padStart(2, "0")}-${row.arrival_date_day_of_month!.padStart(2, "0")}`);
    const nights = Number(row.stays_in_weekend_nights) + Number(row.stays_in_week_nights);
    if (!(nights > 0) || Number.isNaN(arrival)) continue;
    const cancelled = row.is_canceled === "1";
    const statusDay = toDayNumber(parseDate(row.reservation_status_date!, "mdy") ?? "");
    stays.push({
      bookedOn: arrival - Number(row.lead_time),
      arrival,
      departure: arrival + nights,
      cancelledOn: cancelled ? statusDay : null,
      rooms: 1,
      segment: row.market_segment!,
      deposit: row.deposit_type!,
      roomType: row.reserved_room_type!,
    });
  }
  return stays;
}
