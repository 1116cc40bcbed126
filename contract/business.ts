import { z } from "zod";
import { BUSINESS_EVENT_TYPES, BUSINESS_STATUSES } from "#domain/business/status.ts";
import { timestamp, uuid } from "./primitives.ts";
import { tariffConfigurationAnswer } from "./pricing.ts";

/** A business and its parts as the API answers them (doc({ response }), ADR 0022); api/services/business-json.ts fills them. */

export const businessTypeAnswer = z
  .object({ uuid, slug: z.string(), title: z.string(), description: z.string(), icon: z.string(), is_bnb: z.boolean() })
  .strict();

export type BusinessTypeJson = z.infer<typeof businessTypeAnswer>;

export const pmsAnswer = z
  .object({
    id: z.number().int(),
    name: z.string(),
    settings: z
      .object({
        auth_url: z.string().nullable(),
        /** built_in: Tarifa's own PMS; file: "Import from a file" (the data step waits for a reservations import); credentials: a connector with the fields below. */
        kind: z.enum(["built_in", "file", "credentials"]),
        fields: z.array(z.object({ name: z.string(), label: z.string(), type: z.enum(["text", "password", "url"]), required: z.boolean() }).strict()),
      })
      .strict(),
    image: z.string().nullable(),
    pms_default: z.boolean(),
    is_active: z.boolean(),
    deleted_at: timestamp.nullable(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .strict();

export type PmsJson = z.infer<typeof pmsAnswer>;

export const categoryAnswer = z
  .object({
    uuid,
    name: z.string(),
    room_count: z.number().int(),
    min_occupation: z.number().int(),
    max_occupation: z.number().int(),
    price_variation_type: z.enum(["value", "percentage"]),
    price_variation_value: z.number().int(),
    /** Channel commission in percent (15.5 = 15.5 %). */
    commission: z.number(),
    min_price: z.number().int().nullable(),
    max_price: z.number().int().nullable(),
    position: z.number().int(),
  })
  .strict();

/** A business as a list shows it; GET /businesses/{id} adds the full `tariff_configuration` (businessDetailAnswer). */
export const businessAnswer = z
  .object({
    uuid,
    slug: z.string(),
    status: z.enum(BUSINESS_STATUSES),
    logo: z.string().nullable(),
    logo_filename: z.string().nullable(),
    business_type: businessTypeAnswer.nullable(),
    business_type_uuid: uuid.nullable(),
    corporate_name: z.string().nullable(),
    company_name: z.string(),
    address: z.string().nullable(),
    email: z.string().nullable(),
    phone_number: z.string().nullable(),
    primary_customer_segment: z.string().nullable(),
    room_count: z.number().int(),
    total_rooms: z.number().int(),
    corporate_tax_code: z.string().nullable(),
    country: z.string(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    zip_code: z.string().nullable(),
    website: z.string().nullable(),
    social_media: z.record(z.string(), z.string()),
    fluctuation_level: z.string().nullable(),
    payment_frequency: z.string(),
    accommodation_purpose: z.string().nullable(),
    is_whitelisted: z.boolean(),
    advisory: z.boolean(),
    currency: z.string(),
    timezone: z.string(),
    owner: z.object({ uuid, name: z.string(), surname: z.string(), email: z.string() }).strict().nullable(),
    // Never the credentials: only whether some are stored.
    pms: pmsAnswer.nullable(),
    pms_credentials_saved: z.boolean(),
    room_setup: z.object({ categories: z.array(categoryAnswer) }).strict(),
    /** Lists leave the tariff configuration empty (it is large); GET /businesses/{id} fills it. */
    tariff_configuration: z
      .object({ rooms_tariff: z.null(), fluctuation_levels: z.array(z.never()), sazonalities: z.array(z.never()) })
      .strict(),
    created_at: timestamp,
    updated_at: timestamp,
    /** What the viewer may do here (user.* on this business, plus their admin.*). */
    permissions: z.array(z.string()),
    is_owner: z.boolean(),
    /** Status events the server would accept now (forceStatus, admin-only, left out). */
    allowed_events: z.array(z.enum(BUSINESS_EVENT_TYPES)),
  })
  .strict();

/** One business in full (GET /businesses/{id}): with its tariff configuration. */
export const businessDetailAnswer = businessAnswer.extend({ tariff_configuration: tariffConfigurationAnswer }).strict();

/** `{ business }`, the answer of every business change. */
export const businessEnvelope = z.object({ business: businessAnswer }).strict();

export type CategoryJson = z.infer<typeof categoryAnswer>;

export type BusinessJson = z.infer<typeof businessAnswer>;
