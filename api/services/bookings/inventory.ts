import { sql } from "drizzle-orm";
import type { Database } from "#api/db/client.ts";
import { HttpError } from "#api/errors.ts";
import { markNightsChanged, rangesOf } from "#api/services/outbox/nights-changed.ts";
import { pairValues, rowsOf } from "#api/db/query.ts";

/** A change to one category's inventory on one night. */
export interface InventoryDelta {
  categoryId: string;
  night: string;
  sold?: number;
  blocked?: number;
}

export interface InventoryShortage {
  categoryId: string;
  categoryName: string;
  night: string;
  rooms: number;
  sold: number;
  blocked: number;
}

/** 409: a night of the stay has no room left in the category. */
export class NoAvailability extends HttpError {
  constructor(readonly shortages: InventoryShortage[]) {
    const first = shortages[0];
    super(409, "bookings:api.noAvailability", undefined, { night: first?.night ?? "", category: first?.categoryName ?? "" });
  }
}

const key = (categoryId: string, night: string) => `${categoryId}|${night}`;

/**
 * Applies inventory changes inside the caller's transaction, refusing (409, nothing changed)
 * when any night would end with sold + blocked above the category's rooms. The guarantee comes
 * from PostgreSQL: the (category, night) rows are created when missing and locked with
 * SELECT … FOR UPDATE in one global order (category, night) before they are read, so a second
 * writer for the same night waits here and then sees the first one's result. Decreases are
 * never refused (a category shrunk below what is sold still lets bookings be cancelled).
 * `allowOverbooking` (a booking a channel already sold) applies the change anyway and answers
 * the nights that went over. The changed nights go to the channel outbox in the same transaction.
 */
export async function applyInventory(
  tx: Database,
  businessId: string,
  deltas: readonly InventoryDelta[],
  options: { allowOverbooking?: boolean } = {},
): Promise<InventoryShortage[]> {
  const merged = new Map<string, { categoryId: string; night: string; sold: number; blocked: number }>();
  for (const d of deltas) {
    const k = key(d.categoryId, d.night);
    const m = merged.get(k) ?? { categoryId: d.categoryId, night: d.night, sold: 0, blocked: 0 };
    m.sold += d.sold ?? 0;
    m.blocked += d.blocked ?? 0;
    merged.set(k, m);
  }
  const changes = [...merged.values()]
    .filter((c) => c.sold !== 0 || c.blocked !== 0)
    .sort((a, b) => (a.categoryId === b.categoryId ? (a.night < b.night ? -1 : a.night > b.night ? 1 : 0) : a.categoryId < b.categoryId ? -1 : 1));
  if (changes.length === 0) return [];

  const categoryIds = [...new Set(changes.map((c) => c.categoryId))];
  // Shared locks: the rooms cannot change under us, and other bookings are not held up.
  const capacity = await rowsOf<{ id: string; name: string; room_count: number }>(
    tx,
    sql`select id, name, room_count from room_categories
        where business_id = ${businessId} and id in (${sql.join(categoryIds.map((id) => sql`${id}::uuid`), sql`, `)})
        order by id for share`,
  );
  const rooms = new Map(capacity.map((c) => [c.id, Number(c.room_count)]));
  const names = new Map(capacity.map((c) => [c.id, c.name]));
  for (const id of categoryIds) if (!rooms.has(id)) throw new HttpError(404, "bookings:api.categoryNotFound");

  const values = pairValues(changes);
  await tx.execute(
    sql`insert into inventory_nights (category_id, night, business_id)
        select v.category_id, v.night, ${businessId}::uuid from (values ${values}) as v(category_id, night)
        order by v.category_id, v.night
        on conflict do nothing`,
  );
  const locked = await rowsOf<{ category_id: string; night: string; sold: number; blocked: number }>(
    tx,
    sql`select i.category_id, to_char(i.night, 'YYYY-MM-DD') as night, i.sold, i.blocked
        from inventory_nights i join (values ${values}) as v(category_id, night)
          on i.category_id = v.category_id and i.night = v.night
        order by i.category_id, i.night
        for update of i`,
  );
  const current = new Map(locked.map((r) => [key(r.category_id, r.night), r]));
  const shortages: InventoryShortage[] = [];
  for (const c of changes) {
    if (c.sold <= 0 && c.blocked <= 0) continue;
    const row = current.get(key(c.categoryId, c.night));
    const sold = Number(row?.sold ?? 0) + c.sold;
    const blocked = Number(row?.blocked ?? 0) + c.blocked;
    const total = rooms.get(c.categoryId)!;
    if (sold + blocked > total) shortages.push({ categoryId: c.categoryId, categoryName: names.get(c.categoryId) ?? "", night: c.night, rooms: total, sold: Number(row?.sold ?? 0), blocked: Number(row?.blocked ?? 0) });
  }
  if (shortages.length && !options.allowOverbooking) throw new NoAvailability(shortages);

  await tx.execute(
    sql`update inventory_nights i set sold = i.sold + v.sold, blocked = i.blocked + v.blocked
        from (values ${sql.join(
          changes.map((c) => sql`(${c.categoryId}::uuid, ${c.night}::date, ${c.sold}::int, ${c.blocked}::int)`),
          sql`, `,
        )}) as v(category_id, night, sold, blocked)
        where i.category_id = v.category_id and i.night = v.night`,
  );
  await markNightsChanged(tx, businessId, rangesOf(changes.map((c) => c.night)), "inventory");
  return shortages;
}

/**
 * Rebuilds a business's inventory from its reservations and blocks (after a bulk load such as
 * the demo seed, and in tests to prove the counters never drift).
 */
export async function rebuildInventory(tx: Database, businessId: string): Promise<void> {
  await tx.execute(sql`delete from inventory_nights where business_id = ${businessId}`);
  await tx.execute(sql`
    insert into inventory_nights (category_id, night, business_id, sold, blocked)
    select category_id, night, ${businessId}::uuid, sum(sold)::int, sum(blocked)::int from (
      select n.category_id, n.night, 1 as sold, 0 as blocked
        from reservation_nights n where n.business_id = ${businessId} and n.holds
      union all
      select b.category_id, g.night::date, 0, b.count
        from room_blocks b, generate_series(b.starts_at::timestamp, b.ends_at::timestamp, interval '1 day') as g(night)
        where b.business_id = ${businessId}
    ) x group by category_id, night`);
}

/** The counters as they should be, for checks: `{ "category|night": { sold, blocked } }`. */
export async function expectedInventory(db: Database, businessId: string) {
  const rows = await rowsOf<{ category_id: string; night: string; sold: number; blocked: number }>(
    db,
    sql`select category_id, to_char(night, 'YYYY-MM-DD') as night, sum(sold)::int as sold, sum(blocked)::int as blocked from (
      select n.category_id, n.night, 1 as sold, 0 as blocked from reservation_nights n where n.business_id = ${businessId} and n.holds
      union all
      select b.category_id, g.night::date, 0, b.count
        from room_blocks b, generate_series(b.starts_at::timestamp, b.ends_at::timestamp, interval '1 day') as g(night)
        where b.business_id = ${businessId}
    ) x group by category_id, night`,
  );
  return new Map(rows.map((r) => [key(r.category_id, r.night), { sold: Number(r.sold), blocked: Number(r.blocked) }]));
}
