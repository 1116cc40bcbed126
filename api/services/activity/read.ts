import { and, count, desc, eq, isNotNull, sql, type SQL } from "drizzle-orm";
import type { ActivityLogQuery } from "#domain/schemas/activity.ts";
import type { Database } from "#api/db/client.ts";
import { activityLog, type ActivityLogRow } from "#api/db/schema/index.ts";
import { isUuid } from "#domain/text/sanitize.ts";
import { z } from "zod";
import type { activityAnswer, activityPageAnswer } from "#contract/activity.ts";

/** `from`/`to` are the business's calendar days: the day starts at midnight in its time zone. */
function conditions(businessId: string, timezone: string, q: ActivityLogQuery): SQL[] {
  const where: SQL[] = [eq(activityLog.businessId, businessId)];
  if (q.area) where.push(eq(activityLog.area, q.area));
  if (q.actor && isUuid(q.actor)) where.push(eq(activityLog.actorUserId, q.actor));
  else if (q.actor) where.push(eq(activityLog.actorKind, q.actor as ActivityLogRow["actorKind"]));
  if (q.from) where.push(sql`${activityLog.at} >= (${q.from}::date)::timestamp at time zone ${timezone}`);
  if (q.to) where.push(sql`${activityLog.at} < ((${q.to}::date + 1))::timestamp at time zone ${timezone}`);
  return where;
}

export function activityJson(row: ActivityLogRow): z.infer<typeof activityAnswer> {
  return {
    uuid: row.id,
    at: row.at.toISOString(),
    actor: { kind: row.actorKind, user_uuid: row.actorUserId, name: row.actorLabel },
    area: row.area,
    action: row.action,
    entity: { uuid: row.entityId, label: row.entityLabel },
    changes: row.changes,
  };
}

/** One page of a business's activity log, newest first, with the people who appear in it (for the filter). */
export async function activityPage(db: Database, business: { id: string; timezone: string }, q: ActivityLogQuery): Promise<z.infer<typeof activityPageAnswer>> {
  const where = and(...conditions(business.id, business.timezone, q));
  const [rows, [{ total }], people] = await Promise.all([
    db
      .select()
      .from(activityLog)
      .where(where)
      .orderBy(desc(activityLog.at), desc(activityLog.id))
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page),
    db.select({ total: count() }).from(activityLog).where(where),
    // The latest name each person acted under.
    db
      .selectDistinctOn([activityLog.actorUserId], { uuid: activityLog.actorUserId, name: activityLog.actorLabel })
      .from(activityLog)
      .where(and(eq(activityLog.businessId, business.id), isNotNull(activityLog.actorUserId)))
      .orderBy(activityLog.actorUserId, desc(activityLog.at)),
  ]);
  return {
    data: rows.map(activityJson),
    people: people.map((p) => ({ uuid: p.uuid!, name: p.name ?? "" })).sort((a, b) => a.name.localeCompare(b.name)),
    pagination: { page: q.page, per_page: q.per_page, total: Number(total), pages: Math.max(1, Math.ceil(Number(total) / q.per_page)) },
  };
}
