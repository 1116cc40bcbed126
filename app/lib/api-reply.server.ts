import type { Submission, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "zod";
import { apiPathToFieldName, issueToKey } from "#domain/validation";
import { ApiError } from "#app/lib/api.server";

/** How a form names the API's fields, and what it shows. */
export interface ReplyOptions {
  /**
   * The fields the form shows, as Conform names them; list items with empty brackets
   * ("categories[].name" matches "categories[3].name"). An error of any other field goes on top
   * of the form, so no message is lost. Left out: every field error goes beside its field.
   */
  fields?: readonly string[];
  /** Dropped from the API's paths before they are named ("room_setup."). */
  stripPrefix?: string | RegExp;
  /** API path → field name, where the form names a field differently. */
  rename?: Record<string, string>;
  /** Fields whose typed value is not sent back to the browser (passwords). */
  hideFields?: string[];
  /** On top of the form when the refusal names no field (default: the refusal's own message). */
  message?: string;
}

/**
 * An API field path ("room_setup.categories.0.name") as Conform names the field
 * ("categories[0].name"), after dropping `stripPrefix` ("room_setup.").
 */
export function toFieldName(path: string, stripPrefix: string | RegExp = ""): string {
  const rest =
    stripPrefix instanceof RegExp ? path.replace(stripPrefix, "") : stripPrefix && path.startsWith(stripPrefix) ? path.slice(stripPrefix.length) : path;
  return apiPathToFieldName(rest);
}

/**
 * Conform's reply for an API refusal, the one way every form shows it: the API's field errors
 * (already translated) beside the fields, errors of the form as a whole ("_form") and of fields the
 * form does not show on top, and a refusal without field errors (a 409 "no room left") on top.
 */
export function replyWithApiError<T>(submission: Submission<T>, error: ApiError, options: ReplyOptions = {}): SubmissionResult<string[]> {
  const fieldErrors: Record<string, string[]> = {};
  const formErrors: string[] = [];
  for (const [path, messages] of Object.entries(error.errors)) {
    const name = path === "_form" ? null : (options.rename?.[path] ?? toFieldName(path, options.stripPrefix));
    const shown = name !== null && (!options.fields || options.fields.includes(name) || options.fields.includes(name.replace(/\[\d+\]/g, "[]")));
    if (shown) (fieldErrors[name] ??= []).push(...messages);
    else formErrors.push(...messages);
  }
  if (!Object.keys(error.errors).length) formErrors.push(options.message ?? error.message);
  return submission.reply({ fieldErrors, formErrors, hideFields: options.hideFields });
}

/** `error` when it is an API refusal; anything else (a redirect to /login, a bug) is rethrown. */
export function apiRefusal(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  throw error;
}

/**
 * Parses a form with `schema` and hands its value to `send` (a typed API call): what `send`
 * answered and the form's reply once sent, else the reply wrapped by `wrap` with its status
 * (422 when the form is invalid, the API's status when it refuses).
 */
async function submit<S extends z.ZodType, T, W>(formData: FormData, schema: S, send: (value: z.output<S>) => Promise<T>, wrap: (reply: SubmissionResult<string[]>) => W, options?: ReplyOptions) {
  const submission = parseWithZod(formData, { schema, error: issueToKey });
  if (submission.status !== "success") return { refused: data(wrap(submission.reply()), { status: 422 }) } as const;
  try {
    return { answer: await send(submission.value), reply: submission.reply() } as const;
  } catch (error) {
    const refusal = apiRefusal(error);
    return { refused: data(wrap(replyWithApiError(submission, refusal, options)), { status: refusal.status }) } as const;
  }
}

/**
 * Parses a form with `schema` and hands its value to `send` (a typed API call): null once sent,
 * else the form's reply, 422 when the form is invalid or the API's status when it refuses.
 */
export async function sendForm<S extends z.ZodType>(formData: FormData, schema: S, send: (value: z.output<S>) => Promise<unknown>, options?: ReplyOptions) {
  const sent = await submit(formData, schema, send, (reply) => reply, options);
  return "refused" in sent ? sent.refused : null;
}

/**
 * `sendForm` for a page with several forms: a refusal carries the form's `intent` beside its reply
 * (`{ intent, result }`); once sent, what `send` answered and the form's reply.
 */
export async function sendIntentForm<I extends string, S extends z.ZodType, T>(intent: I, formData: FormData, schema: S, send: (value: z.output<S>) => Promise<T>) {
  return submit(formData, schema, send, (result) => ({ intent, result }));
}
