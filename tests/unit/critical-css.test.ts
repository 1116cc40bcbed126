import { describe, expect, it } from "vitest";
import { criticalCss, parseStylesheet } from "#app/lib/critical-css.server.ts";

// Shaped as Tailwind 4 writes the built stylesheet: layers, escaped variant classes, nested at-rules.
const CSS = [
  "@layer properties{@supports (x:y){*,:before{--tw-a:initial;--tw-b:0}}}",
  "@layer theme{:root,:host{--color-x:#000;--color-unused:#fff;--font-a:var(--font-b);--font-b:serif}}",
  "@layer base{*,:after{box-sizing:border-box}a{color:inherit}hr,abbr:where([title]){height:0}:-moz-focusring:where(:not(iframe)){outline:auto}",
  ":where(select:is([multiple],[size])) optgroup{font-weight:bolder}::file-selector-button{margin:0}::-webkit-datetime-edit{padding:0}",
  "@supports (not (x:y)){::placeholder{color:currentColor}}}",
  "@layer components{.grid-a td{padding:0}.grid-a .today,.other .today{color:red}}",
  "@layer utilities{.block{display:block;color:var(--color-x)}.font-a{font-family:var(--font-a)}.spin{--tw-a:1;animation:spin 1s}.hidden{display:none}.md\\:block{@media (width>=48rem){display:block}}",
  ".hover\\:bg-x{&:hover{@media (hover:hover){background:red}}}.h-1\\.5{height:.375rem}.\\32xl\\:p-4{padding:1rem}.min-h-\\[44px\\]{min-height:44px}",
  // As the minified build groups variants: one block per breakpoint or condition, many classes inside.
  "@media(min-width:40rem){.sm\\:flex{display:flex}.sm\\:grid{display:grid}}@supports (color:color-mix(in lab,red,red)){.bg-x\\/60{color:red}}@media(hover:hover){.hover\\:y:hover{color:blue}}}",
  "@property --tw-a{syntax:\"*\";inherits:false}@keyframes spin{to{transform:rotate(360deg)}}",
].join("");

describe("the part of the stylesheet a document uses", () => {
  const parsed = parseStylesheet(CSS);

  it("keeps the layers without class rules whole, the class rules the markup names, and what follows", () => {
    const html = '<html><body class="block md:block h-1.5 2xl:p-4 min-h-[44px] sm:flex bg-x/60"><table class="grid-a"><td class="today">1</td></table></body></html>';
    const css = criticalCss(parsed, html);
    // No kept rule mentions --tw-a or --tw-b: the properties' fallbacks go with them.
    expect(css.startsWith("@layer theme{:root,:host{--color-x:#000}}@layer base{*,:after{box-sizing:border-box}")).toBe(true);
    expect(css).toContain(".block{display:block;color:var(--color-x)}");
    expect(css).toContain(".md\\:block{@media (width>=48rem){display:block}}");
    expect(css).toContain(".h-1\\.5{height:.375rem}");
    expect(css).toContain(".\\32xl\\:p-4{padding:1rem}");
    expect(css).toContain(".min-h-\\[44px\\]{min-height:44px}");
    expect(css).toContain(".grid-a td{padding:0}");
    // A selector list is kept when one of its alternatives matches.
    expect(css).toContain(".grid-a .today,.other .today{color:red}");
    expect(css).not.toContain(".hidden");
    expect(css).not.toContain("hover\\:bg-x");
    // A breakpoint's group keeps only the classes the markup names; a group with none goes.
    expect(css).toContain("@media(min-width:40rem){.sm\\:flex{display:flex}}");
    expect(css).not.toContain("sm\\:grid");
    expect(css).toContain("@supports (color:color-mix(in lab,red,red)){.bg-x\\/60{color:red}}");
    expect(css).not.toContain("@media(hover:hover)");
    // No kept rule reads --tw-a: its @property goes; the keyframes are kept whole.
    expect(css.endsWith("}}@keyframes spin{to{transform:rotate(360deg)}}")).toBe(true);
    expect(css).not.toContain("@property");
  });

  it("keeps a theme value another kept one reads, and an @property a kept rule uses", () => {
    const css = criticalCss(parsed, '<p class="font-a spin">x</p>');
    expect(css).toContain("@layer theme{:root,:host{--font-a:var(--font-b);--font-b:serif}}");
    expect(css).toContain('@property --tw-a{syntax:"*";inherits:false}');
    expect(css).not.toContain("--color-unused");
  });

  it("keeps the base rules of the elements the markup has, and the fallbacks of the properties kept rules use", () => {
    const css = criticalCss(parsed, '<p class="spin"><a href="/">x</a><select multiple><optgroup label="g"></optgroup></select><input type="month" placeholder="m"></p>');
    expect(css).toContain("@layer properties{@supports (x:y){*,:before{--tw-a:initial}}}");
    expect(css).not.toContain("--tw-b");
    expect(css).toContain("@layer base{*,:after{box-sizing:border-box}a{color:inherit}:-moz-focusring:where(:not(iframe)){outline:auto}");
    expect(css).toContain(":where(select:is([multiple],[size])) optgroup{font-weight:bolder}");
    // A month field draws the date parts; a placeholder shows.
    expect(css).toContain("::-webkit-datetime-edit{padding:0}@supports (not (x:y)){::placeholder{color:currentColor}}}");
    expect(css).not.toContain("hr,abbr");
    expect(css).not.toContain("::file-selector-button");

    const bare = criticalCss(parsed, '<p class="spin">x<input type="file"></p>');
    expect(bare).toContain("@layer base{*,:after{box-sizing:border-box}:-moz-focusring:where(:not(iframe)){outline:auto}::file-selector-button{margin:0}}");
    expect(bare).not.toContain("optgroup");
    expect(bare).not.toContain("::placeholder");
  });

  it("leaves a class rule out when one of the classes its selector needs is absent", () => {
    const css = criticalCss(parsed, '<p class="today">x</p>');
    expect(css).not.toContain(".grid-a");
    expect(css).not.toContain("@layer components");
    expect(css).not.toContain(".block{");
  });
});
