import { cpSync, existsSync } from "node:fs";
import { join, resolve } from "node:path";
import preact from "@preact/preset-vite";
import { defineConfig, type Plugin } from "vite";

const here = import.meta.dirname;
const pdfjs = resolve(here, "../node_modules/pdfjs-dist");

/** pdf.js loads the standard fonts and CMaps of PDFs that do not embed them from these folders. */
function pdfjsAssets(): Plugin {
  return {
    name: "agr-pdfjs-assets",
    apply: "build",
    closeBundle() {
      for (const dir of ["standard_fonts", "cmaps"])
        if (existsSync(join(pdfjs, dir)))
          cpSync(join(pdfjs, dir), join(here, "dist", "pdfjs", dir), { recursive: true });
    },
  };
}

// The UI is static files under web/dist that `agr serve` serves itself; the dev server proxies the API.
export default defineConfig({
  root: here,
  base: "/",
  plugins: [preact(), pdfjsAssets()],
  build: { outDir: "dist", emptyOutDir: true, chunkSizeWarningLimit: 2000, sourcemap: false },
  server: { proxy: { "/v1": "http://127.0.0.1:8080", "/readyz": "http://127.0.0.1:8080" } },
});
