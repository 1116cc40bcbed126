import type { BusinessStatus } from "#domain/business/status";
import type { ApiClient } from "#app/lib/api.server";
import { listBusinesses } from "#app/lib/business.server";
import { isDraft } from "#app/components/business/next-step";
import type { BusinessJson } from "#app/components/business/types";

/**
 * The business the wizard works on: the selected one while its onboarding is open, otherwise
 * the user's first business still in onboarding, so leaving half-way and coming back never
 * creates a second hotel. Null when there is none (the wizard starts by creating one).
 */
export function findDraft(context: Parameters<typeof listBusinesses>[0]): { draft: BusinessJson | null; selectedUuid: string | null } {
  const { businesses, selectedUuid } = listBusinesses(context);
  const selected = businesses.find((b) => b.uuid === selectedUuid);
  const draft = selected && isDraft(selected.status) ? selected : businesses.find((b) => isDraft(b.status));
  return { draft: draft ?? null, selectedUuid };
}

/** The wizard's business becomes the selected one, so the redirect rules follow it. */
export async function selectDraft(api: ApiClient, draft: BusinessJson, selectedUuid: string | null): Promise<void> {
  if (draft.uuid !== selectedUuid) await api.accounts.selectBusiness(draft.uuid);
}

/** POST onboarding/plan; the business's status after it. */
export async function choosePlan(api: ApiClient, business: BusinessJson, choice: "subscribe" | "easylite"): Promise<BusinessStatus> {
  const answer = await api.onboarding.choosePlan(business.uuid, { choice });
  return answer?.business?.status ?? (choice === "subscribe" ? "SUBSCRIPTION_REQUESTED" : "ONBOARDING_EASY_LITE");
}

/** Easy Lite: choose it (unless already chosen), then finish onboarding; the status after it. */
export async function startEasyLite(api: ApiClient, business: BusinessJson): Promise<BusinessStatus> {
  if (business.status !== "ONBOARDING_EASY_LITE") await choosePlan(api, business, "easylite");
  const answer = await api.onboarding.submit(business.uuid);
  return answer?.business?.status ?? "DATA_LOADED";
}
