import type { Context } from "hono";
import { Hono } from "hono";
import type { ApiEnv } from "#api/context.ts";
import { parseWith } from "#api/validate.ts";
import { hasPermission } from "#domain/access/permissions.ts";
import { isUuid } from "#domain/text/sanitize.ts";
import type { OutboxRow } from "#api/db/schema/index.ts";
import { notFound } from "#api/errors.ts";
import { optionalUser, type MaybeAuthedEnv } from "#api/middleware/auth.ts";
import { latestMail, mailById } from "#api/services/mail/index.ts";
import { permissionsOf } from "#api/services/permissions.ts";
import { docs } from "#api/openapi/describe.ts";
import { z } from "zod";
import { timestamp } from "#contract/primitives.ts";

const doc = docs("Development mailbox");

const summaryAnswer = z
  .object({
    id: z.uuid(),
    kind: z.string(),
    to: z.string(),
    subject: z.string(),
    locale: z.string(),
    status: z.enum(["queued", "sent", "failed"]),
    created_at: timestamp,
    sent_at: timestamp.nullable(),
  })
  .strict();
const messageAnswer = summaryAnswer.extend({ from: z.string(), text: z.string(), html: z.string(), error: z.string().nullable() }).strict();
/** `?to=` narrows the list to one recipient (case-insensitive). */
const listQuery = z.object({ to: z.string().max(320).optional() });

const summary = (m: OutboxRow): z.infer<typeof summaryAnswer> => ({
  id: m.id,
  kind: m.kind,
  to: m.to,
  subject: m.subject,
  locale: m.locale,
  status: m.status,
  created_at: m.createdAt.toISOString(),
  sent_at: m.sentAt?.toISOString() ?? null,
});

/**
 * The development mailbox: every e-mail the product recorded in the outbox, newest first. It
 * exists only when config.devMailbox is true (by default: no SMTP_URL), else every path is a 404.
 * It shows reset and verification links, so in production it also needs a signed-in
 * administrator holding admin.users (a production box without SMTP must not publish them).
 */
export const devMailboxRoutes = new Hono<MaybeAuthedEnv>()
  .use("/dev/mailbox/*", optionalUser, async (c, next) => {
    const { config, db } = c.var.deps;
    if (!config.devMailbox) throw notFound();
    if (config.isProduction) {
      const user = c.var.user;
      if (!user || !hasPermission(await permissionsOf(db, user), "admin.users")) throw notFound();
    }
    await next();
  })
  .get("/dev/mailbox", doc({ query: listQuery, response: z.object({ messages: z.array(summaryAnswer) }).strict() }), async (c) => {
    const to = parseWith(c as unknown as Context<ApiEnv>, listQuery, c.req.query()).to?.trim().toLowerCase() || undefined;
    const rows = await latestMail(c.var.deps, { to, limit: 100 });
    return c.json({ messages: rows.map(summary) });
  })
  .get("/dev/mailbox/:id", doc({ response: z.object({ message: messageAnswer }).strict() }), async (c) => {
    const id = c.req.param("id");
    const row = isUuid(id) ? await mailById(c.var.deps, id) : undefined;
    if (!row) throw notFound();
    return c.json({ message: { ...summary(row), from: row.from, text: row.text, html: row.html, error: row.error } });
  });
