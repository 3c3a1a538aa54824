import { type IncomingHttpHeaders, request } from "node:http";
import { ErrorBodySchema } from "./http-error.js";

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

export interface RawInit {
  method?: string;
  /** Sent as given, Host and Origin included (fetch would replace or drop them). */
  headers?: Record<string, string>;
  body?: string | Uint8Array | FormData;
}

/**
 * One HTTP/1.1 request over a fresh socket with exactly the headers a test names, the way an
 * attacker's browser or script would send them (a rebound DNS name in Host, a foreign Origin).
 */
export async function rawRequest(url: string, path: string, init: RawInit = {}): Promise<RawResponse> {
  const headers: Record<string, string> = { ...init.headers };
  let body: Uint8Array | string | undefined;
  if (init.body instanceof FormData) {
    // The same bytes and boundary a browser's form submission carries.
    const encoded = new Request("http://form.invalid/", { method: "POST", body: init.body });
    body = new Uint8Array(await encoded.arrayBuffer());
    headers["content-type"] ??= encoded.headers.get("content-type") ?? "";
  } else body = init.body;
  if (body !== undefined) headers["content-length"] = String(Buffer.byteLength(body));
  const target = new URL(path, url);
  return new Promise((resolve, reject) => {
    const req = request(
      target,
      { method: init.method ?? (body === undefined ? "GET" : "POST"), headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (d: Buffer) => chunks.push(d));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** The error envelope's code, or undefined when the body is not one. */
export function errorCodeOf(res: RawResponse): string | undefined {
  try {
    return ErrorBodySchema.safeParse(JSON.parse(res.text)).data?.error.code;
  } catch {
    return undefined; // not JSON
  }
}
