import type { z } from "zod";
import type { businessEnvelope } from "#contract/business";
import type { PublicInvitationJson } from "#contract/collaborators";
import type { SignInJson, TokenSignedInJson } from "#contract/user";
import type { forgotPasswordSchema, loginSchema, registerSchema, resetPasswordSchema } from "#domain/schemas/auth";
import type { loginTwoFactorSchema } from "#domain/schemas/two-factor";
import type { ApiVerbs } from "#app/lib/api/verbs.ts";

/** Signing in and out, signing up and invitations (spec section 7, "Authentication"). */
export function authApi(http: ApiVerbs) {
  const invitation = (token: string) => `/invitations/${encodeURIComponent(token)}`;
  return {
    /** POST /api/auth/login: a session, or the challenge for the second factor. */
    login: (body: z.input<typeof loginSchema>) => http.post<SignInJson>("/api/auth/login", body),
    /** POST /api/auth/login/two-factor: the session, once the code is right. */
    loginTwoFactor: (body: z.input<typeof loginTwoFactorSchema>) => http.post<TokenSignedInJson>("/api/auth/login/two-factor", body),
    /** POST /api/auth/register (201): the new account, signed in. */
    register: (body: z.input<typeof registerSchema>) => http.post<TokenSignedInJson>("/api/auth/register", body),
    /** POST /api/auth/forgot-password. */
    forgotPassword: async (body: z.input<typeof forgotPasswordSchema>): Promise<void> => {
      await http.post("/api/auth/forgot-password", body);
    },
    /** POST /api/auth/reset-password. */
    resetPassword: async (body: z.input<typeof resetPasswordSchema>): Promise<void> => {
      await http.post("/api/auth/reset-password", body);
    },
    /** POST /api/auth/logout: this session ended. */
    logout: async (): Promise<void> => {
      await http.post("/api/auth/logout");
    },
    /** POST /auth/email/resend: the verification e-mail again. */
    resendVerification: async (): Promise<void> => {
      await http.post("/api/v1/auth/email/resend");
    },
    /** GET /api/invitations/{token} (no sign-in). */
    invitation: async (token: string): Promise<PublicInvitationJson> => (await http.get<{ data: PublicInvitationJson }>(`/api${invitation(token)}`)).data,
    /** POST /invitations/{token}/accept: the business joined. */
    acceptInvitation: (token: string) => http.post<z.infer<typeof businessEnvelope>>(`/api/v1${invitation(token)}/accept`),
  };
}
