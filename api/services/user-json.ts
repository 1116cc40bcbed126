import type { Feature, Role } from "#domain/access/permissions.ts";
import type { UserRow } from "#api/db/schema/index.ts";
import type { UserJson } from "#contract/user.ts";

export function userJson(user: UserRow, permissions: string[]): UserJson {
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
    preferred_language: user.preferredLanguage as UserJson["preferred_language"],
    profile_img_filename: user.profileImgFilename,
    email_verified_at: user.emailVerifiedAt?.toISOString() ?? null,
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
    roles: user.roles as Role[],
    permissions: permissions.map((name) => ({ name })),
    features: user.features as Feature[],
    two_factor_enabled: !!user.twoFactorEnabledAt,
  };
}
