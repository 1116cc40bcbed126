import type { NotificationPageJson } from "#contract/notifications";
import type { ApiVerbs } from "#app/lib/api/verbs.ts";

/** The signed-in user's notification centre (docs/api/notifications.md). */
export function notificationsApi(http: ApiVerbs) {
  return {
    /** GET /notifications: one page, of one kind or all, unread only or all. */
    list: (query: { kind?: string; status?: "unread"; page?: number }) => http.get<NotificationPageJson>("/api/v1/notifications", { query }),
    /** POST /notifications/read-all. */
    readAll: async (): Promise<void> => {
      await http.post("/api/v1/notifications/read-all", {});
    },
    /** POST /notifications/{uuid}/read (404 for another user's). */
    read: async (notificationUuid: string): Promise<void> => {
      await http.post(`/api/v1/notifications/${notificationUuid}/read`, {});
    },
  };
}
