/**
 * Business-type icons, drawn inline (no icon font, no emoji that a system may lack). The API names
 * the icon after the type's slug; an unknown name gets the hotel building.
 */
const PATHS: Record<string, string> = {
  hotel: "M4 21V4h16v17M2 21h20M9 21v-4h6v4M8 8h2M14 8h2M8 12h2M14 12h2",
  pousada: "M3 11l9-7 9 7M5 9.5V21h14V9.5M10 21v-6h4v6",
  "bed-and-breakfast": "M3 18V7M3 14h18v4M21 14a3 3 0 0 0-3-3h-7v3M6.5 11.5h1.5",
  hostel: "M5 3v18M19 3v18M5 9h14M5 15h14M8 7h3M8 13h3",
  resort: "M12 3v2M5.6 5.6 7 7M3 12h2M19 12h2M17 7l1.4-1.4M8 12a4 4 0 0 1 8 0M3 17c2 0 2-1 4.5-1s2.5 1 4.5 1 2-1 4.5-1 2.5 1 4.5 1M3 21c2 0 2-1 4.5-1s2.5 1 4.5 1 2-1 4.5-1 2.5 1 4.5 1",
  "vacation-rental": "M15 4a5 5 0 1 1-4.5 7.2L4 17.7V20h3v-2h2v-2h2l.8-.8A5 5 0 0 1 15 4zM16.5 7.5h.01",
  motel: "M3 13l2-5h14l2 5v4h-2M3 13v4h2M3 13h18M7 17a2 2 0 1 0 4 0 2 2 0 0 0-4 0M13 17a2 2 0 1 0 4 0 2 2 0 0 0-4 0",
  cabins: "M2 20h20M5 20 12 6l7 14M10 20v-4h4v4M12 3v3",
};

export function BusinessTypeIcon({ name, className = "h-7 w-7" }: { name: string | null | undefined; className?: string }) {
  const path = PATHS[name ?? ""] ?? PATHS.hotel;
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.5} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" className={`${className} text-brand-700`}>
      <path d={path} />
    </svg>
  );
}
