import { adminBusinessesApi } from "./admin-businesses.ts";
import { adminCommandsApi } from "./admin-commands.ts";
import { adminCouponsApi } from "./admin-coupons.ts";
import { adminHolidaysApi } from "./admin-holidays.ts";
import { adminLearningApi } from "./admin-learning.ts";
import { adminPermissionsApi } from "./admin-permissions.ts";
import { adminUsersApi } from "./admin-users.ts";
import type { ApiVerbs } from "#app/lib/api/verbs.ts";

/** The administrator's calls (/api/v1/admin/*, the /manage pages), one module per sub-area: `api.admin.users.get(id)`. */
export function adminApi(http: ApiVerbs) {
  return {
    users: adminUsersApi(http),
    permissions: adminPermissionsApi(http),
    businesses: adminBusinessesApi(http),
    coupons: adminCouponsApi(http),
    holidays: adminHolidaysApi(http),
    learning: adminLearningApi(http),
    commands: adminCommandsApi(http),
  };
}
