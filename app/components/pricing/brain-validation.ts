import { parseWithZod } from "@conform-to/zod/v4";
import { brainEventSchema, brainSettingsSchema } from "#domain/schemas/brain";
import { issueToKey } from "#domain/validation";

/**
 * Client-side validation of /recommendations' settings and event forms. The page imports it once
 * it is interactive (app/lib/deferred-module.ts, ADR 0009), so zod is not part of its first-load
 * JavaScript; until it arrives a submit goes to the action, which validates the same schemas.
 */
export const validateBrainSettings = ({ formData }: { formData: FormData }) => parseWithZod(formData, { schema: brainSettingsSchema, error: issueToKey });

export const validateBrainEvent = ({ formData }: { formData: FormData }) => parseWithZod(formData, { schema: brainEventSchema, error: issueToKey });
