import { parseWithZod } from "@conform-to/zod/v4";
import { forgotPasswordSchema, loginSchema } from "#domain/schemas/auth";
import { issueToKey } from "#domain/validation";

/**
 * Validation of the sign-in and forgotten-password forms, the same in the action and in the
 * browser. The pages import it lazily (app/lib/deferred-module.ts) so zod is not part of their
 * first-load JavaScript; the actions import it as usual.
 */
export const validateLogin = ({ formData }: { formData: FormData }) =>
  parseWithZod(formData, { schema: loginSchema, error: issueToKey });

export const validateForgotPassword = ({ formData }: { formData: FormData }) =>
  parseWithZod(formData, { schema: forgotPasswordSchema, error: issueToKey });
