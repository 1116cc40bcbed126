import { eq } from "drizzle-orm";
import type { ApiDeps } from "#api/context.ts";
import type { Database } from "#api/db/client.ts";
import { securityEvents, twoFactorChallenges, twoFactorCredentials, twoFactorRecoveryCodes, users, type UserRow } from "#api/db/schema/index.ts";
import { sendMail, twoFactorResetMail } from "#api/services/mail/index.ts";
import { revokeUserTokens } from "#api/services/tokens.ts";

const label = (u: Pick<UserRow, "name" | "surname" | "email">) => `${u.name ?? ""} ${u.surname ?? ""}`.trim() || u.email;

/**
 * An administrator turns off someone's two-factor sign-in (they lost their phone): the TOTP
 * secret, the recovery codes and any pending sign-in step are deleted and every session of the
 * account ends (a lost phone may be a stolen one, still signed in), all in one transaction with
 * the line of the security log that says who did it. Then the person is told by e-mail, in their
 * language. The caller has checked the administrator may manage this account and is not resetting
 * their own (docs/decisions/0031-admin-two-factor-reset.md).
 */
export async function resetTwoFactor(deps: ApiDeps, target: UserRow, admin: UserRow): Promise<UserRow> {
  const at = deps.now();
  const updated = await deps.db.transaction(async (t) => {
    const tx = t as unknown as Database;
    const codes = await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, target.id)).returning({ usedAt: twoFactorRecoveryCodes.usedAt });
    await tx.delete(twoFactorCredentials).where(eq(twoFactorCredentials.userId, target.id));
    await tx.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, target.id));
    const [row] = await tx.update(users).set({ twoFactorEnabledAt: null, updatedAt: at }).where(eq(users.id, target.id)).returning();
    await revokeUserTokens(tx, target.id, at);
    await tx.insert(securityEvents).values({
      kind: "two_factor_reset",
      userId: target.id,
      userEmail: target.email,
      actorUserId: admin.id,
      actorLabel: label(admin),
      details: { enabled_since: target.twoFactorEnabledAt?.toISOString() ?? null, recovery_codes_left: codes.filter((c) => !c.usedAt).length, sessions_ended: true },
    });
    return row;
  });
  const link = `${deps.config.APP_URL.replace(/\/+$/, "")}/login`;
  await sendMail(deps, { kind: "two_factor_reset", to: target.email, locale: target.preferredLanguage, userId: target.id, mail: twoFactorResetMail(target.preferredLanguage, { name: target.name, link }) });
  return updated;
}
