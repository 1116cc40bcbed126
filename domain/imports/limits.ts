/** The largest reservations file an import takes (issue 25): the API refuses beyond, and the web lets it through up to this. */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;
/** The most rows an import takes. */
export const MAX_IMPORT_ROWS = 200_000;
