// The built stylesheet as a string (Tailwind's Vite plugin compiles app.css for `?inline` too).
import css from "#app/app.css?inline";

export const appStyles: string = css;
