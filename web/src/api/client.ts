import type { z } from "zod";
import { ErrorBodySchema } from "./schemas";

const KEY_STORAGE = "agr.apiKey";

/** The API key the Settings tab saved (servers with AGR_HTTP_API_KEYS need one). */
export const apiKey = {
  get: (): string => localStorage.getItem(KEY_STORAGE) ?? "",
  set: (key: string) => (key ? localStorage.setItem(KEY_STORAGE, key) : localStorage.removeItem(KEY_STORAGE)),
};

const WORKSPACE_STORAGE = "agr.workspace";

/** The workspace the switcher chose; "" = the server's default (or the one the key is bound to). */
export const workspace = {
  get: (): string => localStorage.getItem(WORKSPACE_STORAGE) ?? "",
  set: (name: string) =>
    name ? localStorage.setItem(WORKSPACE_STORAGE, name) : localStorage.removeItem(WORKSPACE_STORAGE),
};

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** fetch against the same origin with the saved key; a non-2xx answer throws its {error} message. */
export async function apiFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  // The server refuses form posts (the upload) without it: a cross-site page cannot send it unasked.
  headers.set("x-requested-with", "agr-ui");
  const key = apiKey.get();
  if (key) headers.set("authorization", `Bearer ${key}`);
  const ws = workspace.get();
  if (ws) headers.set("x-agr-workspace", ws);
  const res = await fetch(path, { ...init, headers });
  if (!res.ok) {
    const body: unknown = await res.json().catch(() => undefined);
    const parsed = ErrorBodySchema.safeParse(body);
    throw new ApiError(
      res.status,
      parsed.success ? parsed.data.error.code : "http_error",
      parsed.success ? parsed.data.error.message : `HTTP ${res.status}`,
    );
  }
  return res;
}

/** GET (or any method) returning JSON validated by `schema`. */
export async function getJson<T>(schema: z.ZodType<T>, path: string, init: RequestInit = {}): Promise<T> {
  const res = await apiFetch(path, init);
  return schema.parse(await res.json());
}

export async function postJson<T>(schema: z.ZodType<T>, path: string, body: unknown): Promise<T> {
  return getJson(schema, path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

export interface SseMessage {
  event: string;
  data: string;
}

/** POSTs JSON and yields the text/event-stream's events as they arrive (fetch, so the key header goes too). */
export async function* postSse(
  path: string,
  body: unknown,
  signal?: AbortSignal,
): AsyncGenerator<SseMessage> {
  const res = await apiFetch(path, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "text/event-stream" },
    body: JSON.stringify(body),
    ...(signal ? { signal } : {}),
  });
  if (!res.body) return;
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let cut = buffer.search(/\r?\n\r?\n/);
    while (cut >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut).replace(/^\r?\n\r?\n/, "");
      const message = parseBlock(block);
      if (message) yield message;
      cut = buffer.search(/\r?\n\r?\n/);
    }
  }
}

function parseBlock(block: string): SseMessage | undefined {
  let event = "message";
  const data: string[] = [];
  for (const line of block.split(/\r?\n/)) {
    const m = /^([^:]+):\s?(.*)$/.exec(line);
    if (m?.[1] === "event") event = m[2] ?? "";
    else if (m?.[1] === "data") data.push(m[2] ?? "");
  }
  return data.length ? { event, data: data.join("\n") } : undefined;
}
