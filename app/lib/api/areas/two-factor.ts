import type { z } from "zod";
import type { recoveryCodesAnswer, TwoFactorStateJson } from "#contract/user";
import type { disableTwoFactorSchema, twoFactorCodeSchema } from "#domain/schemas/two-factor";
import type { ApiVerbs } from "#app/lib/api/verbs.ts";

/** The signed-in user's two-factor calls (docs/api/two-factor.md). */
export function twoFactorApi(http: ApiVerbs) {
  const base = "/api/v1/auth/two-factor";
  const codes = async (path: string, body: z.input<typeof twoFactorCodeSchema>) =>
    (await http.post<{ recovery_codes: z.infer<typeof recoveryCodesAnswer> }>(path, body)).recovery_codes;
  return {
    /** GET /auth/two-factor. */
    state: () => http.get<TwoFactorStateJson>(base),
    /** POST /auth/two-factor (201): an enrolment started (the state then holds its secret). */
    start: async (): Promise<void> => {
      await http.post(base);
    },
    /** POST /auth/two-factor/confirm: on, with the recovery codes shown this once. */
    confirm: (body: z.input<typeof twoFactorCodeSchema>) => codes(`${base}/confirm`, body),
    /** POST /auth/two-factor/recovery-codes: new recovery codes. */
    newRecoveryCodes: (body: z.input<typeof twoFactorCodeSchema>) => codes(`${base}/recovery-codes`, body),
    /** POST /auth/two-factor/disable. */
    disable: async (body: z.input<typeof disableTwoFactorSchema>): Promise<void> => {
      await http.post(`${base}/disable`, body);
    },
  };
}
