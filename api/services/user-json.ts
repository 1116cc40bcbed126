import type { UserRow } from "../db/schema/index.ts";

/** The user account as the spec's section 3 names its fields. */
export function userJson(user: UserRow, permissions: string[]) {
  return {
    uuid: user.id,
    name: user.name,
    surname: user.surname,
    email: user.email,
    company: user.company,
    phone: user.phone,
    address: user.address,
    state: user.state,
    zip_code: user.zipCode,
    country: user.country,
    preferred_language: user.preferredLanguage,
    profile_img_filename: user.profileImgFilename,
    email_verified_at: user.emailVerifiedAt?.toISOString() ?? null,
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
    roles: user.roles,
    permissions: permissions.map((name) => ({ name })),
    features: user.features,
    /** Two-factor sign-in is on (administrators must turn it on before any administration). */
    two_factor_enabled: !!user.twoFactorEnabledAt,
  };
}

export type UserJson = ReturnType<typeof userJson>;
