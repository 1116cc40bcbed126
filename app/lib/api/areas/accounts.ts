import type { AppStateJson } from "#contract/app-state";
import type { SessionJson } from "#contract/session";
import type { ApiVerbs } from "#app/lib/api/verbs.ts";

/** The signed-in user's own calls (spec section 7, "Users" and "Authentication"). */
export function accountsApi(http: ApiVerbs) {
  return {
    /** GET /user/app-state: what every signed-in page needs. */
    appState: () => http.get<AppStateJson>("/api/v1/user/app-state"),
    /** PUT /user/selected-business. */
    selectBusiness: async (businessUuid: string): Promise<void> => {
      await http.put("/api/v1/user/selected-business", { business_uuid: businessUuid });
    },
    /** GET /auth/sessions: the user's signed-in devices. */
    sessions: async (): Promise<SessionJson[]> => (await http.get<{ sessions: SessionJson[] }>("/api/v1/auth/sessions")).sessions,
  };
}
