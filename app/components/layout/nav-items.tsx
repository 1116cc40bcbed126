import { NavLink, useLocation } from "react-router";

export interface NavItem {
  /** Whether the user may open the page (its guard would let them in). */
  show: boolean;
  to: string;
  label: string;
  /** Lit only on `to` itself, not on the pages below it. */
  end?: boolean;
  /** Paths below `to` on which the entry is not lit (another entry stands for them). */
  notActiveOn?: string[];
}

/** Sidebar entries as list items: only those shown, each a NavLink lit on its pages. */
export function NavItems({ items, className }: { items: NavItem[]; className: string }) {
  const { pathname } = useLocation();
  return (
    <>
      {items
        .filter((i) => i.show)
        .map((i) => (
          <li key={i.to}>
            <NavLink
              to={i.to}
              end={i.end}
              className={(state) => (state.isActive && !i.notActiveOn?.includes(pathname) ? `${className} active` : className)}
            >
              {i.label}
            </NavLink>
          </li>
        ))}
    </>
  );
}
