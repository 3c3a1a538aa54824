/** The one error type of the engine. `kind` decides how adapters report it (exit code, HTTP status). */
export type ErrorKind = "user" | "not_found" | "upstream" | "internal";

export class AgrError extends Error {
  readonly code: string;
  readonly kind: ErrorKind;

  constructor(code: string, kind: ErrorKind, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "AgrError";
    this.code = code;
    this.kind = kind;
  }
}

export const userError = (code: string, message: string, cause?: unknown): AgrError =>
  new AgrError(code, "user", message, { cause });

export const notFound = (code: string, message: string, cause?: unknown): AgrError =>
  new AgrError(code, "not_found", message, { cause });

export const internalError = (code: string, message: string, cause?: unknown): AgrError =>
  new AgrError(code, "internal", message, { cause });

/** A one-line, human-readable message for any thrown value (no stack traces). */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message.split("\n")[0] ?? error.name;
  return String(error).split("\n")[0] ?? "unknown error";
}
