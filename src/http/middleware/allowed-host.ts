import { networkInterfaces } from "node:os";
import type { MiddlewareHandler } from "hono";
import { HttpError } from "../http-error.js";

const LOOPBACK = ["localhost", "127.0.0.1", "[::1]"];
const WILDCARD = new Set(["0.0.0.0", "::", "[::]"]);

/** "Name" / "name:port" / "[v6]:port" → lower-case hostname (v6 in brackets) and port ("" = none given). */
export function parseHost(raw: string): { name: string; port: string } | undefined {
  const m = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/i.exec(raw.trim());
  if (!m?.[1]) return undefined;
  return { name: m[1].toLowerCase().replace(/\.$/, ""), port: m[2] ?? "" };
}

/** A bind address only this machine can reach (127.0.0.0/8, ::1, localhost). */
export const isLoopbackHost = (host: string): boolean =>
  /^(localhost|127(\.\d{1,3}){3}|::1|\[::1\])$/i.test(host.trim());

const bracket = (address: string) => (address.includes(":") ? `[${address}]` : address);

/**
 * The names a request's Host may carry: loopback, the bound address (or, bound to every
 * interface, each interface's own address) and the configured allow-list. An IP literal or
 * loopback name cannot be rebound by someone else's DNS, so only the allow-list is checked by port.
 */
export function hostAllowList(
  bound: string,
  allowed: readonly string[],
): (host: string | undefined) => boolean {
  const names = new Set(LOOPBACK);
  const b = bound.toLowerCase();
  if (WILDCARD.has(b)) {
    for (const list of Object.values(networkInterfaces()))
      for (const i of list ?? []) names.add(bracket(i.address.toLowerCase()));
  } else names.add(b.startsWith("[") ? b : bracket(b));
  if (allowed.includes("*")) return () => true;
  const listed = allowed.map(parseHost).filter((h) => h !== undefined);
  return (host) => {
    const h = parseHost(host ?? "");
    if (!h) return false;
    if (names.has(h.name)) return true;
    return listed.some((l) => l.name === h.name && (l.port === "" || l.port === (h.port || "80")));
  };
}

/**
 * DNS rebinding guard: a page at attacker.example whose name the attacker re-points at
 * 127.0.0.1 reaches this server as "same origin", but its requests still say `Host:
 * attacker.example`. Every request, API or UI, whose Host is not one of ours is 403.
 */
export function allowedHost(bound: string, allowed: readonly string[]): MiddlewareHandler {
  const ok = hostAllowList(bound, allowed);
  return async (c, next) => {
    if (!ok(c.req.header("host")))
      throw new HttpError(
        403,
        "forbidden_host",
        "the Host header does not name this server; add the name to AGR_HTTP_ALLOWED_HOSTS to serve it",
      );
    return next();
  };
}
