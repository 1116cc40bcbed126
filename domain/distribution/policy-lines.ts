/**
 * The hotel policies in sentences, in the reader's language: the same lines on the public booking
 * page and in the confirmation e-mails. `t` reads the `pms` namespace (react-i18next on the page,
 * the API's translator in e-mails); `percent` formats 30 → "30 %" in the reader's locale.
 */
export interface PolicyFacts {
  check_in_from: string;
  check_in_until: string | null;
  check_out_until: string;
  free_cancellation_days: number | null;
  cancellation_policy: string | null;
  no_show_policy: string | null;
  guarantee: string;
  deposit_percent: number;
  children_allowed: boolean;
  children_policy: string | null;
  pets_allowed: boolean;
  pets_policy: string | null;
}

type T = (key: string, values?: Record<string, unknown>) => string;

export function policyLines(p: PolicyFacts, t: T, percent: (value: number) => string): string[] {
  const lines: string[] = [];
  const checkIn = p.check_in_until ? t("policies.checkInWindow", { from: p.check_in_from, until: p.check_in_until }) : t("policies.checkIn", { from: p.check_in_from });
  lines.push(`${checkIn} · ${t("policies.checkOut", { until: p.check_out_until })}`);
  const cancellation = [
    p.free_cancellation_days != null ? t("policies.freeCancellation", { count: p.free_cancellation_days }) : null,
    p.cancellation_policy,
  ].filter(Boolean);
  if (cancellation.length) lines.push(`${t("policies.cancellationLabel")}: ${cancellation.join(" ")}`);
  if (p.no_show_policy) lines.push(t("policies.noShow", { text: p.no_show_policy }));
  if (p.guarantee === "deposit") lines.push(`${t("policies.guaranteeLabel")}: ${t("policies.depositAsked", { percent: percent(p.deposit_percent) })}`);
  else if (p.guarantee !== "none") lines.push(`${t("policies.guaranteeLabel")}: ${t(`guarantee.${p.guarantee}`)}`);
  lines.push(p.children_policy ? t("policies.children", { text: p.children_policy }) : t(p.children_allowed ? "policies.childrenWelcome" : "policies.noChildren"));
  lines.push(p.pets_policy ? t("policies.pets", { text: p.pets_policy }) : t(p.pets_allowed ? "policies.petsWelcome" : "policies.noPets"));
  return lines;
}
