import type { Database } from "#api/db/client.ts";
import { users } from "#api/db/schema/index.ts";
import { hashPassword } from "#api/services/passwords.ts";
import { enrolWithSecret } from "#api/services/two-factor/store.ts";

export const DEMO_PASSWORD = "Tarifa!2026";
/**
 * The demo administrator's two-factor secret (README.md): administrators must have two-factor
 * sign-in on, so the demo one starts enrolled; add it to an authenticator app to sign in.
 */
export const DEMO_ADMIN_TOTP_SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

/** The demo accounts listed in README.md and printed by `npm start`. */
export const demoUsers = {
  admin: { email: "admin@tarifa.app", name: "Ana", surname: "Administradora", roles: ["administrator"] },
  owner: { email: "dono@pousada-demo.com.br", name: "Otávio", surname: "Proprietário", roles: ["owner"] },
  collaborator: { email: "equipe@pousada-demo.com.br", name: "Camila", surname: "Colaboradora", roles: ["collaborator"] },
} as const;

export async function seedUsers(db: Database, now: Date) {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const rows = await db
    .insert(users)
    .values(
      Object.values(demoUsers).map((u) => ({
        ...u,
        roles: [...u.roles],
        passwordHash,
        emailVerifiedAt: now,
        preferredLanguage: "pt-BR",
        country: "BR",
        features: (u.roles as readonly string[]).includes("owner") ? ["competitors"] : [],
      })),
    )
    .returning();
  const byEmail = (email: string) => rows.find((r) => r.email === email)!;
  await enrolWithSecret(db, byEmail(demoUsers.admin.email).id, DEMO_ADMIN_TOTP_SECRET, now);
  return {
    admin: { ...byEmail(demoUsers.admin.email), twoFactorEnabledAt: now },
    owner: byEmail(demoUsers.owner.email),
    collaborator: byEmail(demoUsers.collaborator.email),
  };
}
