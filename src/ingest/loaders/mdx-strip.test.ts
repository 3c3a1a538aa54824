import { describe, expect, it } from "vitest";
import { stripMdxSyntax } from "./mdx-strip.js";

describe("stripMdxSyntax", () => {
  it("removes imports, exports, JSX tag lines and MDX comments but keeps text and code fences", () => {
    const source = [
      "import {",
      "  Aside,",
      "} from '@astrojs/starlight/components';",
      "export const x = 1;",
      "{/* note */}",
      "<ThemedImage",
      '  alt="diagram"',
      "/>",
      '<Aside type="note">Inline note text</Aside>',
      "Plain paragraph.",
      "```ts",
      'import { a } from "b";',
      "<Foo />",
      "```",
    ].join("\n");
    expect(stripMdxSyntax(source)).toBe(
      ["Inline note text", "Plain paragraph.", "```ts", 'import { a } from "b";', "<Foo />", "```"].join(
        "\n",
      ),
    );
  });
});
