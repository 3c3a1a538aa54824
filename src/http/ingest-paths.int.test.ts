import { mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "../ingest/test-helpers.js";
import { rawRequest } from "./raw-request.js";
import { startTestServer, type TestServer } from "./test-server.js";

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer({ embedder: "none" });
}, 60_000);
afterAll(async () => ts?.close());

/** POST /v1/documents {paths: [path]} as an attacker probing the server's disk would send it. */
const probe = async (path: string) => {
  const res = await rawRequest(ts.url, "/v1/documents", {
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ paths: [path] }),
  });
  return { status: res.status, text: res.text };
};

describe("POST /v1/documents {paths}: no file-existence oracle outside the ingest roots", () => {
  it("a path outside the roots gets the same status and body whether the file exists or not", async () => {
    const outside = tempDir("agr-secret-");
    const secret = join(outside, "secret.md");
    const missing = await probe(secret);
    writeFileSync(secret, "# Secret\n\nNot for the API.\n");
    const present = await probe(secret);
    expect(present).toEqual(missing);
    expect(present.status).toBe(403);
    // The same for a whole missing folder chain, and for `..` out of the root.
    const root = ts.config.httpIngestRoots[0] ?? "";
    const viaDots = `${root}/${relative(root, secret)}`;
    expect(await probe(viaDots)).toEqual(present);
    rmSync(outside, { recursive: true });
    expect(await probe(secret)).toEqual(present);
    expect(await probe(viaDots)).toEqual(present);
  });

  it("links inside the root tell nothing about their outside targets either", async () => {
    const root = ts.config.httpIngestRoots[0] ?? "";
    const outside = tempDir("agr-secret-");
    mkdirSync(join(outside, "dir"));
    symlinkSync(join(outside, "gone.md"), join(root, "dangling.md"));
    symlinkSync(join(outside, "there.md"), join(root, "pointing.md"));
    writeFileSync(join(outside, "there.md"), "# There\n");
    symlinkSync(join(outside, "dir"), join(root, "dirlink"));
    writeFileSync(join(outside, "dir", "there.md"), "# There\n");
    const answers = [
      await probe(join(root, "dangling.md")),
      await probe(join(root, "pointing.md")),
      await probe(join(root, "dirlink", "there.md")),
      await probe(join(root, "dirlink", "gone.md")),
    ];
    for (const a of answers) expect(a.status).toBe(403);
    // An existing and a missing target get the same answer; only the name the client sent differs.
    const named = (i: number, name: string) => answers[i]?.text.replaceAll(name, "NAME");
    expect(named(1, "pointing.md")).toBe(named(0, "dangling.md"));
    expect(named(2, "there.md")).toBe(named(3, "gone.md"));
  });

  it("a missing file inside a root still says so (400): the client may see its own folder", async () => {
    const root = ts.config.httpIngestRoots[0] ?? "";
    const res = await probe(join(root, "typo.md"));
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text)).toMatchObject({ error: { code: "bad_path" } });
  });
});
