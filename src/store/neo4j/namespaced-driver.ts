import type { Driver, ManagedTransaction, Session } from "neo4j-driver";
import { type Namespace, namespaceCypher, namespaceParams } from "./namespace.js";

type Params = Record<string, unknown> | undefined;

/**
 * The driver with every statement rewritten for one workspace (./namespace.ts): sessions,
 * their auto-commit `run`, managed transactions and `executeQuery` all pass through here, so the
 * store's code and Cypher stay the same for every workspace.
 */
export function namespacedDriver(driver: Driver, ns: Namespace): Driver {
  const q = (cypher: string) => namespaceCypher(cypher, ns);
  const p = (params: Params) => namespaceParams(params, ns);
  const wrapTx = (tx: ManagedTransaction): ManagedTransaction =>
    new Proxy(tx, {
      get(target, prop, receiver) {
        if (prop === "run") return (cypher: string, params?: Params) => target.run(q(cypher), p(params));
        return Reflect.get(target, prop, receiver);
      },
    });
  const wrapSession = (session: Session): Session =>
    new Proxy(session, {
      get(target, prop) {
        if (prop === "run")
          return (cypher: string, params?: Params, config?: Parameters<Session["run"]>[2]) =>
            target.run(q(cypher), p(params), config);
        if (prop === "executeRead" || prop === "executeWrite")
          return <T>(
            work: (tx: ManagedTransaction) => Promise<T>,
            config?: Parameters<Session["executeRead"]>[1],
          ) => target[prop]((tx) => work(wrapTx(tx)), config);
        const value: unknown = Reflect.get(target, prop, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  return new Proxy(driver, {
    get(target, prop) {
      if (prop === "session")
        return (...args: Parameters<Driver["session"]>) => wrapSession(target.session(...args));
      if (prop === "executeQuery")
        return (cypher: string, params?: Params, config?: Parameters<Driver["executeQuery"]>[2]) =>
          target.executeQuery(q(cypher), p(params), config);
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
