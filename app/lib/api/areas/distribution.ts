import type { z } from "zod";
import type {
  ChannelMappingJson,
  HotelPoliciesJson,
  RatePlanJson,
  RatePlanRatesJson,
  RatePlanWrittenJson,
  SalesChannelJson,
  SalesChannelWrittenJson,
} from "#contract/distribution";
import type { deletedAnswer } from "#contract/primitives";
import type {
  channelMappingsSchema,
  hotelPoliciesSchema,
  ratePlanRatesQuerySchema,
  ratePlanSchema,
  salesChannelSchema,
  salesChannelUpdateSchema,
} from "#domain/schemas/distribution";
import type { ApiVerbs } from "#app/lib/api/verbs.ts";

/** The distribution calls (docs/api/distribution.md): sales channels, rate plans, channel mappings, hotel policies. */
export function distributionApi(http: ApiVerbs) {
  const base = (businessUuid: string) => `/api/v1/businesses/${businessUuid}`;
  const data = async <T>(path: string) => (await http.get<{ data: T }>(path)).data;
  return {
    /** GET /businesses/{id}/sales-channels. */
    salesChannels: (businessUuid: string) => data<SalesChannelJson[]>(`${base(businessUuid)}/sales-channels`),
    /** GET …/sales-channels/{channel}. */
    salesChannel: (businessUuid: string, channelId: string) => data<SalesChannelJson>(`${base(businessUuid)}/sales-channels/${channelId}`),
    /** POST …/sales-channels (201). */
    createSalesChannel: (businessUuid: string, body: z.input<typeof salesChannelSchema>) =>
      http.post<SalesChannelWrittenJson>(`${base(businessUuid)}/sales-channels`, body),
    /** PUT …/sales-channels/{channel}: the fields given. */
    updateSalesChannel: (businessUuid: string, channelId: string, body: z.input<typeof salesChannelUpdateSchema>) =>
      http.put<SalesChannelWrittenJson>(`${base(businessUuid)}/sales-channels/${channelId}`, body),
    /** GET /businesses/{id}/rate-plans. */
    ratePlans: (businessUuid: string) => data<RatePlanJson[]>(`${base(businessUuid)}/rate-plans`),
    /** GET …/rate-plans/{plan}. */
    ratePlan: (businessUuid: string, planId: string) => data<RatePlanJson>(`${base(businessUuid)}/rate-plans/${planId}`),
    /** POST …/rate-plans (201). */
    createRatePlan: (businessUuid: string, body: z.input<typeof ratePlanSchema>) => http.post<RatePlanWrittenJson>(`${base(businessUuid)}/rate-plans`, body),
    /** PUT …/rate-plans/{plan}. */
    updateRatePlan: (businessUuid: string, planId: string, body: z.input<typeof ratePlanSchema>) =>
      http.put<RatePlanWrittenJson>(`${base(businessUuid)}/rate-plans/${planId}`, body),
    /** DELETE …/rate-plans/{plan}. */
    deleteRatePlan: (businessUuid: string, planId: string) => http.delete<z.infer<typeof deletedAnswer>>(`${base(businessUuid)}/rate-plans/${planId}`),
    /** GET /businesses/{id}/rate-plans/rates: each active plan's rate per night and category, explained. */
    ratePlanRates: (businessUuid: string, query: z.input<typeof ratePlanRatesQuerySchema>) =>
      http.get<RatePlanRatesJson>(`${base(businessUuid)}/rate-plans/rates`, { query }),
    /** GET …/channel-mappings/{channel}: the channel and how its rooms and plans are named there. */
    channelMapping: (businessUuid: string, channelId: string) => http.get<ChannelMappingJson>(`${base(businessUuid)}/channel-mappings/${channelId}`),
    /** PUT …/channel-mappings/{channel}: the whole mapping, replaced at once. */
    saveChannelMapping: (businessUuid: string, channelId: string, body: z.input<typeof channelMappingsSchema>) =>
      http.put<ChannelMappingJson>(`${base(businessUuid)}/channel-mappings/${channelId}`, body),
    /** GET /businesses/{id}/hotel-policies. */
    hotelPolicies: (businessUuid: string) => data<HotelPoliciesJson>(`${base(businessUuid)}/hotel-policies`),
    /** PUT …/hotel-policies. */
    saveHotelPolicies: async (businessUuid: string, body: z.input<typeof hotelPoliciesSchema>): Promise<HotelPoliciesJson> =>
      (await http.put<{ data: HotelPoliciesJson }>(`${base(businessUuid)}/hotel-policies`, body)).data,
  };
}
