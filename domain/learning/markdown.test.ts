import { describe, expect, it } from "vitest";
import { renderMarkdown } from "./markdown.ts";

describe("renderMarkdown", () => {
  it("keeps ordinary markdown", () => {
    expect(renderMarkdown("# ADR\n\n**Diária média** = receita / noites")).toBe("<h1>ADR</h1>\n<p><strong>Diária média</strong> = receita / noites</p>\n");
  });

  it("drops script elements with their content", () => {
    expect(renderMarkdown("Olá <script>alert(1)</script> mundo")).toBe("<p>Olá  mundo</p>\n");
  });

  it("drops inline event handlers", () => {
    expect(renderMarkdown('<img src="https://example.com/a.png" onerror="alert(1)">')).toBe('<img src="https://example.com/a.png" />');
    expect(renderMarkdown('<a href="https://example.com" onclick="x()">link</a>')).toBe('<p><a href="https://example.com" rel="noopener noreferrer">link</a></p>\n');
  });

  it("drops javascript: links, in markdown and in HTML", () => {
    expect(renderMarkdown("[clique](javascript:alert(1))")).toBe('<p><a rel="noopener noreferrer">clique</a></p>\n');
    expect(renderMarkdown('<a href="JaVaScRiPt:alert(1)">x</a>')).toBe('<p><a rel="noopener noreferrer">x</a></p>\n');
    expect(renderMarkdown("![x](javascript:alert(1))")).toBe('<p><img alt="x" /></p>\n');
  });
});
