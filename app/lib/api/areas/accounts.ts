import type { z } from "zod";
import type { AppStateJson } from "#contract/app-state";
import type { SessionJson } from "#contract/session";
import type { userEnvelope } from "#contract/user";
import type { changePasswordSchema, NotificationPreferences, notificationPreferencesSchema, updateUserSchema } from "#domain/schemas/auth";
import type { ApiVerbs } from "#app/lib/api/verbs.ts";

type UserAnswer = z.infer<typeof userEnvelope>;

/** The signed-in user's own calls (spec section 7, "Users" and "Authentication"). */
export function accountsApi(http: ApiVerbs) {
  const user = (userUuid: string) => `/api/v1/users/${userUuid}`;
  return {
    /** GET /user/app-state: what every signed-in page needs. */
    appState: () => http.get<AppStateJson>("/api/v1/user/app-state"),
    /** PUT /user/selected-business. */
    selectBusiness: async (businessUuid: string): Promise<void> => {
      await http.put("/api/v1/user/selected-business", { business_uuid: businessUuid });
    },
    /** GET /auth/sessions: the user's signed-in devices. */
    sessions: async (): Promise<SessionJson[]> => (await http.get<{ sessions: SessionJson[] }>("/api/v1/auth/sessions")).sessions,
    /** POST /auth/logout-everywhere: every session of the user ended, this one too. */
    signOutEverywhere: async (): Promise<void> => {
      await http.post("/api/v1/auth/logout-everywhere");
    },
    /** POST /auth/change-password. */
    changePassword: async (body: z.input<typeof changePasswordSchema>): Promise<void> => {
      await http.post("/api/v1/auth/change-password", body);
    },
    /** PUT /users/{uuid}: the fields given. */
    update: (userUuid: string, body: z.input<typeof updateUserSchema>) => http.put<UserAnswer>(user(userUuid), body),
    /** POST /users/{uuid}/profile-image (multipart, field `image`). */
    uploadPhoto: (userUuid: string, upload: FormData) => http.post<UserAnswer>(`${user(userUuid)}/profile-image`, upload),
    /** DELETE /users/{uuid}/profile-image. */
    removePhoto: (userUuid: string) => http.delete<UserAnswer>(`${user(userUuid)}/profile-image`),
    /** GET /users/{uuid}/notification-preferences. */
    notificationPreferences: async (userUuid: string): Promise<NotificationPreferences> =>
      (await http.get<{ preferences: NotificationPreferences }>(`${user(userUuid)}/notification-preferences`)).preferences,
    /** PUT /users/{uuid}/notification-preferences: any subset. */
    saveNotificationPreferences: async (userUuid: string, body: z.input<typeof notificationPreferencesSchema>): Promise<void> => {
      await http.put(`${user(userUuid)}/notification-preferences`, body);
    },
  };
}
