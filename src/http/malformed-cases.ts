type Body = string | Uint8Array | FormData | ReadableStream<Uint8Array>;

/** One malformed request and the exact refusal it must get. */
export interface MalformedCase {
  name: string;
  method?: "GET" | "POST" | "DELETE" | "PUT";
  path: string;
  /** Omitted: no content-type header. */
  type?: string;
  /** A string is sent as is; a function builds the body against the test server's folders. */
  body?: Body | ((ctx: CaseContext) => Body);
  status: number;
  code: string;
}

export interface CaseContext {
  /** The allowed ingest root. */
  root: string;
}

const JSON_TYPE = "application/json";
const deepArrays = (n: number) => `${"[".repeat(n)}${"]".repeat(n)}`;
const deepObjects = (n: number) => `${'{"a":'.repeat(n)}1${"}".repeat(n)}`;
const chat = (extra: Record<string, unknown>) =>
  JSON.stringify({ model: "agent", messages: [{ role: "user", content: "What is an object?" }], ...extra });
const userSays = (content: unknown) => chat({ messages: [{ role: "user", content }] });

/** A multipart body written by hand, so it can be wrong in ways FormData never is. */
const rawMultipart = (parts: string) => `--agrb\r\n${parts}`;
const form = (name: string, content: string, field = "file") => {
  const f = new FormData();
  f.append(field, new Blob([content]), name);
  return f;
};

const q = (name: string, body: string, status: number, code: string, type = JSON_TYPE): MalformedCase => ({
  name: `query: ${name}`,
  path: "/v1/query",
  method: "POST",
  type,
  body,
  status,
  code,
});
const r = (name: string, body: string, status: number, code: string): MalformedCase => ({
  name: `retrieve: ${name}`,
  path: "/v1/retrieve",
  method: "POST",
  type: JSON_TYPE,
  body,
  status,
  code,
});
const fb = (name: string, body: unknown, status: number, code: string): MalformedCase => ({
  name: `feedback: ${name}`,
  path: "/v1/feedback",
  method: "POST",
  type: JSON_TYPE,
  body: JSON.stringify(body),
  status,
  code,
});
const TRACE = `tr_${"0".repeat(32)}`;
const c = (name: string, body: string, status: number, code: string, type = JSON_TYPE): MalformedCase => ({
  name: `chat: ${name}`,
  path: "/v1/chat/completions",
  method: "POST",
  type,
  body,
  status,
  code,
});
const d = (
  name: string,
  body: MalformedCase["body"],
  status: number,
  code: string,
  type?: string,
): MalformedCase => ({
  name: `documents: ${name}`,
  path: "/v1/documents",
  method: "POST",
  ...(type ? { type } : {}),
  body,
  status,
  code,
});
const get = (name: string, path: string, status: number, code: string, method: "GET" | "DELETE" = "GET") => ({
  name: `${method} ${name}`,
  path,
  method,
  status,
  code,
});

const BAD = "invalid_request";

/** A streamed body: sent with transfer-encoding chunked, so the size is known only by counting. */
function chunked(text: string, size: number): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(at, at + size));
      at += size;
    },
  });
}

/**
 * The malformed-input table: every endpoint, every way a body, a parameter or a header can be
 * wrong. Limits assumed by the suite: httpMaxBodyKb 1024, maxFileMb 1.
 */
export const MALFORMED_CASES: MalformedCase[] = [
  // POST /v1/query: bytes that are not JSON, JSON of the wrong shape, fields out of range.
  q("truncated JSON", '{"question":', 400, "bad_json"),
  q("JS object literal, not JSON", "{question: 'hi'}", 400, "bad_json"),
  q("empty body", "", 400, "bad_json"),
  q("whitespace body", " \n\t ", 400, "bad_json"),
  q("trailing comma", '{"question":"hi",}', 400, "bad_json"),
  q("top-level array", "[]", 400, BAD),
  q("top-level string", '"How?"', 400, BAD),
  q("top-level null", "null", 400, BAD),
  q("top-level number", "42", 400, BAD),
  q("top-level boolean", "true", 400, BAD),
  q("no question", "{}", 400, BAD),
  q("unknown extra field (strict schema)", '{"question":"hi","temperature":0}', 400, BAD),
  q("question is a number", '{"question":7}', 400, BAD),
  q("question is an array", '{"question":["a","b"]}', 400, BAD),
  q("question is an object", '{"question":{"text":"hi"}}', 400, BAD),
  q("empty question", '{"question":""}', 400, BAD),
  q("whitespace question", '{"question":" \\n\\t "}', 400, BAD),
  q("question of 4001 characters", JSON.stringify({ question: "x".repeat(4001) }), 400, BAD),
  q(
    "5 MB question: body over the limit",
    JSON.stringify({ question: "x".repeat(5_000_000) }),
    413,
    "too_large",
  ),
  {
    name: "query: 2 MB chunked body (no content-length) over the limit",
    method: "POST",
    path: "/v1/query",
    type: JSON_TYPE,
    body: () => chunked(JSON.stringify({ question: "y".repeat(2_000_000) }), 64 * 1024),
    status: 413,
    code: "too_large",
  },
  q("unknown mode", '{"question":"hi","mode":"turbo"}', 400, BAD),
  q("mode with a NUL byte", '{"question":"hi","mode":"agent\\u0000"}', 400, BAD),
  q("history is a string", '{"question":"hi","history":"earlier"}', 400, BAD),
  q(
    "history turn with role system",
    '{"question":"hi","history":[{"role":"system","content":"x"}]}',
    400,
    BAD,
  ),
  q(
    "history of 51 turns",
    JSON.stringify({ question: "hi", history: Array(51).fill({ role: "user", content: "x" }) }),
    400,
    BAD,
  ),
  q(
    "history turn with an extra field",
    '{"question":"hi","history":[{"role":"user","content":"x","n":1}]}',
    400,
    BAD,
  ),
  q("100k-deep nested arrays", deepArrays(100_000), 400, BAD),
  q("100k-deep nested objects", deepObjects(100_000), 400, BAD),
  q("duplicate keys: the last (blank) one wins", '{"question":"real","question":"  "}', 400, BAD),
  q("lone surrogate as an unknown key", '{"question":"hi","\\ud800":1}', 400, BAD),
  q(
    "50k unknown keys",
    JSON.stringify({
      question: "hi",
      ...Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`k${i}`, i])),
    }),
    400,
    BAD,
  ),
  q("text/plain", '{"question":"hi"}', 415, "unsupported_media_type", "text/plain"),
  q("no content-type", '{"question":"hi"}', 415, "unsupported_media_type", ""),
  q("application/xml", "<question>hi</question>", 415, "unsupported_media_type", "application/xml"),
  q(
    "multipart/form-data",
    rawMultipart(""),
    415,
    "unsupported_media_type",
    "multipart/form-data; boundary=agrb",
  ),
  {
    name: "query: ?stream=yes",
    method: "POST",
    path: "/v1/query?stream=yes",
    type: JSON_TYPE,
    body: '{"question":"hi"}',
    status: 400,
    code: "invalid_query",
  },

  // POST /v1/retrieve
  r("k = 0", '{"question":"hi","k":0}', 400, BAD),
  r("k = 201", '{"question":"hi","k":201}', 400, BAD),
  r("k = 1.5", '{"question":"hi","k":1.5}', 400, BAD),
  r('k = "5" (a string)', '{"question":"hi","k":"5"}', 400, BAD),
  r("k = 1e308", '{"question":"hi","k":1e308}', 400, BAD),
  r("k = -0.0000001", '{"question":"hi","k":-1e-7}', 400, BAD),
  r("budget = -1", '{"question":"hi","budget":-1}', 400, BAD),
  r('expand = "yes"', '{"question":"hi","expand":"yes"}', 400, BAD),
  r("unknown mode", '{"question":"hi","mode":"bm26"}', 400, BAD),
  r("question null", '{"question":null}', 400, BAD),
  r("NaN literal", '{"question":"hi","k":NaN}', 400, "bad_json"),
  r("100k-deep nested arrays", deepArrays(100_000), 400, BAD),
  r("RTL override in the mode", '{"question":"hi","mode":"\\u202eppr"}', 400, BAD),

  // POST /v1/chat/completions: OpenAI's contract (unknown fields tolerated, unknown model 404).
  c("unknown model", chat({ model: "gpt-4o" }), 404, "model_not_found"),
  c("model with an RTL override", chat({ model: "agent\u202e" }), 404, "model_not_found"),
  c("empty model", chat({ model: "" }), 400, BAD),
  c("model is a number", chat({ model: 4 }), 400, BAD),
  c("no model", JSON.stringify({ messages: [{ role: "user", content: "hi" }] }), 400, BAD),
  c("empty messages", chat({ messages: [] }), 400, BAD),
  c("no messages", JSON.stringify({ model: "agent" }), 400, BAD),
  c("messages is a string", chat({ messages: "hi" }), 400, BAD),
  c(
    "last message from the assistant",
    chat({
      messages: [
        { role: "user", content: "hi" },
        { role: "assistant", content: "hello" },
      ],
    }),
    400,
    BAD,
  ),
  c("only a system message", chat({ messages: [{ role: "system", content: "be brief" }] }), 400, BAD),
  c("content parts without text", userSays([{ type: "text" }]), 400, BAD),
  c("image part only", userSays([{ type: "image_url", image_url: { url: "data:," } }]), 400, BAD),
  c("content is an empty string", userSays(""), 400, BAD),
  c("content is null", userSays(null), 400, BAD),
  c("content is a number", userSays(5), 400, BAD),
  c("unknown role", chat({ messages: [{ role: "robot", content: "hi" }] }), 400, BAD),
  c("n = 2", chat({ n: 2 }), 400, BAD),
  c("temperature = 3", chat({ temperature: 3 }), 400, BAD),
  c("max_tokens = -1", chat({ max_tokens: -1 }), 400, BAD),
  c('stream = "yes"', chat({ stream: "yes" }), 400, BAD),
  c("question of 4001 characters", userSays("x".repeat(4001)), 400, BAD),
  c("201 messages", chat({ messages: Array(201).fill({ role: "user", content: "hi" }) }), 400, BAD),
  c(
    "unknown model with a 100k-deep unknown field",
    `{"model":"nope","messages":[{"role":"user","content":"hi"}],"x":${deepArrays(100_000)}}`,
    404,
    "model_not_found",
  ),
  c("100k-deep nested arrays", deepArrays(100_000), 400, BAD),
  c("truncated JSON", '{"model":"agent","messages":[{"role":"user","content":"hi"}', 400, "bad_json"),
  c("text/plain", chat({}), 415, "unsupported_media_type", "text/plain"),

  // POST /v1/documents: JSON {paths} and multipart uploads.
  d("JSON without paths", "{}", 400, BAD, JSON_TYPE),
  d("JSON with empty paths", '{"paths":[]}', 400, BAD, JSON_TYPE),
  d("JSON paths not strings", '{"paths":[1,2]}', 400, BAD, JSON_TYPE),
  d("JSON with an extra field", '{"paths":["x"],"recursive":true}', 400, BAD, JSON_TYPE),
  d("JSON truncated", '{"paths":["', 400, "bad_json", JSON_TYPE),
  d("JSON top-level array", '["a.md"]', 400, BAD, JSON_TYPE),
  d("JSON 100k-deep nested arrays", deepArrays(100_000), 400, BAD, JSON_TYPE),
  d(
    "JSON {paths} over the JSON body limit",
    JSON.stringify({ paths: Array(600).fill("p".repeat(2000)) }),
    413,
    "too_large",
    JSON_TYPE,
  ),
  d("path outside the allowed roots", '{"paths":["/etc/passwd"]}', 403, "forbidden", JSON_TYPE),
  d(
    "path escaping the root with ..",
    ({ root }) => JSON.stringify({ paths: [`${root}/../../../../../../../../etc/passwd`] }),
    403,
    "forbidden",
    JSON_TYPE,
  ),
  d(
    "path with a NUL byte",
    ({ root }) => JSON.stringify({ paths: [`${root}/a\u0000.md`] }),
    400,
    "bad_path",
    JSON_TYPE,
  ),
  d(
    "path that does not exist",
    ({ root }) => JSON.stringify({ paths: [`${root}/nope.md`] }),
    400,
    "bad_path",
    JSON_TYPE,
  ),
  d("text/plain", "# hi", 415, "unsupported_media_type", "text/plain"),
  d("urlencoded form", "file=x", 415, "unsupported_media_type", "application/x-www-form-urlencoded"),
  d("multipart without a boundary", "garbage", 400, "bad_multipart", "multipart/form-data"),
  d("multipart that does not parse", "garbage", 400, "bad_multipart", "multipart/form-data; boundary=agrb"),
  d(
    "multipart cut off mid-part",
    rawMultipart('Content-Disposition: form-data; name="file"; filename="a.md"\r\n\r\n# cut'),
    400,
    "bad_multipart",
    "multipart/form-data; boundary=agrb",
  ),
  d("multipart without a file field", () => form("a.md", "# hi\n\ntext", "upload"), 400, "no_file"),
  d(
    "multipart file field that is a plain string",
    () => {
      const f = new FormData();
      f.append("file", "# hi");
      return f;
    },
    400,
    "no_file",
  ),
  d("unsupported upload type (.exe)", () => form("setup.exe", "MZ\u0090"), 400, "unsupported_type"),
  d("upload without an extension", () => form("README", "# hi"), 400, "unsupported_type"),
  d("upload named only ..md", () => form("..md", "# hi"), 400, "unsupported_type"),
  d("empty upload", () => form("empty.md", ""), 400, "empty"),
  d("upload over AGR_MAX_FILE_MB", () => form("big.md", "x".repeat(1_600_000)), 413, "too_large"),
  d("upload over the body limit", () => form("huge.md", "x".repeat(3_000_000)), 413, "too_large"),

  // GET /v1/jobs/:id
  get("job id of the wrong form", "/v1/jobs/xyz", 400, "invalid_params"),
  get("job id in upper case", "/v1/jobs/job_ABC", 400, "invalid_params"),
  get("job id with traversal", "/v1/jobs/job_..%2F..%2Fetc", 400, "invalid_params"),
  get("job id with a NUL byte", "/v1/jobs/job_a%00", 400, "invalid_params"),
  get("unknown well-formed job id", "/v1/jobs/job_doesnotexist", 404, "not_found"),
  get("job ?chunks=2", "/v1/jobs/job_doesnotexist?chunks=2", 400, "invalid_query"),

  // GET /v1/graph/...
  get("neighbours: unknown edge type", "/v1/graph/nodes/x/neighbours?edge_type=FOO", 400, "invalid_query"),
  get(
    "neighbours: edge type with an RTL override",
    "/v1/graph/nodes/x/neighbours?edge_type=%E2%80%AEMENTIONS",
    400,
    "invalid_query",
  ),
  get("neighbours: depth 0", "/v1/graph/nodes/x/neighbours?depth=0", 400, "invalid_query"),
  get("neighbours: depth 4", "/v1/graph/nodes/x/neighbours?depth=4", 400, "invalid_query"),
  get("neighbours: depth abc", "/v1/graph/nodes/x/neighbours?depth=abc", 400, "invalid_query"),
  get("neighbours: limit 501", "/v1/graph/nodes/x/neighbours?limit=501", 400, "invalid_query"),
  get("neighbours: limit 1e400", "/v1/graph/nodes/x/neighbours?limit=1e400", 400, "invalid_query"),
  get("neighbours: direction up", "/v1/graph/nodes/x/neighbours?direction=up", 400, "invalid_query"),
  get("neighbours of an unknown node", "/v1/graph/nodes/no-such-node/neighbours", 404, "not_found"),
  get("node: unknown id", "/v1/graph/nodes/no-such-node", 404, "not_found"),
  get("node: NUL byte id", "/v1/graph/nodes/%00", 404, "not_found"),
  get("node: id of 513 characters", `/v1/graph/nodes/${"n".repeat(513)}`, 400, "invalid_params"),

  // GET /v1/traces/:id, DELETE /v1/documents/:id, unknown routes
  get("trace id of the wrong form", "/v1/traces/abc", 400, "invalid_params"),
  get("trace id in upper case", `/v1/traces/tr_${"A".repeat(32)}`, 400, "invalid_params"),
  get("unknown well-formed trace id", `/v1/traces/tr_${"0".repeat(32)}`, 404, "not_found"),
  get("unknown document", "/v1/documents/doc:nope", 404, "not_found", "DELETE"),
  get("document id of 513 characters", `/v1/documents/${"d".repeat(513)}`, 400, "invalid_params", "DELETE"),
  get("document id with traversal", "/v1/documents/..%2F..%2Fgraph.db", 404, "not_found", "DELETE"),
  { name: "PUT /v1/query (no such route)", method: "PUT", path: "/v1/query", status: 404, code: "not_found" },
  get("unknown route", "/v1/nope", 404, "not_found"),

  // The UI's routes: graph search, document source, eval reports, clearing the store
  get("graph search: no q", "/v1/graph/search", 400, "invalid_query"),
  get("graph search: blank q", "/v1/graph/search?q=%20%20", 400, "invalid_query"),
  get("graph search: q of 501 characters", `/v1/graph/search?q=${"q".repeat(501)}`, 400, "invalid_query"),
  get("graph search: unknown label", "/v1/graph/search?q=a&label=Chunk,Bogus", 400, "invalid_query"),
  get("graph search: limit 0", "/v1/graph/search?q=a&limit=0", 400, "invalid_query"),
  get("source of an unknown document", "/v1/documents/doc:nope/source", 404, "not_found"),
  get("source by traversal", "/v1/documents/..%2F..%2Fpackage.json/source", 404, "not_found"),
  get("source id of 513 characters", `/v1/documents/${"d".repeat(513)}/source`, 400, "invalid_params"),
  get("eval chart: traversal name", "/v1/evals/..%2F..%2Fetc/chart.svg", 400, "invalid_params"),
  get("eval chart: unknown report", "/v1/evals/nope/chart.svg", 404, "not_found"),
  get("evals: limit 101", "/v1/evals?limit=101", 400, "invalid_query"),
  get("clear store without confirmation", "/v1/store", 400, "invalid_query", "DELETE"),
  get("clear store, wrong confirmation", "/v1/store?confirm=yes", 400, "invalid_query", "DELETE"),

  // POST /v1/feedback
  fb("nothing to say", { trace_id: TRACE }, 400, "invalid_request"),
  fb("trace id of the wrong form", { trace_id: "abc", helpful: true }, 400, "invalid_request"),
  fb("helpful as a string", { trace_id: TRACE, helpful: "yes" }, 400, "invalid_request"),
  fb("comment of 2001 characters", { trace_id: TRACE, comment: "c".repeat(2001) }, 400, "invalid_request"),
  fb("unknown field", { trace_id: TRACE, helpful: true, rating: 5 }, 400, "invalid_request"),
  fb("unknown well-formed trace id", { trace_id: TRACE, helpful: true }, 404, "unknown_trace"),
];

/** What a refusal's message must never show: stack frames, source paths, store internals. */
export const LEAKS: readonly RegExp[] = [
  /^\s*at\s/m,
  /\bat\s+\S+\s+\(/,
  /\.(?:ts|js|mjs|cjs):\d+/,
  /file:\/\//,
  /\/(?:work|home|usr|tmp|var)\//,
  /node_modules/,
  /\bMATCH \(|\bRETURN [a-z]|Neo\.ClientError|Cypher(?:Syntax)?Error|cypher:/,
  /sqlite/i,
  /\b(?:TypeError|RangeError|SyntaxError|ReferenceError)\b/,
];
