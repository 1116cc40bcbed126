import { activityLogQuerySchema, type ActivityLogQuery } from "#domain/schemas/activity";
import { issueToKey } from "#domain/validation";
import type { ApiClient } from "#app/lib/api.server";

const FILTERS = ["actor", "area", "from", "to", "page"] as const;

/**
 * One page of a business's activity log for a page's loader: the filters come from the page's
 * own address (a GET form, so it works without JavaScript); a bad one is shown beside its field
 * and left out of the query, never sent on to fail.
 */
export async function loadActivityLog(api: ApiClient, businessId: string, url: URL) {
  const raw: Record<string, string> = {};
  for (const key of FILTERS) {
    const value = url.searchParams.get(key)?.trim();
    if (value) raw[key] = value;
  }
  const errors: Record<string, string[]> = {};
  let parsed = activityLogQuerySchema.safeParse(raw, { error: issueToKey });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "to");
      (errors[field] ??= []).push(issue.message);
      delete raw[field];
    }
    parsed = activityLogQuerySchema.safeParse(raw, { error: issueToKey });
  }
  const q = parsed.success ? parsed.data : { page: 1 };
  const asked = parsed.success ? parsed.data : undefined;
  const query: Partial<ActivityLogQuery> = { page: q.page, actor: asked?.actor || undefined, area: asked?.area || undefined, from: asked?.from || undefined, to: asked?.to || undefined };
  const answer = await api.activity.log(businessId, query);
  return { log: answer, filters: { actor: raw.actor ?? "", area: raw.area ?? "", from: raw.from ?? "", to: raw.to ?? "" }, errors };
}
