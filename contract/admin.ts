import { z } from "zod";
import { ROLES } from "#domain/access/permissions.ts";
import { paginated, timestamp } from "./primitives.ts";
import { userAnswer } from "./user.ts";

/** A user as the admin screens see it (doc({ response }), ADR 0022). */
export const adminUserAnswer = userAnswer.extend({ disabled_at: timestamp.nullable() }).strict();
export const adminUserListAnswer = paginated(adminUserAnswer);
export type AdminUserJson = z.infer<typeof adminUserAnswer>;
export type AdminUserListJson = z.infer<typeof adminUserListAnswer>;

export const permissionAnswer = z
  .object({
    uuid: z.uuid(),
    name: z.string(),
    /** In the caller's language; `descriptions` has every language's. */
    description: z.string(),
    descriptions: z.record(z.string(), z.string()),
    guard: z.enum(["admin", "user"]),
    system: z.boolean(),
    users_count: z.number().int().min(0),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .strict();
export const permissionHolderAnswer = z
  .object({ uuid: z.uuid(), name: z.string(), surname: z.string(), email: z.string(), roles: z.array(z.enum(ROLES)), disabled_at: timestamp.nullable(), granted_at: timestamp })
  .strict();
export type PermissionJson = z.infer<typeof permissionAnswer>;
export type PermissionHolderJson = z.infer<typeof permissionHolderAnswer>;
