export type { ChannelMappingView, HotelPoliciesJson, RatePlanJson, SalesChannelJson } from "#contract/distribution";
