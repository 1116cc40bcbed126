/** A stay as searched on the public page: strings as typed, so the form can show them back. */
export interface StaySearch {
  arrival: string;
  departure: string;
  adults: string;
  children: string;
}

/** The query string of a stay, for links between the search, the guest form and back. */
export function stayQuery(search: StaySearch & { category?: string; plan?: string }): string {
  const params = new URLSearchParams({ arrival: search.arrival, departure: search.departure, adults: search.adults, children: search.children });
  if (search.category) params.set("category", search.category);
  if (search.plan) params.set("plan", search.plan);
  return params.toString();
}
