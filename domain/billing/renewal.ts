/**
 * The built-in provider's lifecycle (issue 7): trialing → active → past_due → canceled. At the
 * end of a period the subscription ends (cancel at period end) or the next period is charged; a
 * failed charge makes it past_due, retried on each run until the grace period ends.
 */

import { addDays } from "./periods.ts";

export const PAST_DUE_GRACE_DAYS = 7;

export type LiveStatus = "trialing" | "active" | "past_due";
export type SubscriptionStatus = LiveStatus | "canceled" | "incomplete";

export interface RenewalSubject {
  status: SubscriptionStatus;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  pastDueSince: Date | null;
}

/**
 * - none: nothing is due yet (or the subscription is over);
 * - cancel: the period ended and the owner asked to stop then;
 * - charge: the period ended: bill the next one;
 * - retry: past due within the grace period: try the open invoice again;
 * - expire: past due beyond the grace period: cancel.
 */
export type RenewalAction = "none" | "cancel" | "charge" | "retry" | "expire";

export function isLive(status: string): status is LiveStatus {
  return status === "trialing" || status === "active" || status === "past_due";
}

export function renewalAction(subject: RenewalSubject, now: Date): RenewalAction {
  if (!isLive(subject.status)) return "none";
  if (subject.status === "past_due") {
    const since = subject.pastDueSince ?? subject.currentPeriodEnd;
    if (subject.cancelAtPeriodEnd) return "expire";
    return now.getTime() >= addDays(since, PAST_DUE_GRACE_DAYS).getTime() ? "expire" : "retry";
  }
  if (now.getTime() < subject.currentPeriodEnd.getTime()) return "none";
  return subject.cancelAtPeriodEnd ? "cancel" : "charge";
}

/** The trial length for a plan: its own trial_days when numeric, else the product default. */
export function trialLength(planTrialDays: number | null | undefined, defaultDays: number): number {
  return typeof planTrialDays === "number" && Number.isFinite(planTrialDays) && planTrialDays >= 0 ? planTrialDays : defaultDays;
}
