import { onOccupancyChanged } from "#api/services/bookings/hooks.ts";
import { recordOccupancyChange } from "#api/services/pricing/rates.ts";
import { recommendAfterBooking } from "#api/services/brain/recommendations.ts";

/**
 * The areas that react when a booking, cancellation, block or import moves nights' occupancy, in
 * order: pricing first (occupancy log, rate changes, days to update), then the revenue brain (it
 * reads what pricing wrote). Imported for its effect by the two places that run bookings: the API
 * (api/app.ts) and the background jobs (api/services/jobs/server-jobs.ts).
 */
onOccupancyChanged("pricing", recordOccupancyChange);
onOccupancyChanged("brain", (db, businessId, dates, now) => recommendAfterBooking(db, businessId, dates, now));
