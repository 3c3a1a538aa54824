#!/usr/bin/env node
// The project's own local Neo4j 5.26 (Java 17) for tests, CI and users without a server: the
// neo4j jars, APOC core and open-source GDS come from Maven Central (scripts/neo4j/pom.xml) and a
// small Java main (scripts/neo4j/Launcher.java) runs them with Bolt on 127.0.0.1, no auth, no TLS.
//
//   node scripts/neo4j.mjs setup                  jars into .cache/neo4j, Maven repo .cache/m2, javac
//   node scripts/neo4j.mjs start [--port N] [--home DIR] [--json] [--no-plugins] [--heap 1g]
//                                                 detached server; prints {"uri":...,"pid":N} with --json
//   node scripts/neo4j.mjs stop [--port N] [--home DIR]
//   node scripts/neo4j.mjs status [--json]
// Exit code 2 when java/javac (17+) or mvn is missing; 1 on any other failure.
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { servers, start, stop } from "./neo4j/server.mjs";
import { log, MissingTool, setup } from "./neo4j/setup.mjs";

function parseArgs(argv) {
  const o = { json: false, plugins: true };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === "--json") o.json = true;
    else if (a === "--no-plugins") o.plugins = false;
    else if (a === "--port") o.port = Number(value());
    else if (a === "--home") o.home = value();
    else if (a === "--heap") o.heap = value();
    else if (a === "--timeout") o.timeoutMs = Number(value()) * 1000;
    else throw new Error(`unknown option ${a}`);
  }
  if (o.port !== undefined && !(Number.isInteger(o.port) && o.port >= 0 && o.port < 65536))
    throw new Error("--port must be an integer 0-65535");
  return o;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [cmd = "status", ...rest] = process.argv.slice(2);
  try {
    const o = parseArgs(rest);
    if (cmd === "setup") await setup();
    else if (cmd === "start") {
      const s = await start(o);
      if (o.json) process.stdout.write(`${JSON.stringify({ uri: s.uri, pid: s.pid })}\n`);
      else
        process.stdout.write(
          `${s.reused ? "already running" : "started"} ${s.uri} pid ${s.pid} home ${s.home}\n`,
        );
    } else if (cmd === "stop") {
      const was = await stop(o);
      log(was ? "stopped" : "not running");
    } else if (cmd === "status") {
      const list = servers();
      if (o.json) process.stdout.write(`${JSON.stringify(list)}\n`);
      else if (list.length === 0) process.stdout.write("no local Neo4j servers\n");
      else
        for (const s of list)
          process.stdout.write(`${s.pid ? `running ${s.uri} pid ${s.pid}` : "stale pid file"} ${s.home}\n`);
    } else throw new Error(`unknown command ${cmd} (setup | start | stop | status)`);
  } catch (error) {
    log(error instanceof Error ? error.message : String(error));
    process.exit(error instanceof MissingTool ? 2 : 1);
  }
}
