import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDate } from "#app/lib/format-date";
import type { RoomsOverviewJson } from "./types";

type Stay = RoomsOverviewJson["stays"][number];
type Block = RoomsOverviewJson["blocks"][number];
type Cell = { kind: "empty"; night: string } | { kind: "stay"; stay: Stay; span: number } | { kind: "block"; block: Block; span: number };

const STAY_COLOUR: Record<string, string> = {
  pending: "bg-amber-100 border-amber-400 text-amber-950",
  confirmed: "bg-sky-100 border-sky-500 text-sky-950",
  checked_in: "bg-emerald-100 border-emerald-500 text-emerald-950",
  checked_out: "bg-slate-100 border-slate-400 text-slate-800",
};

/** Column widths: every night is as wide as every other, whatever its bars hold. */
export const TAPE_ROOM_COLUMN_REM = 6;
export const TAPE_NIGHT_COLUMN_REM = 4;

/** A room's row: stays and blocks as cells spanning their nights, empty nights as single cells. */
function rowCells(nights: string[], stays: Stay[], blocks: Block[]): Cell[] {
  const cells: Cell[] = [];
  for (let i = 0; i < nights.length; ) {
    const night = nights[i];
    const stay = stays.find((s) => s.arrival <= night && night < s.departure);
    if (stay) {
      let span = 0;
      while (i + span < nights.length && nights[i + span] < stay.departure) span++;
      cells.push({ kind: "stay", stay, span });
      i += span;
      continue;
    }
    const block = blocks.find((b) => b.starts_at <= night && night <= b.ends_at);
    if (block) {
      let span = 0;
      while (i + span < nights.length && nights[i + span] <= block.ends_at && !stays.some((s) => s.arrival <= nights[i + span] && nights[i + span] < s.departure)) span++;
      cells.push({ kind: "block", block, span });
      i += span;
      continue;
    }
    cells.push({ kind: "empty", night });
    i++;
  }
  return cells;
}

/**
 * The tape chart: rooms down, nights across, each stay a bar spanning its nights. It is a real
 * table (readable and navigable without JavaScript); each bar is a link, so Tab walks them, and
 * with JavaScript the arrow keys move between bars (left/right in a room, up/down between rooms).
 */
export function TapeChart({ overview, locale, linkStays }: { overview: RoomsOverviewJson; locale: string; linkStays: boolean }) {
  const { t } = useTranslation("bookings");
  const byRoom = new Map<string, Stay[]>();
  for (const s of overview.stays) if (s.room_uuid) byRoom.set(s.room_uuid, [...(byRoom.get(s.room_uuid) ?? []), s]);
  const blocksByRoom = new Map<string, Block[]>();
  for (const b of overview.blocks) if (b.room_uuid) blocksByRoom.set(b.room_uuid, [...(blocksByRoom.get(b.room_uuid) ?? []), b]);

  function onKeyDown(event: React.KeyboardEvent<HTMLTableElement>) {
    const keys = ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"];
    if (!keys.includes(event.key)) return;
    const current = (event.target as HTMLElement).closest<HTMLElement>("[data-bar]");
    if (!current) return;
    const row = current.closest("tr");
    const table = event.currentTarget;
    let target: HTMLElement | null | undefined = null;
    if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
      const bars = [...(row?.querySelectorAll<HTMLElement>("[data-bar]") ?? [])];
      target = bars[bars.indexOf(current) + (event.key === "ArrowRight" ? 1 : -1)];
    } else {
      const rows = [...table.querySelectorAll("tbody tr")];
      const start = Number(current.dataset.col);
      for (let r = rows.indexOf(row!) + (event.key === "ArrowDown" ? 1 : -1); r >= 0 && r < rows.length && !target; r += event.key === "ArrowDown" ? 1 : -1) {
        const bars = [...rows[r].querySelectorAll<HTMLElement>("[data-bar]")];
        target = bars.sort((a, b) => Math.abs(Number(a.dataset.col) - start) - Math.abs(Number(b.dataset.col) - start))[0];
      }
    }
    if (target) {
      event.preventDefault();
      target.focus();
    }
  }

  let lastCategory = "";
  const overbooked = overview.stays.filter((s) => s.overbooked);
  return (
    <>
    {overbooked.length ? <Overbookings stays={overbooked} locale={locale} linkStays={linkStays} /> : null}
    {/* The chart scrolls inside its own box (both ways), never the page: `contain: inline-size`
        keeps its width out of the layout's minimum, `relative` keeps the bars' screen-reader texts (absolutely
        positioned) inside it, and the nights' header sticks to the top. */}
    <div data-testid="tape-chart" role="region" aria-label={t("overview.caption")} tabIndex={0} className="relative max-h-[75vh] overflow-auto rounded-lg border border-slate-200 bg-white" style={{ contain: "inline-size" }}>
      <table
        className="table-fixed border-collapse text-xs"
        style={{ width: `${TAPE_ROOM_COLUMN_REM + overview.nights.length * TAPE_NIGHT_COLUMN_REM}rem`, minWidth: "100%" }}
        onKeyDown={onKeyDown}
      >
        <caption className="sr-only">{t("overview.caption")}</caption>
        <colgroup>
          <col style={{ width: `${TAPE_ROOM_COLUMN_REM}rem` }} />
          {overview.nights.map((n) => (
            <col key={n} data-night={n} style={{ width: `${TAPE_NIGHT_COLUMN_REM}rem` }} />
          ))}
        </colgroup>
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className="sticky top-0 left-0 z-20 border-b border-slate-200 bg-slate-50 px-2 py-2 text-left font-medium">
              {t("overview.room")}
            </th>
            {overview.nights.map((n) => {
              const weekend = [5, 6].includes(new Date(`${n}T00:00:00Z`).getUTCDay());
              return (
                <th key={n} scope="col" className={`sticky top-0 z-10 border-b border-slate-200 px-1 py-2 text-center font-medium ${weekend ? "bg-slate-100" : "bg-slate-50"}`}>
                  {formatDate(n, locale, { weekday: "short" })}
                  <span className="block font-normal">{formatDate(n, locale, { day: "2-digit", month: "2-digit" })}</span>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {overview.rooms.map((room) => {
            const header = room.room_category_uuid !== lastCategory;
            lastCategory = room.room_category_uuid;
            let col = 0;
            return [
              header ? (
                <tr key={`${room.room_category_uuid}-h`} className="bg-slate-100">
                  <th scope="colgroup" colSpan={overview.nights.length + 1} className="px-2 py-1 text-left text-xs font-semibold uppercase tracking-wide text-slate-700">
                    {room.room_category.name}
                  </th>
                </tr>
              ) : null,
              <tr key={room.uuid} className="border-t border-slate-100">
                <th scope="row" className="sticky left-0 z-[5] bg-white px-2 py-1 text-left font-semibold">
                  {room.number}
                  {!room.active ? <span className="block font-normal text-slate-600">{t("overview.inactive")}</span> : null}
                </th>
                {rowCells(overview.nights, byRoom.get(room.uuid) ?? [], blocksByRoom.get(room.uuid) ?? []).map((cell) => {
                  const at = col;
                  col += cell.kind === "empty" ? 1 : cell.span;
                  if (cell.kind === "empty") return <td key={cell.night} className="h-9 border-l border-slate-100" />;
                  if (cell.kind === "block") {
                    const label = t("overview.blockLabel", { reason: t(`reason.${cell.block.reason}`), from: formatDate(cell.block.starts_at, locale), to: formatDate(cell.block.ends_at, locale) });
                    return (
                      <td key={`b-${cell.block.uuid}-${at}`} colSpan={cell.span} className="border-l border-slate-100 p-0.5">
                        <span title={label} className="block truncate rounded border border-dashed border-slate-500 bg-[repeating-linear-gradient(45deg,#e2e8f0,#e2e8f0_4px,#f8fafc_4px,#f8fafc_8px)] px-1 py-1 text-slate-800">
                          {t(`reason.${cell.block.reason}`)}
                          <span className="sr-only"> · {label}</span>
                        </span>
                      </td>
                    );
                  }
                  const s = cell.stay;
                  const label = t("overview.stayLabel", {
                    code: s.code,
                    guest: s.guest_name,
                    from: formatDate(s.arrival, locale),
                    to: formatDate(s.departure, locale),
                    status: t(`status.${s.status}`),
                  });
                  const bar = (
                    <>
                      {s.overbooked ? <OverbookedMark /> : null}
                      <span className="font-semibold">{s.guest_name}</span> <span className="font-mono">{s.code}</span>
                      <span className="sr-only"> · {t(`status.${s.status}`)}</span>
                    </>
                  );
                  const className = `block truncate rounded border-l-4 border px-1 py-1 ${STAY_COLOUR[s.status] ?? STAY_COLOUR.confirmed} focus:outline-2 focus:outline-brand-600`;
                  return (
                    <td key={`s-${s.reservation_uuid}`} colSpan={cell.span} className="border-l border-slate-100 p-0.5">
                      {linkStays ? (
                        <Link to={`/bookings/${s.reservation_uuid}`} data-bar="" data-col={at} title={label} aria-label={label} className={className}>
                          {bar}
                        </Link>
                      ) : (
                        <span title={label} className={className}>
                          {bar}
                          <span className="sr-only"> · {label}</span>
                        </span>
                      )}
                    </td>
                  );
                })}
              </tr>,
            ];
          })}
        </tbody>
      </table>
    </div>
    </>
  );
}

/** The marker of a stay a channel sold on a full night (colour is not the only signal: it has a text). */
function OverbookedMark() {
  const { t } = useTranslation("channels");
  return (
    <span className="mr-1 rounded bg-red-700 px-1 font-bold text-white" title={t("overbooking.badge")}>
      !<span className="sr-only"> {t("overbooking.badge")}</span>
    </span>
  );
}

/** Overbookings above the chart: they may have no room to sit in. */
function Overbookings({ stays, locale, linkStays }: { stays: Stay[]; locale: string; linkStays: boolean }) {
  const { t } = useTranslation("channels");
  return (
    <div role="alert" className="mb-3 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900" data-testid="overbookings">
      <p className="font-semibold">{t("overbooking.heading", { count: stays.length })}</p>
      <ul className="mt-1 list-inside list-disc">
        {stays.map((s) => {
          const text = t("overbooking.item", { code: s.code, guest: s.guest_name, from: formatDate(s.arrival, locale), to: formatDate(s.departure, locale) });
          return (
            <li key={s.reservation_uuid}>
              {linkStays ? (
                <Link to={`/bookings/${s.reservation_uuid}`} className="underline">
                  {text}
                </Link>
              ) : (
                text
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
