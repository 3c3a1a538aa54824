import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.js";
import { dispatchWorkspaces, workspaceDirectory } from "./workspace-dispatch.js";

const config = loadConfig({ workspaces: ["a"], httpApiKeys: ["admin"], httpWorkspaceKeys: ["b:kb"] }, {});
const dir = workspaceDirectory(config);
const apps = new Map(dir.names.map((name) => [name, { fetch: () => new Response(name) }] as const));
const front = dispatchWorkspaces(apps, dir);
const send = async (headers: Record<string, string>) => {
  const res = await front.fetch(new Request("http://x/v1/documents", { headers }));
  return { status: res.status, text: await res.text() };
};

describe("dispatchWorkspaces", () => {
  it("routes by bound key, then by header, else to default", async () => {
    expect(dir.names).toEqual(["default", "a", "b"]);
    expect((await send({ authorization: "Bearer kb" })).text).toBe("b");
    expect((await send({ authorization: "Bearer kb", "x-agr-workspace": "b" })).text).toBe("b");
    expect((await send({ authorization: "Bearer admin", "x-agr-workspace": "a" })).text).toBe("a");
    expect((await send({})).text).toBe("default");
  });

  it("a bound key naming another workspace is 403; an unknown name is 404 without listing names", async () => {
    expect((await send({ authorization: "Bearer kb", "x-agr-workspace": "a" })).status).toBe(403);
    const unknown = await send({ "x-agr-workspace": "zz" });
    expect(unknown.status).toBe(404);
    expect(unknown.text).not.toContain("default");
  });
});
