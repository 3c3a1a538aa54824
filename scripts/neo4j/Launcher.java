import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.configuration.connectors.BoltConnector;
import org.neo4j.configuration.connectors.BoltConnectorInternalSettings;
import org.neo4j.configuration.connectors.ConnectorPortRegister;
import org.neo4j.configuration.connectors.ConnectorType;
import org.neo4j.configuration.helpers.SocketAddress;
import org.neo4j.dbms.api.DatabaseManagementService;
import org.neo4j.dbms.api.DatabaseManagementServiceBuilder;
import org.neo4j.io.ByteUnit;
import org.neo4j.kernel.internal.GraphDatabaseAPI;

/**
 * The project's local Neo4j 5.26 server (started by scripts/neo4j.mjs): an embedded DBMS on a home
 * directory with only Bolt, on 127.0.0.1, unencrypted, without auth. Prints one JSON line
 * {"uri":"bolt://127.0.0.1:PORT","pid":N} on stdout once Bolt accepts connections and shuts the DBMS
 * down cleanly on SIGTERM/SIGINT.
 *
 *   java ... Launcher --home DIR --port N [--plugins DIR] [--pagecache 64m]
 */
public final class Launcher {
  public static void main(String[] args) throws Exception {
    Path home = null;
    Path plugins = null;
    int port = 7687;
    String pagecache = "64m";
    for (int i = 0; i + 1 < args.length; i += 2) {
      switch (args[i]) {
        case "--home" -> home = Path.of(args[i + 1]).toAbsolutePath();
        case "--port" -> port = Integer.parseInt(args[i + 1]);
        case "--plugins" -> plugins = Path.of(args[i + 1]).toAbsolutePath();
        case "--pagecache" -> pagecache = args[i + 1];
        default -> throw new IllegalArgumentException("unknown option " + args[i]);
      }
    }
    if (home == null) throw new IllegalArgumentException("--home DIR is required");
    Files.createDirectories(home);
    // Without plugins the plugin directory is an empty one inside the home, never the shared one.
    Path pluginDir = plugins != null ? plugins : Files.createDirectories(home.resolve("plugins"));

    DatabaseManagementService dbms =
        new DatabaseManagementServiceBuilder(home)
            .setConfig(BoltConnector.enabled, true)
            .setConfig(BoltConnector.listen_address, new SocketAddress("127.0.0.1", port))
            .setConfig(BoltConnector.encryption_level, BoltConnector.EncryptionLevel.DISABLED)
            .setConfig(GraphDatabaseSettings.auth_enabled, false)
            .setConfig(GraphDatabaseSettings.pagecache_memory, ByteUnit.parse(pagecache))
            .setConfig(GraphDatabaseSettings.plugin_dir, pluginDir)
            .setConfig(GraphDatabaseSettings.procedure_unrestricted, List.of("apoc.*", "gds.*"))
            // A local dev/test server: no point-in-time recovery, so old transaction logs go.
            .setConfig(GraphDatabaseSettings.keep_logical_logs, "keep_none")
            // A test server holds no long-lived clients: by default shutdown waits ~13 s for Bolt.
            .setConfig(BoltConnectorInternalSettings.thread_pool_shutdown_wait_time, Duration.ofMillis(200))
            .setConfig(BoltConnectorInternalSettings.connection_shutdown_wait_time, Duration.ofMillis(200))
            .build();

    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  dbms.shutdown();
                  stopped.countDown();
                },
                "neo4j-shutdown"));

    // build() returns once the connectors listen; report the port actually bound (port 0 = any).
    GraphDatabaseAPI system = (GraphDatabaseAPI) dbms.database(GraphDatabaseSettings.SYSTEM_DATABASE_NAME);
    var bound =
        system.getDependencyResolver().resolveDependency(ConnectorPortRegister.class).getLocalAddress(ConnectorType.BOLT);
    int boundPort = bound != null ? bound.getPort() : port;
    System.out.println(
        "{\"uri\":\"bolt://127.0.0.1:" + boundPort + "\",\"pid\":" + ProcessHandle.current().pid() + "}");
    System.out.flush();
    stopped.await();
  }
}
