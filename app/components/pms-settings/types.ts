export type { SalesChannelJson } from "../../../api/services/distribution/sales-channels";
export type { RatePlanJson } from "../../../api/services/distribution/rate-plans";
export type { HotelPoliciesJson } from "../../../api/services/distribution/hotel-policies";
export type { ChannelMappingView } from "../../../api/services/distribution/channel-mappings";
