import { activityLogQuerySchema } from "#domain/schemas/activity";
import { issueToKey } from "#domain/validation";
import type { ApiClient } from "#app/lib/api.server";
import type { ActivityLogAnswer } from "#app/components/activity/activity-log";

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
  const query: Record<string, string> = { page: String(q.page) };
  for (const key of ["actor", "area", "from", "to"] as const) {
    const value = parsed.success ? parsed.data[key] : undefined;
    if (value) query[key] = value;
  }
  const answer = await api.get<ActivityLogAnswer>(`/api/v1/businesses/${businessId}/activity-log`, { query });
  return { log: answer, filters: { actor: raw.actor ?? "", area: raw.area ?? "", from: raw.from ?? "", to: raw.to ?? "" }, errors };
}
