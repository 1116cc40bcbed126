import { Hono } from "hono";
import { z } from "zod";
import { NOTIFICATION_KINDS, NOTIFICATIONS_PER_PAGE } from "#domain/notifications/kinds.ts";
import { isUuid } from "#domain/text/sanitize.ts";
import { invalid, notFound } from "#api/errors.ts";
import type { AuthedEnv } from "#api/middleware/auth.ts";
import { listNotifications, markAllRead, markRead, unreadCount } from "#api/services/notifications/inbox.ts";
import { notificationTitle } from "#api/services/notifications/notify.ts";
import { docs } from "#api/openapi/describe.ts";
import { notificationAnswer, notificationPageAnswer as listAnswer } from "#contract/notifications.ts";

const doc = docs("Notifications");

const listQuery = z.object({
  kind: z.enum(NOTIFICATION_KINDS as [string, ...string[]]).optional(),
  status: z.enum(["all", "unread"]).default("all"),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(NOTIFICATIONS_PER_PAGE),
});

const unreadAnswer = z.object({ unread_count: z.number().int().min(0) }).strict();
const readAnswer = unreadAnswer.extend({ success: z.literal(true) }).strict();

/**
 * The caller's own notification centre (docs/api/notifications.md). Every query is scoped to
 * the signed-in user: another user's notification answers 404, as one that does not exist.
 */
export const notificationRoutes = new Hono<AuthedEnv>()
  .get("/notifications", doc({ query: listQuery, response: listAnswer }), async (c) => {
    const parsed = listQuery.safeParse(c.req.query());
    if (!parsed.success) throw invalid(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), ["validation.invalid"]])));
    const q = parsed.data;
    const { db } = c.var.deps;
    const [{ rows, total }, unread] = await Promise.all([
      listNotifications(db, c.var.user.id, { kind: q.kind as never, unreadOnly: q.status === "unread", page: q.page, perPage: q.per_page }),
      unreadCount(db, c.var.user.id),
    ]);
    return c.json({
      notifications: rows.map((n): z.infer<typeof notificationAnswer> => ({
        uuid: n.id,
        kind: n.kind,
        title: notificationTitle(c.var.locale, n.kind, { business: n.businessName, ...n.params }),
        params: n.params,
        link: n.link,
        business_uuid: n.businessId,
        business_name: n.businessName,
        read: n.readAt !== null,
        read_at: n.readAt?.toISOString() ?? null,
        created_at: n.createdAt.toISOString(),
      })),
      unread_count: unread,
      pagination: { page: q.page, per_page: q.per_page, total, pages: Math.max(1, Math.ceil(total / q.per_page)) },
    } satisfies z.infer<typeof listAnswer>);
  })

  .get("/notifications/unread-count", doc({ response: unreadAnswer }), async (c) => c.json({ unread_count: await unreadCount(c.var.deps.db, c.var.user.id) }))

  .post("/notifications/read-all", doc({ response: readAnswer.extend({ marked: z.number().int().min(0) }).strict() }), async (c) => {
    const { db, now } = c.var.deps;
    const marked = await markAllRead(db, c.var.user.id, now());
    return c.json({ success: true, marked, unread_count: 0 });
  })

  .post("/notifications/:uuid/read", doc({ response: readAnswer }), async (c) => {
    const id = c.req.param("uuid");
    const { db, now } = c.var.deps;
    if (!isUuid(id) || !(await markRead(db, c.var.user.id, id, now()))) throw notFound();
    return c.json({ success: true, unread_count: await unreadCount(db, c.var.user.id) });
  });
